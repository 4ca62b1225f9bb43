// Bulk swaps and saved faces without the engine: who may call what, the passcode gates and their rate limit, the
// refusals (over 15 targets, a bad file, foreign ids), the browser's pages and re-tagging.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from '../auth/support/app.ts';
import { fixture } from '../support/fixtures.ts';
import { account, get, jpeg, post, postJson, seedSwaps, unlock, type Who } from './support.ts';

let t: TestApp;
let user: Who;
let op: Who;
let op2: Who;
let admin: Who;
const TARGET = fixture('012_ai-sfhq-east-asian-woman.jpg');

beforeAll(async () => {
  t = await makeApp({ BULK_PASSCODE: 'Gertrude', ENGINE_WORKERS: '1' });
  [user, op, op2, admin] = [await account(t, 'user'), await account(t, 'operator'), await account(t, 'operator'), await account(t, 'admin')];
  // op and admin entered the bulk passcode in their session; op2 never did.
  [op, admin] = [await unlock(t, op, 'bulk', 'Gertrude'), await unlock(t, admin, 'bulk', 'Gertrude')];
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const CALLS: [string, string][] = [
  ['POST', '/app/api/69/bulk-upload'],
  ['POST', '/app/api/v2/69/bulk-upload'],
  ['GET', '/app/api/user/face/UID'],
  ['POST', '/app/api/user/face/upload'],
  ['DELETE', '/app/api/user/face/UID/someface'],
  ['GET', '/app/api/v2/admin/swaps'],
  ['POST', '/app/api/v2/69/setFaceId'],
  ['GET', '/app/api/admin/swaps'],
  ['POST', '/app/api/admin/upload'],
  ['GET', '/app/api/gate/bulk'],
  ['POST', '/app/api/gate/admin-test'],
];

describe('access', () => {
  it('refuses every call to visitors (401) and plain users (403)', async () => {
    for (const [method, path] of CALLS) {
      const url = path.replace('UID', user.uid);
      const anon = await t.app.inject({ method: method as 'GET', url });
      expect(anon.statusCode, `${method} ${url}`).toBe(401);
      const res = await t.app.inject({ method: method as 'GET', url, headers: { cookie: user.cookie } });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('lets operators and admins in', async () => {
    for (const who of [op, admin]) {
      expect((await get(t, who, '/app/api/admin/swaps')).json()).toEqual([]);
      expect((await get(t, who, `/app/api/user/face/${who.uid}`)).json()).toEqual([]);
      expect((await get(t, who, '/app/api/v2/admin/swaps')).json()).toEqual({ swaps: [], total: 0 });
    }
  });
});

describe('passcode gates', () => {
  it('says which gates are set; an unset one opens for any value', async () => {
    expect((await get(t, op2, '/app/api/gate/bulk')).json()).toEqual({ required: true, granted: false });
    expect((await get(t, op, '/app/api/gate/bulk')).json()).toEqual({ required: true, granted: true });
    expect((await get(t, op, '/app/api/gate/admin-test')).json()).toEqual({ required: false, granted: true });
    expect((await postJson(t, op, '/app/api/gate/admin-test', { value: 'anything' })).statusCode).toBe(200);
    expect((await get(t, op, '/app/api/gate/other')).statusCode).toBe(400);
  });

  it('answers 403 to a wrong passcode, 200 to the right one, then 429 past ten tries a minute', async () => {
    const wrong = await postJson(t, op2, '/app/api/gate/bulk', { value: 'gertrude' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.code).toBe('wrong_passcode');
    expect((await postJson(t, op2, '/app/api/gate/bulk', { value: 'Gertrude' })).json()).toEqual({ ok: true });
    expect((await postJson(t, op2, '/app/api/gate/bulk', {})).statusCode).toBe(400);
    for (let i = 0; i < 7; i++) await postJson(t, op2, '/app/api/gate/bulk', { value: 'nope' });
    const limited = await postJson(t, op2, '/app/api/gate/bulk', { value: 'Gertrude' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    // Counted per account and gate: another operator still gets in, and so does op2 elsewhere.
    expect((await postJson(t, op, '/app/api/gate/bulk', { value: 'Gertrude' })).statusCode).toBe(200);
    expect((await postJson(t, op2, '/app/api/gate/admin-test', { value: 'x' })).statusCode).toBe(200);
  });
});

describe('passcode grants', () => {
  const bulkOf = (n: number) => [jpeg('face.jpg', TARGET, 'source'), ...Array.from({ length: n }, (_, i) => jpeg(`t${i}.jpg`, TARGET, 'targets'))];
  const swapsOf = async (uid: string) => (await t.ctx.db.selectFrom('swaps').select('id').where('uid', '=', uid).execute()).length;

  it('an operator who never entered the passcode cannot post a bulk of 15 or re-tag', async () => {
    const fresh = await account(t, 'operator');
    const res = await post(t, fresh, '/app/api/69/bulk-upload', bulkOf(15));
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('passcode_required');
    expect((await post(t, fresh, '/app/api/v2/69/bulk-upload', bulkOf(1).slice(1))).statusCode).toBe(403);
    expect((await postJson(t, fresh, '/app/api/v2/69/setFaceId', { selectedImages: ['x'], faceId: 'ada' })).statusCode).toBe(403);
    expect(await swapsOf(fresh.uid)).toBe(0);
  });

  it('holds for the session that entered it only: another session, a forged or stale grant are refused', async () => {
    const fresh = await unlock(t, await account(t, 'operator'), 'bulk', 'Gertrude');
    const grant = fresh.cookie.split('; ').find((c) => c.startsWith('visage_gate_bulk='))!;
    const [expires, signature] = grant.split('=')[1]!.split('.');
    // Another operator's session carrying this grant: not the session it was issued to.
    const elsewhere = await account(t, 'operator');
    const moved = { ...elsewhere, cookie: `${elsewhere.cookie}; ${grant}` };
    expect((await get(t, moved, '/app/api/gate/bulk')).json().granted).toBe(false);
    expect((await post(t, moved, '/app/api/69/bulk-upload', bulkOf(1))).statusCode).toBe(403);
    // A later expiry under the same signature.
    const stretched = fresh.cookie.replace(grant, `visage_gate_bulk=${Number(expires) + 3_600_000}.${signature}`);
    expect((await get(t, { ...fresh, cookie: stretched }, '/app/api/gate/bulk')).json().granted).toBe(false);
    // The bulk gate's grant does not open the admin test page's.
    const t2 = await makeApp({ BULK_PASSCODE: 'Gertrude', ADMIN_TEST_WORD: 'Rutabaga', ROLE: 'api' });
    try {
      const o = await unlock(t2, await account(t2, 'operator'), 'bulk', 'Gertrude');
      const swapped = { ...o, cookie: o.cookie.replace('visage_gate_bulk=', 'visage_gate_admin-test=') };
      expect((await post(t2, swapped, '/app/api/admin/upload', [jpeg('t.jpg', TARGET, 'target'), jpeg('s.jpg', TARGET, 'source')])).json().error.code).toBe('passcode_required');
      const opened = await unlock(t2, o, 'admin-test', 'Rutabaga');
      expect((await post(t2, opened, '/app/api/admin/upload', [jpeg('t.jpg', TARGET, 'target'), jpeg('s.jpg', TARGET, 'source')])).statusCode).toBe(202);
    } finally {
      await t2.close();
    }
  });
});

describe('bulk refusals (nothing is created)', () => {
  const count = async () => Number((await t.ctx.db.selectFrom('swaps').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('refuses more than 15 targets whole', async () => {
    const before = await count();
    const parts = [jpeg('face.jpg', TARGET, 'source'), ...Array.from({ length: 16 }, (_, i) => jpeg(`t${i}.jpg`, TARGET, 'targets'))];
    const res = await post(t, op, '/app/api/69/bulk-upload', parts);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'too_many_targets', message: 'You can only upload up to 15 target images.' });
    expect(await count()).toBe(before);
  });

  it('refuses a bulk with one file that is not an image, naming it', async () => {
    const before = await count();
    const parts = [jpeg('face.jpg', TARGET, 'source'), jpeg('a.jpg', TARGET, 'targets'), jpeg('b.jpg', Buffer.from('not an image'), 'targets')];
    const res = await post(t, op, '/app/api/69/bulk-upload', parts);
    expect(res.statusCode).toBe(415);
    expect(res.json().error.details).toEqual({ field: 'targets', index: 1 });
    expect(await count()).toBe(before);
  });

  it('refuses a missing face and a foreign or unknown faceImageUrl', async () => {
    expect((await post(t, op, '/app/api/69/bulk-upload', [jpeg('a.jpg', TARGET, 'targets')])).json().error.details).toEqual({ field: 'source' });
    // op2's face URL, whether or not it exists, is not op's.
    for (const url of [`/app/api/user/face/${op2.uid}/mine/image`, `/app/api/user/face/${op.uid}/nothing/image`, 'https://evil.example/x.jpg']) {
      const res = await post(t, op, '/app/api/v2/69/bulk-upload', [{ name: 'faceImageUrl', value: url }, jpeg('a.jpg', TARGET, 'targets')]);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.code).toBe('unknown_face');
    }
  });

  it('takes a batch whole or not at all against the free allowance', async () => {
    const free = await account(t, 'user');
    await t.ctx.db.updateTable('users').set({ usage: 8 }).where('uid', '=', free.uid).execute();
    const item = { target: TARGET, source: TARGET };
    await expect(t.ctx.swaps.createBatch(free.uid, 'bulk', [item, item, item])).rejects.toMatchObject({ code: 'quota_exceeded' });
    const rows = await t.ctx.db.selectFrom('swaps').select('id').where('uid', '=', free.uid).execute();
    expect(rows).toEqual([]);
  });
});

describe('swap browser', () => {
  let ids: string[];

  beforeAll(async () => {
    ids = await seedSwaps(t, admin.uid, 250);
    await seedSwaps(t, admin.uid, 3, 'carol', 1_800_000_000_000);
  });

  it('pages 100 at a time, newest first, with the total', async () => {
    const p1 = (await get(t, admin, '/app/api/v2/admin/swaps?page=1&limit=100')).json();
    expect(p1.total).toBe(253);
    expect(p1.swaps).toHaveLength(100);
    const p3 = (await get(t, admin, '/app/api/v2/admin/swaps?page=3&limit=100')).json();
    expect(p3.swaps).toHaveLength(53);
    expect(p3.swaps.at(-1)).toBe(`/app/api/media/swaps/${ids[0]}/result`);
    expect((await get(t, admin, '/app/api/v2/admin/swaps?page=0')).statusCode).toBe(400);
    expect((await get(t, admin, '/app/api/v2/admin/swaps?limit=500')).statusCode).toBe(400);
  });

  it('filters on faceId', async () => {
    const res = (await get(t, admin, '/app/api/v2/admin/swaps?page=1&limit=100&faceId=carol')).json();
    expect(res.total).toBe(3);
    expect((await get(t, admin, '/app/api/v2/admin/swaps?faceId=')).json().total).toBe(253);
  });

  it('lets an admin read another uid, not an operator', async () => {
    expect((await get(t, op, `/app/api/v2/admin/swaps?uid=${admin.uid}`)).statusCode).toBe(404);
    const other = await seedSwaps(t, op.uid, 2);
    const res = (await get(t, admin, `/app/api/v2/admin/swaps?uid=${op.uid}`)).json();
    expect(res.total).toBe(2);
    expect(res.swaps).toContain(`/app/api/media/swaps/${other[0]}/result`);
  });

  it('re-tags own swaps, refusing the whole list when one is someone else’s', async () => {
    await t.ctx.db.insertInto('saved_faces').values({ uid: admin.uid, id: 'dave', key: 'faces/x/dave.jpg', created_at: 1, updated_at: 1 }).execute();
    const opSwap = (await seedSwaps(t, op.uid, 1))[0]!;
    const mine = ids.slice(0, 2).map((id) => `/app/api/media/swaps/${id}/result`);
    const refused = await postJson(t, admin, '/app/api/v2/69/setFaceId', { selectedImages: [...mine, `/app/api/media/swaps/${opSwap}/result`], faceId: 'dave' });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.details.refused).toEqual([`/app/api/media/swaps/${opSwap}/result`]);
    expect((await get(t, admin, '/app/api/v2/admin/swaps?faceId=dave')).json().total).toBe(0);

    const ok = await postJson(t, admin, '/app/api/v2/69/setFaceId', { selectedImages: mine, faceId: 'dave' });
    expect(ok.json()).toEqual({ updated: 2 });
    expect((await get(t, admin, '/app/api/v2/admin/swaps?faceId=dave')).json()).toMatchObject({ total: 2 });
    expect((await postJson(t, admin, '/app/api/v2/69/setFaceId', { selectedImages: mine, faceId: 'nobody' })).json().error.code).toBe('unknown_face');
    expect((await postJson(t, admin, '/app/api/v2/69/setFaceId', { selectedImages: ['/etc/passwd'], faceId: 'dave' })).statusCode).toBe(400);
    expect((await postJson(t, admin, '/app/api/v2/69/setFaceId', { selectedImages: [], faceId: 'dave' })).json().error.details).toEqual({ field: 'selectedImages' });
  });
});
