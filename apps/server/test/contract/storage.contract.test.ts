// Contract for Storage: local folder and S3 (s3rver when TEST_S3_ENDPOINT is set) behave alike.
import { randomBytes } from 'node:crypto';
import { readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidStorageKeyError, LocalStorage, newStorageKey, type Storage } from '../../src/infra/storage/index.ts';
import { storageTargets } from '../support/storages.ts';
import { tempDir } from '../support/tmp.ts';

const allBytes = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
const BAD_KEYS = ['', '../escape.jpg', 'a/../../b.jpg', '/etc/passwd', 'a//b.jpg', 'a\\b.jpg', '.hidden', 'a/./b.jpg', 'a/.meta/b', 'name with space.jpg', 'a/b/', 'ü.jpg', 'x'.repeat(600)];

describe('newStorageKey', () => {
  it('makes unguessable, unique keys under the prefix with the extension', () => {
    const keys = new Set(Array.from({ length: 2000 }, () => newStorageKey('uploads', 'jpg')));
    expect(keys.size).toBe(2000);
    for (const key of [...keys].slice(0, 20)) expect(key).toMatch(/^uploads\/[0-9a-f]{2}\/[0-9a-f]{30}\.jpg$/);
    expect(newStorageKey('results/thumbs', '.WEBP')).toMatch(/^results\/thumbs\/[0-9a-f]{2}\/[0-9a-f]{30}\.webp$/);
  });

  it('refuses prefixes and extensions that could steer the path', () => {
    for (const [prefix, ext] of [['../up', 'jpg'], ['/abs', 'jpg'], ['up', 'jpg/../x'], ['Up Loads', 'jpg'], ['up', ''], ['a//b', 'png']] as const) {
      expect(() => newStorageKey(prefix, ext)).toThrow(InvalidStorageKeyError);
    }
  });
});

for (const target of storageTargets) {
  describe.runIf(target.enabled)(`storage contract: ${target.kind}`, () => {
    let storage: Storage;
    let cleanup: () => Promise<void>;

    beforeAll(async () => {
      ({ storage, cleanup } = await target.create());
    });
    afterAll(async () => cleanup?.());

    it('reports its kind', () => {
      expect(storage.kind).toBe(target.kind);
    });

    it('stores and returns every byte value with content type and size', async () => {
      const key = newStorageKey('contract', 'bin');
      await storage.put(key, allBytes, 'application/x-test');
      const got = await storage.get(key);
      expect(got).not.toBeNull();
      expect(got!.body.equals(allBytes)).toBe(true);
      expect(got!.size).toBe(256);
      expect(got!.contentType).toBe('application/x-test');
      expect(await storage.exists(key)).toBe(true);
    });

    it('keeps a 6 MB body intact', async () => {
      const key = newStorageKey('contract', 'jpg');
      const body = randomBytes(6 * 1024 * 1024);
      await storage.put(key, body, 'image/jpeg');
      const got = await storage.get(key);
      expect(got!.size).toBe(body.length);
      expect(got!.body.equals(body)).toBe(true);
      expect(got!.contentType).toBe('image/jpeg');
    });

    it('stores an empty body', async () => {
      const key = newStorageKey('contract', 'txt');
      await storage.put(key, Buffer.alloc(0), 'text/plain');
      const got = await storage.get(key);
      expect(got!.size).toBe(0);
      expect(got!.body.length).toBe(0);
    });

    it('answers null / false for a missing key and deletes idempotently', async () => {
      const key = newStorageKey('contract', 'png');
      expect(await storage.get(key)).toBeNull();
      expect(await storage.exists(key)).toBe(false);
      await storage.delete(key);
      await storage.put(key, Buffer.from('x'), 'image/png');
      await storage.delete(key);
      expect(await storage.exists(key)).toBe(false);
      expect(await storage.get(key)).toBeNull();
      await storage.delete(key);
    });

    it('replaces an object as a whole', async () => {
      const key = newStorageKey('contract', 'bin');
      await storage.put(key, Buffer.from('first version'), 'text/plain');
      await storage.put(key, Buffer.from('second'), 'application/octet-stream');
      const got = await storage.get(key);
      expect(got!.body.toString()).toBe('second');
      expect(got!.size).toBe(6);
      expect(got!.contentType).toBe('application/octet-stream');
    });

    it('stores a file streamed from disk and streams it back, every byte', async () => {
      const files = tempDir('visage-file-');
      try {
        const path = join(files.dir, 'export.zip');
        const body = randomBytes(9 * 1024 * 1024 + 7);
        writeFileSync(path, body);
        const key = newStorageKey('contract', 'zip');
        expect(await storage.putFile(key, path, 'application/zip')).toBe(body.length);
        const got = await storage.getStream(key);
        expect(got).not.toBeNull();
        expect(got!.size).toBe(body.length);
        expect(got!.contentType).toBe('application/zip');
        expect((await buffer(got!.stream)).equals(body)).toBe(true);
        expect((await storage.get(key))!.body.equals(body)).toBe(true);
        // A byte range (a <video> seeking): those bytes only, the size still the whole object's.
        const part = await storage.getStream(key, { start: 10, end: 19 });
        expect(part!.size).toBe(body.length);
        expect((await buffer(part!.stream)).equals(body.subarray(10, 20))).toBe(true);
        const tail = await storage.getStream(key, { start: body.length - 5, end: body.length + 100 });
        expect((await buffer(tail!.stream)).equals(body.subarray(body.length - 5))).toBe(true);
      } finally {
        files.remove();
      }
    });

    it('streams null for a missing key, and a missing file stores nothing', async () => {
      const key = newStorageKey('contract', 'zip');
      expect(await storage.getStream(key)).toBeNull();
      await expect(storage.putFile(key, join(tmpdir(), `visage-missing-${randomBytes(6).toString('hex')}.zip`), 'application/zip')).rejects.toThrow();
      expect(await storage.exists(key)).toBe(false);
    });

    it('rejects keys that are empty, relative, absolute, hidden or oddly spelled, and writes nothing', async () => {
      for (const key of BAD_KEYS) {
        await expect(storage.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(InvalidStorageKeyError);
        await expect(storage.putFile(key, '/etc/hostname', 'text/plain'), key).rejects.toThrow(InvalidStorageKeyError);
        await expect(storage.getStream(key), key).rejects.toThrow(InvalidStorageKeyError);
        await expect(storage.get(key), key).rejects.toThrow(InvalidStorageKeyError);
        await expect(storage.exists(key), key).rejects.toThrow(InvalidStorageKeyError);
        await expect(storage.delete(key), key).rejects.toThrow(InvalidStorageKeyError);
      }
    });

    it('lists every key under a folder prefix, and none once deleted', async () => {
      const base = `list-${randomBytes(4).toString('hex')}`;
      const keys = [`${base}/u1/a.jpg`, `${base}/u1/deep/b.png`, `${base}/u2/c.jpg`];
      for (const k of keys) await storage.put(k, Buffer.from(k), 'image/jpeg');
      expect((await storage.list(`${base}/u1/`)).sort()).toEqual(keys.slice(0, 2));
      expect((await storage.list(`${base}/`)).sort()).toEqual(keys);
      expect(await storage.list(`${base}/nobody/`)).toEqual([]);
      for (const k of keys) await storage.delete(k);
      expect(await storage.list(`${base}/`)).toEqual([]);
    });

    it('accepts nested keys a module builds from ids', async () => {
      const key = `results/${randomBytes(8).toString('hex')}/swap-1-thumb.webp`;
      await storage.put(key, Buffer.from('thumb'), 'image/webp');
      expect((await storage.get(key))!.contentType).toBe('image/webp');
    });
  });
}

// Concurrent writers to one key: S3 itself guarantees last-writer-wins of whole objects
// (s3rver, a file-based stand-in, does not), so this is checked on the local adapter.
describe('local storage specifics', () => {
  it('leaves one complete body when writers race on one key', async () => {
    const tmp = tempDir('visage-media-');
    try {
      const storage = new LocalStorage(tmp.dir);
      const key = newStorageKey('race', 'bin');
      const bodies = Array.from({ length: 6 }, (_, i) => Buffer.alloc(256 * 1024 + i, i + 1));
      await Promise.all(bodies.map((b) => storage.put(key, b, 'application/octet-stream')));
      const final = (await storage.get(key))!.body;
      expect(bodies.some((b) => b.equals(final))).toBe(true);
    } finally {
      tmp.remove();
    }
  });

  it('writes through a temp file and leaves none behind, even when a write fails', async () => {
    const tmp = tempDir('visage-media-');
    try {
      const storage = new LocalStorage(tmp.dir);
      const key = newStorageKey('atomic', 'jpg');
      // A reader polling during many rewrites only ever sees a complete version.
      const versions = Array.from({ length: 8 }, (_, i) => Buffer.alloc(512 * 1024, i + 1));
      await storage.put(key, versions[0]!, 'image/jpeg');
      let reading = true;
      const seen: boolean[] = [];
      const reader = (async () => {
        while (reading) {
          const got = await storage.get(key);
          seen.push(versions.some((v) => v.equals(got!.body)));
        }
      })();
      for (const v of versions) await storage.put(key, v, 'image/jpeg');
      reading = false;
      await reader;
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.every(Boolean)).toBe(true);
      expect(readdirSync(join(tmp.dir, '.tmp'))).toEqual([]);

      // A rename that fails (the key is a folder) removes its temp file and stores nothing.
      await storage.put('folder/inner.jpg', Buffer.from('x'), 'image/jpeg');
      await expect(storage.put('folder', Buffer.from('y'), 'text/plain')).rejects.toThrow();
      expect(readdirSync(join(tmp.dir, '.tmp'))).toEqual([]);
      expect(await storage.get('folder')).toBeNull();
      expect(await storage.exists('folder')).toBe(false);
    } finally {
      tmp.remove();
    }
  });

  it('removes the folders a delete leaves empty (they carry the owner id)', async () => {
    const tmp = tempDir();
    const storage = new LocalStorage(tmp.dir);
    await storage.put('uploads/owner1/a.jpg', Buffer.from('a'), 'image/jpeg');
    await storage.put('uploads/owner2/b.jpg', Buffer.from('b'), 'image/jpeg');
    await storage.delete('uploads/owner1/a.jpg');
    expect(readdirSync(join(tmp.dir, 'uploads'))).toEqual(['owner2']);
    expect(readdirSync(join(tmp.dir, '.meta', 'uploads'))).toEqual(['owner2']);
    tmp.remove();
  });

  it('keeps writing into a folder while a delete empties and removes it', async () => {
    const tmp = tempDir();
    const storage = new LocalStorage(tmp.dir);
    // Each round: the folder's only file is deleted (and the folder with it) while another is written there.
    for (let i = 0; i < 300; i += 1) {
      await storage.put(`uploads/racer/${i}-a.jpg`, Buffer.from('a'), 'image/jpeg');
      await Promise.all([storage.delete(`uploads/racer/${i}-a.jpg`), storage.put(`uploads/racer/${i}-b.jpg`, Buffer.from('b'), 'image/jpeg')]);
      await storage.delete(`uploads/racer/${i}-b.jpg`);
    }
    expect(await storage.list('uploads/')).toEqual([]);
    tmp.remove();
  });

  it('derives the content type from the extension when the sidecar is missing', async () => {
    const tmp = tempDir('visage-media-');
    try {
      const storage = new LocalStorage(tmp.dir);
      const { writeFileSync, mkdirSync } = await import('node:fs');
      mkdirSync(join(tmp.dir, 'legacy'), { recursive: true });
      writeFileSync(join(tmp.dir, 'legacy', 'old.png'), Buffer.from('png'));
      expect((await storage.get('legacy/old.png'))!.contentType).toBe('image/png');
    } finally {
      tmp.remove();
    }
  });
});
