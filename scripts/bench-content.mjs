// Explicit-content classifier: refusals and cost per photo over the face fixtures and the demo
// catalogue. Prints one line per photo set and a summary; run: npm run bench:content
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DEMO_PORTRAITS_DIR, FACES_DIR, REPO_ROOT } from '../fixtures/index.mjs';
import { register } from 'tsx/esm/api';

register();
const { createContentChecker, explicitScore, EXPLICIT_THRESHOLD } = await import('../packages/engine/src/index.ts');

const sets = [FACES_DIR, DEMO_PORTRAITS_DIR];
const threshold = Number(process.env.CONTENT_EXPLICIT_THRESHOLD ?? EXPLICIT_THRESHOLD);

const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;

const checker = createContentChecker();
const loadMs = await checker.warm();
// The classifier is its own process: its resident memory, read from /proc once the model is in.
const rssOf = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const all = { model: [], total: [] };
let refused = 0;
let worst = { score: 0, file: '' };
for (const dir of sets) {
  const files = readdirSync(dir).filter((f) => /\.(jpe?g|png|webp)$/i.test(f)).sort();
  let setRefused = 0;
  const model = [];
  for (const f of files) {
    const body = readFileSync(path.join(dir, f));
    const t0 = performance.now();
    const s = await checker.classify(body);
    const total = performance.now() - t0;
    const score = explicitScore(s);
    if (score >= threshold) {
      setRefused++;
      console.log(`  REFUSED ${f} explicit=${score.toFixed(3)}`);
    }
    if (score > worst.score) worst = { score, file: f };
    model.push(s.ms);
    all.model.push(s.ms);
    all.total.push(total);
  }
  refused += setRefused;
  console.log(`${path.relative(REPO_ROOT, dir)}: ${files.length} photos, ${setRefused} refused, model ${mean(model).toFixed(0)} ms mean`);
}
const classifierRssMb = rssOf(checker.pid());
await checker.close();
console.log(
  JSON.stringify(
    {
      photos: all.total.length,
      refused,
      threshold,
      highestExplicit: { score: Number(worst.score.toFixed(4)), file: worst.file },
      loadMs: Math.round(loadMs),
      modelMs: { mean: Math.round(mean(all.model)), p50: Math.round(pct(all.model, 50)), p95: Math.round(pct(all.model, 95)) },
      perPhotoMs: { mean: Math.round(mean(all.total)), p50: Math.round(pct(all.total, 50)), p95: Math.round(pct(all.total, 95)) },
      classifierProcessRssMb: Math.round(classifierRssMb),
    },
    null,
    2,
  ),
);
