// "Download my data" and "Delete my account" through the real app, engine, database and storage,
// on every database (SQLite, PostgreSQL) and storage (local disk, S3) the environment offers.
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzipSync, strFromU8 } from 'fflate';
import type { AccountResponse, DataExport } from '@visage/contracts';
import { signUp, type TestApp } from '../auth/support/app.ts';
import { databaseTargets } from '../support/databases.ts';
import { fixture } from '../support/fixtures.ts';
import { multipart } from '../support/multipart.ts';
import { testEnv } from '../support/env.ts';
import { storageTargets } from '../support/storages.ts';
import { appOn, dumpTables, uploadSwap, waitForSwap, type Who } from './support.ts';

const combos = [
  ...databaseTargets.flatMap((d) => storageTargets.map((s) => ({ d, s, queue: {}, name: `${d.kind} + ${s.kind}`, enabled: d.enabled && s.enabled }))),
  // Queued and finished jobs live in Redis with BullMQ: erasure removes them there too.
  { d: databaseTargets[0]!, s: storageTargets[0]!, queue: { QUEUE_DRIVER: 'bullmq', REDIS_URL: testEnv.redisUrl ?? '', QUEUE_NAME: `erase-${Date.now()}` }, name: 'sqlite + local + BullMQ', enabled: Boolean(testEnv.redisUrl) },
];

describe.each(combos.filter((c) => c.enabled))('account data on $name', ({ d, s, queue }) => {
  let t: TestApp;
  let drop: () => Promise<void>;
  let alice: Who;
  let bob: Who;
  let aliceSwap: string;
  let bobSwap: string;
  let exportId: string;
  let aliceKey: { secret: string; prefix: string };
  let zip: Record<string, Uint8Array>;
  const get = (who: Who, url: string) => t.app.inject({ url, headers: { cookie: who.cookie } });

  beforeAll(async () => {
    ({ t, drop } = await appOn(d, s.kind, queue));
    const a = await signUp(t.app, { firstName: 'alice', lastName: 'erased' });
    const b = await signUp(t.app, { firstName: 'bob', lastName: 'kept' });
    alice = { cookie: a.cookie, uid: a.me.uid, email: a.me.profile.email };
    bob = { cookie: b.cookie, uid: b.me.uid, email: b.me.profile.email };
    const form = multipart([{ name: 'avatar', filename: 'me.jpg', contentType: 'image/jpeg', body: fixture('008_ai-sfhq-frontal-glasses-darkskin.jpg') }]);
    const av = await t.app.inject({ method: 'POST', url: '/app/api/account/avatar', payload: form.payload, headers: { ...form.headers, cookie: alice.cookie } });
    expect(av.statusCode).toBe(200);
    aliceSwap = await uploadSwap(t.app, alice);
    bobSwap = await uploadSwap(t.app, bob);
    expect((await waitForSwap(t.app, alice, aliceSwap)).status).toBe('done');
    expect((await waitForSwap(t.app, bob, bobSwap)).status).toBe('done');
    // A saved face (an operator's tool): alice keeps one while she is an operator.
    await t.ctx.db.updateTable('users').set({ role: 'operator' }).where('uid', '=', alice.uid).execute();
    const face = multipart([
      { name: 'uid', value: alice.uid },
      { name: 'id', value: 'alice-face' },
      { name: 'image', filename: 'face.jpg', contentType: 'image/jpeg', body: fixture('008_ai-sfhq-frontal-glasses-darkskin.jpg') },
    ]);
    const saved = await t.app.inject({ method: 'POST', url: '/app/api/user/face/upload', payload: face.payload, headers: { ...face.headers, cookie: alice.cookie } });
    expect(saved.statusCode, saved.body).toBeLessThan(300);
    await t.ctx.db.updateTable('users').set({ role: 'user' }).where('uid', '=', alice.uid).execute();
    const key = await t.app.inject({ method: 'POST', url: '/app/api/account/api-keys', payload: { name: 'alice script' }, headers: { cookie: alice.cookie } });
    expect(key.statusCode).toBe(201);
    aliceKey = key.json<{ secret: string; prefix: string }>();
    // Used once, so its last use is recorded and exported.
    expect((await t.app.inject({ url: '/app/api/v1/swaps', headers: { authorization: `Bearer ${aliceKey.secret}` } })).statusCode).toBe(200);
  }, 300_000);

  afterAll(async () => {
    await drop?.();
  });

  it('builds an export as a job with progress, downloadable by its owner only', async () => {
    const started = await t.app.inject({ method: 'POST', url: '/app/api/account/exports', headers: { cookie: alice.cookie } });
    expect(started.statusCode).toBe(202);
    exportId = started.json<DataExport>().id;
    let item: DataExport | undefined;
    for (let i = 0; i < 300 && item?.status !== 'done'; i += 1) {
      await new Promise((r) => setTimeout(r, 100));
      item = (await get(alice, '/app/api/account/exports')).json<DataExport[]>().find((e) => e.id === exportId);
      expect(item?.status).not.toBe('failed');
    }
    expect(item).toMatchObject({ status: 'done', progress: 1 });
    expect(item!.expiresAt - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    const job = await t.ctx.queue.get(`export-${exportId}`);
    expect(job?.progress).toBe(1);

    expect((await get(bob, item!.downloadUrl!)).statusCode).toBe(404);
    expect((await get(bob, '/app/api/account/exports')).json()).toEqual([]);
    const res = await get(alice, item!.downloadUrl!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="visage-my-data-\d{4}-\d\d-\d\d\.zip"$/);
    zip = unzipSync(new Uint8Array(res.rawPayload));
  }, 60_000);

  it('holds a JSON of everything held about the person, matching the database', async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the ZIP's JSON is checked field by field below
    const data = JSON.parse(strFromU8(zip['data.json']!)) as Record<string, any>;
    const user = await t.ctx.db.selectFrom('users').selectAll().where('uid', '=', alice.uid).executeTakeFirstOrThrow();
    expect(data.profile).toMatchObject({ uid: alice.uid, email: user.email, firstName: 'Alice', lastName: 'Erased', signUpIp: user.ip });
    expect(data.consent).toMatchObject({ terms_version: user.terms_version, terms_accepted_at: new Date(user.terms_accepted_at!).toISOString() });
    expect(data.plan).toMatchObject({ subscription: 'free', usageThisPeriod: 1, resetDate: user.reset_date });
    expect(data.sessions).toHaveLength(1);
    const swaps = await t.ctx.db.selectFrom('swaps').selectAll().where('uid', '=', alice.uid).execute();
    expect(data.swaps).toHaveLength(swaps.length);
    expect(data.swaps[0]).toMatchObject({ id: aliceSwap, mode: 'main', status: 'done', createdAt: new Date(swaps[0]!.created_at).toISOString() });
    expect(data.savedFaces).toMatchObject([{ id: 'alice-face' }]);
    expect(data.apiKeys).toEqual([{ name: 'alice script', prefix: aliceKey.prefix, createdAt: expect.any(String), lastUsedAt: expect.any(String) }]);
    expect(JSON.stringify(data)).not.toContain(aliceKey.secret);
    expect(JSON.stringify(data)).not.toContain(bob.uid);
  });

  it('holds every image still held, byte for byte as in storage', async () => {
    const prefixes = ['uploads', 'results', 'avatars', 'faces'].map((p) => `${p}/${alice.uid}/`);
    const keys = (await Promise.all(prefixes.map((p) => t.ctx.storage.list(p)))).flat();
    expect(keys).toHaveLength(6); // face, target, result, thumbnail, avatar, saved face
    const files = Object.keys(zip).filter((k) => k.startsWith('files/'));
    expect(files.sort()).toEqual(keys.map((k) => `files/${k}`).sort());
    for (const key of keys) expect(Buffer.from(zip[`files/${key}`]!).equals((await t.ctx.storage.get(key))!.body)).toBe(true);
  });

  it('never hands one user another\'s result, photo or avatar', async () => {
    const me = (await get(alice, '/app/api/account')).json<AccountResponse>();
    for (const url of [`/app/api/media/swaps/${aliceSwap}/download`, `/app/api/media/swaps/${aliceSwap}/original`, `/app/api/media/swaps/${aliceSwap}/result`, me.avatarUrl]) {
      expect((await get(bob, url)).statusCode, url).toBe(404);
      expect((await get(alice, url)).statusCode, url).toBe(200);
    }
    const del = await t.app.inject({ method: 'DELETE', url: `/app/api/swaps/${bob.uid}/${aliceSwap}`, headers: { cookie: bob.cookie } });
    expect(del.statusCode).toBe(404);
  });

  it('deletes the account only when its e-mail is typed', async () => {
    const wrong = await t.app.inject({ method: 'DELETE', url: '/app/api/me', payload: { email: bob.email }, headers: { cookie: alice.cookie } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('email_mismatch');
    const res = await t.app.inject({ method: 'DELETE', url: '/app/api/me', payload: { email: alice.email.toUpperCase() }, headers: { cookie: alice.cookie } });
    expect(res.statusCode).toBe(204);
    expect(String(res.headers['set-cookie'])).toMatch(/visage_session=;/);
    expect((await get(alice, '/app/api/me')).statusCode).toBe(401);
  }, 120_000);

  it('leaves nothing of the person in any table or storage key, and keeps the other user', async () => {
    const tables = await dumpTables(t.ctx.db, d.kind);
    expect(Object.keys(tables)).toEqual(expect.arrayContaining(['users', 'sessions', 'swaps', 'jobs', 'data_exports', 'oidc_identities', 'sign_in_counters', 'oidc_pending_signups', 'saved_faces', 'catalogue_entries', 'billing_events']));
    expect(Object.keys(tables)).toEqual(expect.arrayContaining(['api_keys', 'idempotency_keys']));
    const traces = [alice.uid, alice.email, aliceSwap, exportId, aliceKey.prefix];
    for (const [table, rows] of Object.entries(tables)) for (const trace of traces) expect(rows, `${table} holds ${trace}`).not.toContain(trace);
    expect(tables.users).toContain(bob.email);
    expect(tables.swaps).toContain(bobSwap);

    for (const id of [`swap-${aliceSwap}`, `export-${exportId}`]) expect(await t.ctx.queue.get(id), id).toBeNull();
    expect(await t.ctx.queue.get(`swap-${bobSwap}`)).not.toBeNull();

    const keys = await t.ctx.storage.list('');
    expect(keys.filter((k) => k.includes(alice.uid) || k.includes(aliceSwap) || k.includes(exportId))).toEqual([]);
    expect(keys.some((k) => k.startsWith(`results/${bob.uid}/`))).toBe(true);
  });

  it.runIf(d.kind === 'sqlite')('leaves no byte of the e-mail in the SQLite file (secure_delete)', async () => {
    const file = t.databaseUrl;
    const bytes = Buffer.concat([readFileSync(file), existsSync(`${file}-wal`) ? readFileSync(`${file}-wal`) : Buffer.alloc(0)]);
    expect(bytes.includes(Buffer.from(bob.email))).toBe(true);
    expect(bytes.includes(Buffer.from(alice.email))).toBe(false);
    expect(bytes.includes(Buffer.from(alice.uid))).toBe(false);
  });
});
