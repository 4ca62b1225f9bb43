#!/usr/bin/env node
// Creates a face swap with a Visage API key, waits for it and saves the result. Node 20+, no
// dependencies (fetch, FormData and Blob are built in).
//
//   node examples/swap-with-key.mjs <base-url> <api-key> <face-photo> <target-photo> [result.jpg]
//   node examples/swap-with-key.mjs https://visage.example "$VISAGE_KEY" me.jpg beach.jpg
//
// The key is created on the account page (/app/account, "API keys"). The API is described at
// <base-url>/developers and <base-url>/app/api/v1/openapi.json.
import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';

const [baseArg, key, facePath, targetPath, outPath = 'swap-result.jpg'] = process.argv.slice(2);
if (!baseArg || !key || !facePath || !targetPath) {
  console.error('usage: node examples/swap-with-key.mjs <base-url> <api-key> <face-photo> <target-photo> [result.jpg]');
  process.exit(2);
}
const base = baseArg.replace(/\/+$/, '');
const POLL_MS = 1000;
const GIVE_UP_MS = 10 * 60_000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** One call with the key; waits and tries again when the key's rate limit says so (429 Retry-After). */
async function call(path, init = {}) {
  for (;;) {
    const res = await fetch(`${base}${path}`, { ...init, headers: { ...init.headers, authorization: `Bearer ${key}` } });
    if (res.status !== 429) return res;
    const wait = Number(res.headers.get('retry-after') ?? '1');
    console.error(`rate limited, waiting ${wait} s`);
    await sleep(wait * 1000);
  }
}

/** The answer's JSON, or an error naming the API's stable error code. */
async function json(res) {
  const body = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${res.status} ${body?.error?.code ?? 'error'}: ${body?.error?.message ?? res.statusText}`);
  return body;
}

async function photo(path) {
  const type = extname(path).toLowerCase() === '.png' ? 'image/png' : 'image/jpeg';
  return new Blob([await readFile(path)], { type });
}

const form = new FormData();
form.append('source', await photo(facePath), basename(facePath));
form.append('target', await photo(targetPath), basename(targetPath));
// The same Idempotency-Key makes a retried create (a lost answer, a 429) safe: no second swap.
let swap = await json(await call('/app/api/v1/swaps', { method: 'POST', body: form, headers: { 'idempotency-key': randomUUID() } }));
console.log(`created swap ${swap.id} (${swap.status})`);

const started = Date.now();
while (swap.status === 'queued' || swap.status === 'running') {
  if (Date.now() - started > GIVE_UP_MS) throw new Error(`swap ${swap.id} is still ${swap.status}; giving up`);
  await sleep(POLL_MS);
  swap = await json(await call(`/app/api/v1/swaps/${swap.id}`));
  console.log(`${swap.status} ${Math.round(swap.progress * 100)}%`);
}
if (swap.status === 'failed') {
  console.error(`swap failed: ${swap.error?.code}: ${swap.error?.message}`);
  process.exit(1);
}
for (const warning of swap.warnings) console.log(`note: ${warning}`);

const result = await call(swap.resultUrl);
if (!result.ok) throw new Error(`result download: ${result.status}`);
await writeFile(outPath, Buffer.from(await result.arrayBuffer()));
console.log(`saved ${outPath}`);
