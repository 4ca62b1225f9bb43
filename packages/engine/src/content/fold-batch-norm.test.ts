// The folded classifier network answers as the model itself, on real photos.
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import * as tf from '@tensorflow/tfjs';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import { foldBatchNorms } from './fold-batch-norm.mjs';
import { fixture, FILES } from '../../test/fixtures.ts';

const require = createRequire(import.meta.url);

describe('folded batch norms', () => {
  it('fold all 52 of MobileNetV2 and give its probabilities to 1e-5', async () => {
    setWasmPaths(path.join(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist') + path.sep);
    tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
    expect(await tf.setBackend('wasm')).toBe(true);
    const nsfwjs = await import('nsfwjs');
    const info = console.info;
    console.info = () => undefined;
    const model = await nsfwjs.load('MobileNetV2', { size: 224 }).finally(() => (console.info = info));
    const keras = model.model as tf.LayersModel;
    const folded = foldBatchNorms(tf, keras);
    expect(folded?.folded).toBe(52);
    for (const file of [FILES.eileen, FILES.hopper, FILES.crew]) {
      const rgb = await sharp(fixture(file)).resize(224, 224, { fit: 'fill' }).removeAlpha().raw().toBuffer();
      const [mine, theirs] = tf.tidy(() => {
        const x = tf.tensor4d(Float32Array.from(rgb, (v) => v / 255), [1, 224, 224, 3]);
        return [folded!.predict(x).dataSync(), (keras.predict(x) as tf.Tensor).dataSync()];
      });
      for (let i = 0; i < 5; i++) expect(mine[i], `${file} class ${i}`).toBeCloseTo(theirs[i]!, 5);
    }
    model.dispose();
  }, 120_000);
});
