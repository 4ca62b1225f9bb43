// The account page's API: profile names, avatar (checked like any photo, served to its owner
// only), password change, sessions with device and last use, revoking one or all; export expiry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { AccountResponse } from '@visage/contracts';
import { GOOD_PASSWORD, signIn, signUp, cookieFrom, type TestApp } from '../auth/support/app.ts';
import { databaseTargets } from '../support/databases.ts';
import { fixture } from '../support/fixtures.ts';
import { multipart } from '../support/multipart.ts';
import { SESSION_TOUCH_MS } from '../../src/modules/auth/service.ts';
import { describeUserAgent, readUserAgent } from '../../src/modules/account/user-agent.ts';
import { appOn, type Who } from './support.ts';

const FIREFOX_WIN = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IOS = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let t: TestApp;
let drop: () => Promise<void>;
let alice: Who;
let bob: Who;
const get = (cookie: string, url: string) => t.app.inject({ url, headers: { cookie } });
const account = async (cookie: string) => (await get(cookie, '/app/api/account')).json<AccountResponse>();

beforeAll(async () => {
  ({ t, drop } = await appOn(databaseTargets[0]!, 'local'));
  const a = await signUp(t.app, { firstName: 'alice', lastName: 'page' });
  const b = await signUp(t.app);
  alice = { cookie: a.cookie, uid: a.me.uid, email: a.me.profile.email };
  bob = { cookie: b.cookie, uid: b.me.uid, email: b.me.profile.email };
}, 60_000);

afterAll(async () => {
  await drop?.();
});

describe('device names', () => {
  it('reads common user agents simply', () => {
    expect(describeUserAgent(FIREFOX_WIN)).toBe('Firefox on Windows');
    expect(describeUserAgent(SAFARI_IOS)).toBe('Safari on iOS');
    expect(describeUserAgent('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36')).toBe('Chrome on Linux');
    expect(describeUserAgent('')).toBe('Unknown device');
    expect(readUserAgent(SAFARI_IOS)).toEqual({ browser: 'Safari', system: 'iOS' });
    expect(readUserAgent('')).toEqual({ browser: null, system: null });
  });
});

describe('the account page API', () => {
  it('shows e-mail, names, plan, consent and no linked provider', async () => {
    const me = await account(alice.cookie);
    expect(me).toMatchObject({ uid: alice.uid, email: alice.email, firstName: 'Alice', lastName: 'Page', hasPassword: true, identities: [] });
    expect(me.plan).toMatchObject({ subscription: 'free', usage: 0, limit: 10 });
    expect(me.consent.termsVersion).toBe('2023-11-15');
    expect(me.consent.acceptedAt).toBeGreaterThan(Date.now() - 60_000);
  });

  it('changes the names, validated', async () => {
    const ok = await t.app.inject({ method: 'PATCH', url: '/app/api/account', payload: { firstName: 'ada  maria', lastName: 'king' }, headers: { cookie: alice.cookie } });
    expect(ok.statusCode).toBe(204);
    expect(await account(alice.cookie)).toMatchObject({ firstName: 'Ada Maria', lastName: 'King' });
    const bad = await t.app.inject({ method: 'PATCH', url: '/app/api/account', payload: { firstName: '' }, headers: { cookie: alice.cookie } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('firstName');
  });

  it('takes an avatar only when it is a real photo, and serves it to its owner only', async () => {
    const send = (body: Buffer, who = alice) => {
      const form = multipart([{ name: 'avatar', filename: 'a.jpg', contentType: 'image/jpeg', body }]);
      return t.app.inject({ method: 'POST', url: '/app/api/account/avatar', payload: form.payload, headers: { ...form.headers, cookie: who.cookie } });
    };
    expect((await send(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).statusCode).toBe(415);
    const first = await send(fixture('007_ai-tpdne-older-woman.jpg'));
    expect(first.statusCode).toBe(200);
    const url = first.json<{ avatarUrl: string }>().avatarUrl;
    expect(url).toMatch(new RegExp(`^/app/api/media/avatars/${alice.uid}/[0-9a-f]{30}\\.jpg$`));
    const img = await get(alice.cookie, url);
    expect(img.statusCode).toBe(200);
    const meta = await sharp(img.rawPayload).metadata();
    expect([meta.width, meta.height, meta.exif]).toEqual([256, 256, undefined]);
    expect((await get(bob.cookie, url)).statusCode).toBe(404);
    expect((await account(alice.cookie)).avatarUrl).toBe(url);

    // A new avatar replaces the old file.
    const second = (await send(fixture('012_ai-sfhq-east-asian-woman.jpg'))).json<{ avatarUrl: string }>().avatarUrl;
    expect(await t.ctx.storage.list(`avatars/${alice.uid}/`)).toEqual([second.replace('/app/api/media/', '')]);
    expect((await get(alice.cookie, url)).statusCode).toBe(404);

    // Four at once, stored in groups as large as the uploads read at once, each group's files stored
    // before any is recorded (held at a barrier): one picture stays, the one the account shows, and
    // no file is left over.
    const together = Math.min(4, t.ctx.config.UPLOAD_CONCURRENCY);
    const storage = t.ctx.storage;
    const put = storage.put.bind(storage);
    const held: Array<() => void> = [];
    storage.put = async (key, body, type) => {
      await put(key, body, type);
      if (key.startsWith(`avatars/${alice.uid}/`)) await new Promise<void>((go) => { held.push(go); if (held.length === together) for (const g of held.splice(0)) g(); });
    };
    try {
      await Promise.all(Array.from({ length: 4 }, () => send(fixture('007_ai-tpdne-older-woman.jpg'))));
    } finally {
      storage.put = put;
    }
    const shown = (await account(alice.cookie)).avatarUrl;
    expect(await t.ctx.storage.list(`avatars/${alice.uid}/`)).toEqual([shown.replace('/app/api/media/', '')]);
  });

  it('lists sessions with device and last use, touched at most once a minute', async () => {
    const other = cookieFrom(await t.app.inject({ method: 'POST', url: '/app/api/auth/signin', payload: { email: alice.email, password: GOOD_PASSWORD }, headers: { 'user-agent': SAFARI_IOS } }));
    const me = await account(alice.cookie);
    expect(me.sessions).toHaveLength(2);
    const phone = me.sessions.find((s) => !s.current)!;
    expect(phone).toMatchObject({ device: 'Safari on iOS', browser: 'Safari', system: 'iOS', ip: '127.0.0.1' });
    expect(me.sessions.filter((s) => s.current)).toHaveLength(1);

    const stamp = async () => (await t.ctx.db.selectFrom('sessions').select('last_used_at').where('uid', '=', alice.uid).orderBy('created_at', 'desc').executeTakeFirstOrThrow()).last_used_at!;
    await t.ctx.db.updateTable('sessions').set({ last_used_at: Date.now() - SESSION_TOUCH_MS + 5_000 }).where('uid', '=', alice.uid).execute();
    const before = await stamp();
    await get(other, '/app/api/me');
    expect(await stamp()).toBe(before); // used again within the minute: no write
    await t.ctx.db.updateTable('sessions').set({ last_used_at: Date.now() - SESSION_TOUCH_MS - 1 }).where('uid', '=', alice.uid).execute();
    await get(other, '/app/api/me');
    expect(await stamp()).toBeGreaterThan(Date.now() - 5_000);

    expect((await t.app.inject({ method: 'DELETE', url: `/app/api/account/sessions/${phone.id}`, headers: { cookie: bob.cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/app/api/account/sessions/${phone.id}`, headers: { cookie: alice.cookie } })).statusCode).toBe(204);
    expect((await get(other, '/app/api/me')).statusCode).toBe(401);
    expect((await get(alice.cookie, '/app/api/me')).statusCode).toBe(200);
  });

  it('changes the password only with the current one, and signs the other sessions out', async () => {
    const other = cookieFrom(await signIn(t.app, alice.email, GOOD_PASSWORD));
    const change = (current: string, next: string) =>
      t.app.inject({ method: 'POST', url: '/app/api/account/password', payload: { currentPassword: current, newPassword: next }, headers: { cookie: alice.cookie } });
    const wrong = await change('not-it', 'Brand-New-Lantern-77');
    expect([wrong.statusCode, wrong.json().error.code]).toEqual([400, 'invalid_current_password']);
    expect((await get(other, '/app/api/me')).statusCode).toBe(200);
    for (const common of ['password', 'azerty123', 'Soleil2024']) expect((await change(GOOD_PASSWORD, common)).json().error.code, common).toBe('common_password');
    expect((await change(GOOD_PASSWORD, 'Brand-New-Lantern-77')).statusCode).toBe(204);
    expect((await get(other, '/app/api/me')).statusCode).toBe(401);
    expect((await get(alice.cookie, '/app/api/me')).statusCode).toBe(200);
    expect((await signIn(t.app, alice.email, 'Brand-New-Lantern-77')).statusCode).toBe(200);
  });

  it('signs out everywhere, this browser included', async () => {
    const other = cookieFrom(await signIn(t.app, alice.email, 'Brand-New-Lantern-77'));
    const res = await t.app.inject({ method: 'POST', url: '/app/api/account/sessions/revoke-all', payload: {}, headers: { cookie: alice.cookie } });
    expect(res.statusCode).toBe(204);
    for (const c of [alice.cookie, other]) expect((await get(c, '/app/api/me')).statusCode).toBe(401);
  });
});

describe('an expired export', () => {
  it('is removed with its file and job by the sweep, and no longer downloads', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/app/api/account/exports', headers: { cookie: bob.cookie } });
    const id = created.json<{ id: string }>().id;
    let row;
    for (let i = 0; i < 200 && row?.status !== 'done'; i += 1) {
      await new Promise((r) => setTimeout(r, 100));
      row = await t.ctx.db.selectFrom('data_exports').selectAll().where('id', '=', id).executeTakeFirst();
    }
    expect(row?.status).toBe('done');
    expect(await t.ctx.storage.exists(row!.storage_key!)).toBe(true);
    expect(await t.ctx.account.exports.sweepExpired()).toBe(0);
    await t.ctx.db.updateTable('data_exports').set({ expires_at: Date.now() - 1 }).where('id', '=', id).execute();
    expect((await get(bob.cookie, `/app/api/account/exports/${id}/download`)).statusCode).toBe(404);
    expect(await t.ctx.account.exports.sweepExpired()).toBe(1);
    expect(await t.ctx.storage.exists(row!.storage_key!)).toBe(false);
    expect(await t.ctx.db.selectFrom('data_exports').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    expect(await t.ctx.queue.get(`export-${id}`)).toBeNull();
  });
});
