#!/usr/bin/env node
// Rebuilds the test clips in fixtures/video/ from the fixture portraits (fixtures/sfhq-hires,
// synthetic faces whose licence allows crops and edits): each frame is drawn with sharp and piped
// to ffmpeg with a sine tone for sound. 640×360 at 24 fps, 2.5 s, H.264 at CRF 30 unless named
// otherwise. Then each clip is read back: its faces counted in its first and middle frames, and
// four frames a second scored by the explicit-content classifier, which must let every clip through.
//
//   node scripts/make-video-clips.mjs            # every clip
//   node scripts/make-video-clips.mjs talking    # only those whose file name contains a word
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { register } from 'tsx/esm/api';
import { REPO_ROOT } from '../fixtures/index.mjs';
import { decodeFrames, encodeFrames, probeVideo } from './lib-ffmpeg.mjs';
import { handShape, hires, portraitScene, relit, sideBySide, storedQuarterTurn, turned, windowOf, withOverlay } from './lib-video-scenes.mjs';

// The moving mouth and the face count use the engine, which is TypeScript.
register();
const { talkingFace } = await import('./lib-talking-face.mjs');
const { CLASSIFIER_SIDE, EXPLICIT_THRESHOLD, createContentChecker, detectFaces, explicitScore } = await import('../packages/engine/src/index.ts');

const OUT_DIR = join(REPO_ROOT, 'fixtures', 'video');
const W = 640, H = 360, FPS = 24, FRAMES = 60;
const out = { width: W, height: H };
/** 0 → 1 → 0 over the clip, smooth at both ends. */
const ease = (t) => (1 - Math.cos(Math.PI * t)) / 2;

/** Each clip: its file, the faces it shows, and its frame `k` of FRAMES (t = k / (FRAMES - 1)). */
const CLIPS = [
  {
    file: 'pan.mp4', faces: 1,
    async setup() { return portraitScene(hires('sfhq-2x4-r2c3.jpg'), { width: 1200, height: H, photoHeight: 300 }); },
    frame: (scene, t) => windowOf(scene, { x: 80 + 400 * ease(t), y: 0, w: W, h: H }),
  },
  {
    file: 'zoom.mp4', faces: 1,
    async setup() { return portraitScene(hires('sfhq-2x4-r1c1.jpg'), { width: 1280, height: 720, photoHeight: 380 }); },
    frame(scene, t) {
      const s = 1 + ease(t);
      const w = 1280 / s, h = 720 / s;
      // Toward the face, which sits a little below the photo's middle.
      return windowOf(scene, { x: 640 - w / 2, y: Math.min(720 - h, Math.max(0, 380 - h / 2)), w, h }, out);
    },
  },
  {
    file: 'rotate.mp4', faces: 1,
    async setup() { return portraitScene(hires('sfhq-2x4-r2c2.jpg'), { width: 960, height: 640, photoHeight: 330 }); },
    frame: (scene, t) => turned(scene, 14 * Math.sin(2 * Math.PI * t), out),
  },
  {
    file: 'light.mp4', faces: 1,
    async setup() { return portraitScene(hires('sfhq-2x4-r1c2.jpg'), { width: W, height: H, photoHeight: 330 }); },
    frame: (scene, t) => relit(scene, 1 - 0.5 * Math.sin(Math.PI * t), 0.8 * Math.sin(2 * Math.PI * t)),
  },
  {
    file: 'hand.mp4', faces: 1,
    async setup() { return { scene: await portraitScene(hires('sfhq-3x6-r2c2.jpg'), { width: W, height: H, photoHeight: 330 }), hand: await handShape(280) }; },
    frame: ({ scene, hand }, t) => withOverlay(scene, hand, Math.round(-200 + 860 * t), 120),
  },
  {
    file: 'two-people.mp4', faces: 2,
    async setup() { return sideBySide([hires('sfhq-2x4-r1c4.jpg'), hires('sfhq-3x6-r2c3.jpg')], { cellWidth: 340, height: H }); },
    frame: (scene, t) => windowOf(scene, { x: 40 * ease(t), y: 0, w: W, h: H }),
  },
  {
    file: 'talking.mp4', faces: 1,
    async setup() { return talkingFace(await portraitScene(hires('sfhq-2x4-r1c3.jpg'), { width: W, height: H, photoHeight: 340 })); },
    // About five syllables a second, each opening the mouth and shutting it again.
    frame: (say, t) => say(Math.max(0, Math.sin(2 * Math.PI * 2.4 * t * 2.5)) ** 0.8),
  },
  {
    // A phone's portrait clip: stored turned a quarter anticlockwise, flagged to be turned back when
    // shown. ffmpeg's rotate tag counts the other way: 270 is the -90° ffprobe reads on phones' clips.
    file: 'rotated-flag.mp4', faces: 1, width: H, height: W,
    async setup() { return portraitScene(hires('sfhq-2x4-r1c4.jpg'), { width: H, height: 720, photoHeight: 360 }); },
    frame: async (scene, t) => storedQuarterTurn(await windowOf(scene, { x: 0, y: 80 * ease(t), w: H, h: W }), H, W),
    rotate: 270,
  },
  { file: 'talking.webm', faces: 1, like: 'talking.mp4', codec: 'vp9' },
  { file: 'zoom.mov', faces: 1, like: 'zoom.mp4' },
];

async function* framesOf(clip, state) {
  for (let k = 0; k < FRAMES; k++) yield clip.frame(state, k / (FRAMES - 1));
}

async function facesIn(frame) {
  const png = await sharp(frame.data, { raw: { width: frame.width, height: frame.height, channels: 3 } }).png().toBuffer();
  return (await detectFaces(png)).faces.filter((f) => !f.tooSmall);
}

const classifier = createContentChecker();
async function explicitIn(frame) {
  const rgb = await sharp(frame.data, { raw: { width: frame.width, height: frame.height, channels: 3 } }).resize(CLASSIFIER_SIDE, CLASSIFIER_SIDE, { fit: 'fill' }).raw().toBuffer();
  return explicitScore(await classifier.classify({ rgb }));
}

const only = process.argv.slice(2);
mkdirSync(OUT_DIR, { recursive: true });
let total = 0;
for (const entry of CLIPS) {
  if (only.length && !only.some((w) => entry.file.includes(w))) continue;
  const clip = entry.like ? { ...CLIPS.find((c) => c.file === entry.like), ...entry } : entry;
  const file = join(OUT_DIR, clip.file);
  const state = await clip.setup();
  // Frames as stored: a flagged clip's are on their side.
  const [sw, sh] = clip.rotate ? [W, H] : [clip.width ?? W, clip.height ?? H];
  await encodeFrames({ out: file, width: sw, height: sh, fps: FPS, frames: framesOf(clip, state), codec: clip.codec, rotate: clip.rotate });
  const facts = probeVideo(file);
  const counts = [];
  let explicit = 0;
  let k = 0;
  for await (const frame of decodeFrames(file)) {
    if (k % (FPS / 4) === 0) explicit = Math.max(explicit, await explicitIn(frame));
    if (k === 0 || k === FRAMES / 2) counts.push((await facesIn(frame)).map((f) => `${Math.round(f.box.height)} px, roll ${Math.round(f.rotation.roll)}°`));
    k += 1;
  }
  const bytes = statSync(file).size;
  total += bytes;
  const seen = counts.map((c) => `${c.length} (${c.join('; ') || '-'})`).join(' / ');
  console.log(`${clip.file.padEnd(18)} ${String(Math.round(bytes / 1024)).padStart(4)} KB  ${facts.width}×${facts.height} ${facts.codec}+${facts.audio} ${facts.duration.toFixed(2)} s rotation ${facts.rotation}  faces first/middle: ${seen}  explicit ≤ ${explicit.toFixed(2)}`);
  if (counts[0].length !== clip.faces) console.warn(`  ${clip.file}: expected ${clip.faces} face(s) in the first frame`);
  // A swap of a clip the classifier refuses fails before it starts: no test could use it.
  if (explicit >= EXPLICIT_THRESHOLD) console.warn(`  ${clip.file}: the explicit-content check would refuse it (${explicit.toFixed(2)})`);
}
await classifier.close();
console.log(`total ${Math.round(total / 1024)} KB in ${OUT_DIR}`);
process.exit(0);
