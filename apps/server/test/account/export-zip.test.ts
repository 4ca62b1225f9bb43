// The data export's archive on every storage adapter: streamed file by file, whole or not at all.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Storage } from '../../src/infra/storage/index.ts';
import { removeStaleTemp, STALE_TEMP_MS, storeZip } from '../../src/modules/account/export-zip.ts';
import { storageTargets } from '../support/storages.ts';

for (const target of storageTargets) {
  describe.runIf(target.enabled)(`export archive: ${target.kind}`, () => {
    let storage: Storage;
    let cleanup: () => Promise<void>;
    beforeAll(async () => {
      ({ storage, cleanup } = await target.create());
    });
    afterAll(async () => cleanup?.());

    it('holds data.json and every stored file byte for byte, leaving out missing ones', async () => {
      const uid = randomBytes(6).toString('hex');
      const files = { [`results/${uid}/a.jpg`]: randomBytes(3 * 1024 * 1024), [`uploads/${uid}/b.png`]: randomBytes(1234), [`results/${uid}/empty.webp`]: Buffer.alloc(0) };
      for (const [k, body] of Object.entries(files)) await storage.put(k, body, 'image/jpeg');
      const keys = [...Object.keys(files), `results/${uid}/gone.jpg`];
      const seen: number[] = [];
      // Every file comes through getStream: a whole-file read would not scale to a large gallery.
      const streamed: Storage = Object.assign(Object.create(storage) as Storage, { get: () => Promise.reject(new Error('read whole')) });
      const data = Buffer.from(JSON.stringify({ user: { uid } }));
      const size = await storeZip(streamed, `exports/${uid}/x.zip`, { data, keys }, async (n) => { seen.push(n); });
      expect(seen).toEqual([1, 2, 3, 4]);
      const zip = (await storage.get(`exports/${uid}/x.zip`))!;
      expect(zip.size).toBe(size);
      expect(zip.contentType).toBe('application/zip');
      const entries = unzipSync(new Uint8Array(zip.body));
      expect(Object.keys(entries).sort()).toEqual(['data.json', ...Object.keys(files).map((k) => `files/${k}`)].sort());
      expect(JSON.parse(strFromU8(entries['data.json']!))).toEqual({ user: { uid } });
      for (const [k, body] of Object.entries(files)) expect(Buffer.from(entries[`files/${k}`]!).equals(body), k).toBe(true);
    });

    it('fails as a whole when a file breaks off mid-copy, storing nothing', async () => {
      const uid = randomBytes(6).toString('hex');
      await storage.put(`results/${uid}/a.jpg`, randomBytes(4096), 'image/jpeg');
      const broken = Readable.from((async function* () { yield randomBytes(1024); throw new Error('connection reset'); })());
      const flaky: Storage = Object.assign(Object.create(storage) as Storage, {
        getStream: async (k: string) => (k.endsWith('b.jpg') ? { stream: broken, contentType: 'image/jpeg', size: 4096 } : storage.getStream(k)),
      });
      await expect(storeZip(flaky, `exports/${uid}/x.zip`, { data: Buffer.from('{}'), keys: [`results/${uid}/a.jpg`, `results/${uid}/b.jpg`] }, async () => {})).rejects.toThrow();
      expect(await storage.exists(`exports/${uid}/x.zip`)).toBe(false);
    });
  });
}

describe('archive temp folders', () => {
  it('removes those a dead build left a day ago, and keeps those being written', async () => {
    const root = mkdtempSync(join(tmpdir(), 'visage-tmproot-'));
    try {
      const old = join(root, 'visage-export-old'), fresh = join(root, 'visage-export-new'), other = join(root, 'someone-else');
      for (const dir of [old, fresh, other]) mkdirSync(dir);
      writeFileSync(join(old, 'export.zip'), 'partial');
      const now = Date.now();
      const dayAgo = new Date(now - STALE_TEMP_MS - 60_000);
      for (const dir of [old, other]) utimesSync(dir, dayAgo, dayAgo);
      expect(await removeStaleTemp(now, root)).toBe(1);
      expect([existsSync(old), existsSync(fresh), existsSync(other)]).toEqual([false, true, true]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
