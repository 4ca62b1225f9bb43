// The face picker through the real app, engine and queue: detection of a group photo, the swap of
// chosen faces each with its own photo (the kept detection reused), and the stable 400s.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { DetectFacesResponse, SwapList, UploadResponse } from '@visage/contracts';
import type { SwapOptions } from '@visage/engine';
import { makeApp, signUp, type TestApp } from '../auth/support/app.ts';
import { fixture } from '../support/fixtures.ts';
import { multipart, type Part } from '../support/multipart.ts';

let t: TestApp;
let alice: { cookie: string; uid: string };
let group: Buffer;
const calls = { detect: 0, swaps: [] as SwapOptions[] };

const LEFT = '001_nasa-eileen-collins.png';
const RIGHT = '012_ai-sfhq-east-asian-woman.jpg';
const FACE_A = '008_ai-sfhq-frontal-glasses-darkskin.jpg';
const FACE_B = '013_ai-sfhq-beard-glasses-elderly.jpg';

/** Two people side by side (the right one's face larger) and, in a corner, a face found but too small to swap. */
async function groupPhoto(): Promise<Buffer> {
  const left = await sharp(fixture(LEFT)).resize(520, 520).removeAlpha().toBuffer();
  const right = await sharp(fixture(RIGHT)).resize(400, 400).toBuffer();
  const tiny = await sharp(fixture(RIGHT)).resize(72, 72).toBuffer();
  return sharp({ create: { width: 1040, height: 560, channels: 3, background: '#8090a0' } })
    .composite([{ input: left, left: 10, top: 20 }, { input: right, left: 600, top: 80 }, { input: tiny, left: 958, top: 478 }])
    .jpeg({ quality: 92 })
    .toBuffer();
}

const file = (name: string, body: Buffer): Part => ({ name, filename: `${name}.jpg`, contentType: 'image/jpeg', body });

function post(url: string, parts: Part[]) {
  const form = multipart(parts);
  return t.app.inject({ method: 'POST', url, payload: form.payload, headers: { ...form.headers, cookie: alice.cookie } });
}

const detect = (image: Buffer) => post('/app/api/faces/detect', [file('image', image)]);

function upload(faces: unknown, sources: Part[], target = group) {
  return post('/app/api/upload', [{ name: 'uid', value: alice.uid }, file('target', target), ...sources, ...(faces === undefined ? [] : [{ name: 'faces', value: typeof faces === 'string' ? faces : JSON.stringify(faces) }])]);
}

async function waitForSwap(id: string) {
  for (const until = Date.now() + 120_000; Date.now() < until; await new Promise((r) => setTimeout(r, 200))) {
    const item = (await t.app.inject({ url: `/app/api/swaps/${alice.uid}?include=pending`, headers: { cookie: alice.cookie } })).json<SwapList>()[id];
    if (item && (item.status === 'done' || item.status === 'failed')) return item;
  }
  throw new Error(`swap ${id} did not end`);
}

beforeAll(async () => {
  t = await makeApp({ ENGINE_WORKERS: '1', WORKER_CONCURRENCY: '1' });
  const a = await signUp(t.app);
  alice = { cookie: a.cookie, uid: a.me.uid };
  group = await groupPhoto();
  // Every engine call the server makes, counted where it makes them.
  const engine = t.ctx.engine;
  const { detect: realDetect, swap: realSwap } = engine;
  engine.detect = (...args) => { calls.detect += 1; return realDetect(...args); };
  engine.swap = (opts) => { calls.swaps.push(opts); return realSwap(opts); };
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('POST /app/api/faces/detect', () => {
  it('lists the faces largest first, in the photo\'s own pixels, the tiny one not usable', async () => {
    const res = await detect(group);
    expect(res.statusCode).toBe(200);
    const { faces, width, height } = res.json<DetectFacesResponse>();
    expect([width, height]).toEqual([1040, 560]);
    expect(faces).toHaveLength(3);
    const [a, b, c] = faces;
    expect(a!.usable && b!.usable).toBe(true);
    // The larger face (on the right) first, each box inside the photo it was pasted from.
    expect(a!.box[0]).toBeGreaterThan(600);
    expect(a!.box[0] + a!.box[2]).toBeLessThan(940);
    expect(b!.box[0]).toBeGreaterThan(10);
    expect(b!.box[0] + b!.box[2]).toBeLessThan(530);
    expect(a!.box[2]).toBeGreaterThan(b!.box[2]);
    expect(c!.usable).toBe(false);
    expect(c!.box[0]).toBeGreaterThan(958);
  });

  it('reads the photo upright, as the swap does', async () => {
    // Stored turned a quarter left, with the EXIF tag that turns it back.
    const turned = await sharp(group).rotate(270).withMetadata({ orientation: 6 }).jpeg({ quality: 92 }).toBuffer();
    const upright = (await detect(group)).json<DetectFacesResponse>().faces[0]!.box;
    const answer = (await detect(turned)).json<DetectFacesResponse>();
    expect([answer.width, answer.height]).toEqual([1040, 560]);
    const read = answer.faces[0]!.box;
    read.forEach((v, i) => expect(Math.abs(v - upright[i]!)).toBeLessThan(6));
  });

  it('refuses what is not an image, like every upload', async () => {
    const res = await detect(Buffer.from('not an image at all'));
    expect(res.statusCode).toBe(415);
  });
});

describe('POST /app/api/upload with chosen faces', () => {
  it('swaps two chosen faces, each with its own photo, without detecting the target again', async () => {
    const photo = await sharp(group).jpeg({ quality: 91 }).toBuffer(); // bytes the cache has not seen
    expect((await detect(photo)).statusCode).toBe(200);
    const detections = calls.detect;
    const res = await upload([{ target: 0, source: 0 }, { target: 1, source: 1 }], [file('source', fixture(FACE_A)), file('source', fixture(FACE_B))], photo);
    expect(res.statusCode).toBe(202);
    const item = await waitForSwap(res.json<UploadResponse>().id);
    expect(item.status).toBe('done');
    expect(calls.detect).toBe(detections);
    const sent = calls.swaps.at(-1)!;
    expect(sent.pairs).toEqual([{ target: 0, source: 0 }, { target: 1, source: 1 }]);
    expect(sent.moreSources).toHaveLength(1);
    expect(sent.targetAnalysis?.faces.length).toBeGreaterThanOrEqual(2);

    // Both faces changed, the background did not.
    const result = await t.app.inject({ url: item.image_url, headers: { cookie: alice.cookie } });
    const [before, after] = await Promise.all([photo, result.rawPayload].map((b) => sharp(b).raw().toBuffer({ resolveWithObject: true })));
    const boxes = (await detect(photo)).json<DetectFacesResponse>().faces;
    const change = (box: number[]) => {
      let sum = 0, n = 0;
      const w = before!.info.width;
      for (let y = Math.round(box[1]! + box[3]! * 0.3); y < box[1]! + box[3]! * 0.7; y++) {
        for (let x = Math.round(box[0]! + box[2]! * 0.3); x < box[0]! + box[2]! * 0.7; x++) {
          for (let c = 0; c < 3; c++) { sum += Math.abs(before!.data[(y * w + x) * 3 + c]! - after!.data[(y * w + x) * 3 + c]!); n += 1; }
        }
      }
      return sum / n;
    };
    expect(change(boxes[0]!.box)).toBeGreaterThan(8);
    expect(change(boxes[1]!.box)).toBeGreaterThan(8);
    expect(change([20, 20, 5, 5])).toBeLessThan(2);
  }, 180_000);

  it('detects the target once when the picker\'s detection is not at hand, and keeps it', async () => {
    const photo = await sharp(group).jpeg({ quality: 89 }).toBuffer();
    const detections = calls.detect;
    const bad = await upload([{ target: 9, source: 0 }], [file('source', fixture(FACE_A))], photo);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('invalid_face_index');
    expect(calls.detect).toBe(detections + 1);
    expect((await detect(photo)).statusCode).toBe(200);
    expect(calls.detect).toBe(detections + 1);
  });

  it('answers 4xx with a stable code for each bad choice, and charges nothing', async () => {
    expect((await detect(group)).statusCode).toBe(200);
    const one = [file('source', fixture(FACE_A))];
    const cases: Array<[unknown, Part[], string]> = [
      [[{ target: 7, source: 0 }], one, 'invalid_face_index'],
      [[{ target: 0, source: 1 }], one, 'invalid_face_index'],
      [[{ target: 0, source: 0 }, { target: 0, source: 0 }], one, 'duplicate_face'],
      [[{ target: 2, source: 0 }], one, 'face_not_usable'],
      ['[{"target":0', one, 'invalid_faces'],
      [[{ target: -1, source: 0 }], one, 'invalid_faces'],
      [[{ target: 0, source: 0 }], Array.from({ length: 5 }, () => file('source', fixture(FACE_A))), 'too_many_sources'],
      [[{ target: 0, source: 0 }, { target: 1, source: 1 }], [...one, { name: 'source', value: 'my-saved-face' }], 'unknown_face'],
    ];
    for (const [faces, sources, code] of cases) {
      const res = await upload(faces, sources);
      expect({ faces, code: res.json().error?.code }).toEqual({ faces, code });
      // Someone else's or a missing saved face is not found; every other bad choice is a bad request.
      expect(res.statusCode).toBe(code === 'unknown_face' ? 404 : 400);
    }
    const me = (await t.app.inject({ url: '/app/api/me', headers: { cookie: alice.cookie } })).json<{ swapsLeft: number | null }>();
    expect(me.swapsLeft).toBe(9);
  });
});
