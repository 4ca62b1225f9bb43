#!/usr/bin/env node
// Writes the landing page's "Swap, Smile, Share" images to apps/web/public/demo/:
//   before.webp  the target photo      (synthetic face 013, SFHQ-T2I)
//   after.webp   the face put onto it  (synthetic face 008, SFHQ-T2I)
//   result.webp  the swap, made by our own engine (packages/engine swapFaces)
// Only synthetic faces (fixtures 007–015) may be shown to users.
//
//   node scripts/make-demo-images.mjs                 # real swap through @visage/engine
//   node scripts/make-demo-images.mjs --placeholder   # result = a third synthetic face (015)
//
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { FACES_DIR } from '../fixtures/index.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const facesDir = FACES_DIR;
const outDir = resolve(root, 'apps/web/public/demo');
const SIZE = 480;

const TARGET = '013_ai-sfhq-beard-glasses-elderly.jpg';
const FACE = '008_ai-sfhq-frontal-glasses-darkskin.jpg';
const PLACEHOLDER_RESULT = '015_ai-sfhq-hand-on-cheek.jpg';

const placeholder = process.argv.includes('--placeholder');

async function fixture(name) {
  const file = resolve(facesDir, name);
  if (!existsSync(file)) throw new Error(`Fixture not found: ${file} (set FACES_DIR to the faces folder)`);
  return readFile(file);
}

function demoWebp(input) {
  return sharp(input).rotate().resize(SIZE, SIZE, { fit: 'cover', position: 'attention' }).webp({ quality: 82 }).toBuffer();
}

async function swappedResult(target, face) {
  // The engine is TypeScript: let tsx load it when this script runs under plain node.
  const { register } = await import('tsx/esm/api');
  register();
  let engine;
  try {
    engine = await import('@visage/engine');
  } catch (error) {
    throw new Error(`The face engine could not be loaded (${error.message}). Run with --placeholder until packages/engine is built.`);
  }
  if (typeof engine.swapFaces !== 'function') {
    throw new Error('@visage/engine has no swapFaces yet. Run with --placeholder until it does.');
  }
  const { image } = await engine.swapFaces({ source: face, target });
  return image;
}

const target = await fixture(TARGET);
const face = await fixture(FACE);
const result = placeholder ? await fixture(PLACEHOLDER_RESULT) : await swappedResult(target, face);

await mkdir(outDir, { recursive: true });
const outputs = { 'before.webp': target, 'after.webp': face, 'result.webp': result };
for (const [name, input] of Object.entries(outputs)) {
  const webp = await demoWebp(input);
  await writeFile(resolve(outDir, name), webp);
  console.log(`${name}: ${webp.length} bytes`);
}
console.log(`Demo images written to ${outDir}${placeholder ? ' (result is a placeholder face, not a swap)' : ''}`);
// Tell the engine's worker threads, if any, that we are done.
process.exit(0);
