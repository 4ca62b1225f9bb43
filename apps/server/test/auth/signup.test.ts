import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiError, meResponse } from '@visage/contracts';
import { GOOD_PASSWORD, makeApp, signUp, solvedChallenge, uniqueEmail, type TestApp } from './support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp({ TERMS_VERSION: '2023-11-15', TRUSTED_PROXIES: '10.0.0.0/8, fd00::1' });
});
afterAll(() => t.close());

const post = (payload: Record<string, unknown>, remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/app/api/auth/signup', payload, remoteAddress, headers });

const base = () => ({ firstName: 'Ada', lastName: 'Lovelace', email: uniqueEmail(), password: GOOD_PASSWORD, termsAccepted: true, ageConfirmed: true });

function nextMonthFirst(): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
}

describe('e-mail sign-up', () => {
  it('answers bot_check_required without a solved challenge, then accepts the solved one', async () => {
    const form = base();
    const first = await post(form);
    expect(first.statusCode).toBe(400);
    expect(apiError.parse(first.json()).error.code).toBe('bot_check_required');

    const second = await post({ ...form, altcha: await solvedChallenge(t.app) });
    expect(second.statusCode).toBe(201);
    expect(second.headers['set-cookie']).toBeDefined();
  });

  it('refuses a wrong solution and a replayed one', async () => {
    const good = await solvedChallenge(t.app);
    const decoded = JSON.parse(Buffer.from(good, 'base64').toString()) as { number: number };
    const wrong = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(good, 'base64').toString()), number: decoded.number + 1 })).toString('base64');
    const bad = await post({ ...base(), altcha: wrong });
    expect(bad.json().error.code).toBe('bot_check_failed');

    expect((await post({ ...base(), altcha: good })).statusCode).toBe(201);
    const replay = await post({ ...base(), altcha: good });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.code).toBe('bot_check_failed');
  });

  it('creates the profile: names capitalised, e-mail lower-cased, free plan, usage 0, default picture', async () => {
    const email = uniqueEmail('Mixed.Case');
    const { me, res } = await signUp(t.app, { firstName: '  jean-luc  de la  FONTAINE ', lastName: "o'neil smith", email: `  ${email.toUpperCase()} ` });
    expect(res.statusCode).toBe(201);
    const parsed = meResponse.parse(me);
    expect(parsed.role).toBe('user');
    expect(parsed.usage).toBe(0);
    expect(parsed.resetDate).toBe(nextMonthFirst());
    const p = parsed.profile;
    expect(p.nom).toBe('Jean-Luc De La Fontaine');
    expect(p.prenom).toBe("O'neil Smith");
    expect(p.email).toBe(email.toLowerCase());
    expect(p.pic).toBe('/app/api/avatars/default.svg');
    expect(p.emailVerified).toBe(false);
    expect(p.subscription).toBe('free');
    expect(p.customerId).toBe('');
    expect(p.ip).toBe('127.0.0.1');
    expect(p.uid).toBe(parsed.uid);
    expect(Math.abs(p.createdAt - Date.now())).toBeLessThan(60_000);
    expect([p.gender, p.birthday, p.pays, p.ville]).toEqual(['', '', '', '']);

    const avatar = await t.app.inject({ method: 'GET', url: p.pic });
    expect(avatar.statusCode).toBe(200);
    expect(avatar.headers['content-type']).toContain('image/svg+xml');
  });

  it('records terms consent with version and time, and stores an argon2id hash', async () => {
    const before = Date.now();
    const { me } = await signUp(t.app);
    const row = await t.ctx.db.selectFrom('users').selectAll().where('uid', '=', me.uid).executeTakeFirstOrThrow();
    expect(row.terms_version).toBe('2023-11-15');
    expect(row.terms_accepted_at).toBeGreaterThanOrEqual(before);
    expect(row.consent_method).toBe('signup-form');
    expect(row.age_confirmed_at).toBe(row.terms_accepted_at);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain(GOOD_PASSWORD);
  });

  it('requires the terms checkbox', async () => {
    const res = await post({ ...base(), termsAccepted: false, altcha: await solvedChallenge(t.app) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('terms_required');
    const missing = await post({ firstName: 'A', lastName: 'B', email: uniqueEmail(), password: GOOD_PASSWORD });
    expect(missing.statusCode).toBe(400);
  });

  it('requires the age confirmation (13 or older) with a clear message, before any bot check', async () => {
    for (const ageConfirmed of [false, undefined]) {
      const res = await post({ ...base(), ageConfirmed });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'age_required', message: 'Please confirm that you are 13 or older.' });
    }
    const email = uniqueEmail('young');
    expect((await post({ ...base(), email, ageConfirmed: false, altcha: await solvedChallenge(t.app) })).statusCode).toBe(400);
    expect(await t.ctx.db.selectFrom('users').select('uid').where('email', '=', email).executeTakeFirst()).toBeUndefined();
  });

  it('refuses short and common passwords with a clear message, before any bot check', async () => {
    const short = await post({ ...base(), password: 'Ab1!xyz' });
    expect(short.json().error).toMatchObject({ code: 'weak_password', message: 'Use at least 8 characters for your password.' });
    // Well-known in English and French, as typed or a common word or name padded with digits.
    for (const common of ['password', 'Password1', 'iloveyou', '12345678', 'sunshine', 'qwertyuiop', 'azerty123', 'motdepasse', 'Soleil2024', 'nicolas1990!', 'doudou123', 'Marseille13']) {
      const res = await post({ ...base(), password: common });
      expect(res.statusCode, common).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'common_password', message: 'This password is too common and easy to guess. Choose a different one.' });
    }
  });

  it('answers email_in_use for an existing e-mail', async () => {
    const { me } = await signUp(t.app);
    const again = await post({ ...base(), email: me.profile.email.toUpperCase(), altcha: await solvedChallenge(t.app) });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('email_in_use');
  });

  it('rejects missing names and malformed e-mails', async () => {
    expect((await post({ ...base(), firstName: '  ' })).statusCode).toBe(400);
    expect((await post({ ...base(), email: 'not-an-email' })).json().error.code).toBe('invalid_request');
  });

  it('takes the client IP from X-Forwarded-For only when the peer is a trusted proxy', async () => {
    const viaProxy = await signUp(t.app, {}, '10.1.2.3');
    // inject cannot set headers and remoteAddress through signUp; do it directly.
    const trusted = await post({ ...base(), altcha: await solvedChallenge(t.app) }, '10.1.2.3', { 'x-forwarded-for': '198.51.100.7, 10.9.9.9' });
    expect(trusted.json().profile.ip).toBe('198.51.100.7');
    const untrusted = await post({ ...base(), altcha: await solvedChallenge(t.app) }, '203.0.113.5', { 'x-forwarded-for': '198.51.100.7' });
    expect(untrusted.json().profile.ip).toBe('203.0.113.5');
    const v6 = await post({ ...base(), altcha: await solvedChallenge(t.app) }, 'fd00::1', { 'x-forwarded-for': '2001:db8::42' });
    expect(v6.json().profile.ip).toBe('2001:db8::42');
    const garbage = await post({ ...base(), altcha: await solvedChallenge(t.app) }, '10.1.2.3', { 'x-forwarded-for': 'evil, <script>' });
    expect(garbage.json().profile.ip).toBe('10.1.2.3');
    const mapped = await post({ ...base(), altcha: await solvedChallenge(t.app) }, '::ffff:192.0.2.9');
    expect(mapped.json().profile.ip).toBe('192.0.2.9');
    expect(viaProxy.me.profile.ip).toBe('10.1.2.3');
  });

  it('limits the request body size', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/app/api/auth/signup',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ ...base(), firstName: 'x'.repeat(40_000) }),
    });
    expect(res.statusCode).toBe(413);
  });
});
