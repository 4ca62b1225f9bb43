// examples/swap-with-key.mjs against a real server (listening on a port, real engine, queue and
// storage) with a real key: it creates a swap, follows it to done and saves the labelled result.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v1Swap, v1SwapPage } from '@visage/contracts';
import { makeApp, type TestApp } from '../auth/support/app.ts';
import { FIXTURES_DIR } from '../support/fixtures.ts';
import { bearer, developer, FACE, TARGET } from './support.ts';

const EXAMPLE = resolve(import.meta.dirname, '../../../../examples/swap-with-key.mjs');

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await makeApp({ ENGINE_WORKERS: '1', WORKER_CONCURRENCY: '1' });
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
}, 60_000);
afterAll(() => t.close());

describe('examples/swap-with-key.mjs', () => {
  it('creates a swap with a key, polls it to done and downloads the result', async () => {
    const dev = await developer(t, 'example');
    const out = join(t.dir, 'result.jpg');
    const { stdout } = await promisify(execFile)(process.execPath, [EXAMPLE, base, dev.key.secret, join(FIXTURES_DIR, FACE), join(FIXTURES_DIR, TARGET), out], { timeout: 280_000 });
    expect(stdout).toMatch(/^created swap [0-9a-f-]{36} \(queued\)$/m);
    expect(stdout).toContain(`saved ${out}`);
    const result = readFileSync(out);
    expect(result.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(result.includes(Buffer.from('compositeWithTrainedAlgorithmicMedia'))).toBe(true);

    // The done swap as the API shows it matches its documented schema, its thumbnail included.
    const page = v1SwapPage.parse((await t.app.inject({ url: '/app/api/v1/swaps', headers: bearer(dev.key.secret) })).json());
    expect(page.items).toHaveLength(1);
    const swap = v1Swap.parse(page.items[0]);
    expect(swap).toMatchObject({ status: 'done', progress: 1, resultUrl: `/app/api/v1/swaps/${swap.id}/result` });
    const thumb = await t.app.inject({ url: swap.thumbUrl!, headers: bearer(dev.key.secret) });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toMatch(/^image\/(webp|jpeg)$/);
  }, 300_000);
});
