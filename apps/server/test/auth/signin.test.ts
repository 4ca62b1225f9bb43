import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BotChallenge } from '@visage/contracts';
import { GOOD_PASSWORD, cookieFrom, makeApp, setCookieLine, signIn, signUp, solve, solvedChallenge, uniqueEmail, type TestApp } from './support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t.close());

const me = (cookie?: string) => t.app.inject({ method: 'GET', url: '/app/api/me', headers: cookie ? { cookie } : {} });

describe('e-mail sign-in and sessions', () => {
  it('signs in with a new token each time; the cookie is HttpOnly and SameSite=Lax', async () => {
    const { me: created, cookie: signupCookie } = await signUp(t.app);
    const a = await signIn(t.app, created.profile.email.toUpperCase(), GOOD_PASSWORD);
    expect(a.statusCode).toBe(200);
    expect(a.json().uid).toBe(created.uid);
    const line = setCookieLine(a, 'visage_session') ?? '';
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Lax/);
    expect(line).toMatch(/Path=\//);
    expect(line).not.toMatch(/Secure/);
    const b = await signIn(t.app, created.profile.email, GOOD_PASSWORD);
    const cookies = new Set([signupCookie, cookieFrom(a), cookieFrom(b)]);
    expect(cookies.size).toBe(3);
    expect(cookieFrom(a).split('=')[1]).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits, base64url

    // Only the hash is stored.
    const token = cookieFrom(a).split('=')[1] ?? '';
    const rows = await t.ctx.db.selectFrom('sessions').select('token_hash').where('uid', '=', created.uid).execute();
    expect(rows.map((r) => r.token_hash)).not.toContain(token);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('revokes the session a browser already had when it signs in again', async () => {
    const { me: user, cookie: old } = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/app/api/auth/signin',
      payload: { email: user.profile.email, password: GOOD_PASSWORD },
      headers: { cookie: old },
    });
    expect(res.statusCode).toBe(200);
    expect((await me(old)).statusCode).toBe(401);
    expect((await me(cookieFrom(res))).statusCode).toBe(200);
  });

  it('logout revokes the session on the server and clears the cookie', async () => {
    const { cookie } = await signUp(t.app);
    expect((await me(cookie)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/app/api/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    expect(setCookieLine(out, 'visage_session')).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    const after = await me(cookie);
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('unauthenticated');
  });

  it('rejects forged and expired tokens', async () => {
    expect((await me('visage_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(401);
    const { cookie, me: user } = await signUp(t.app);
    await t.ctx.db.updateTable('sessions').set({ expires_at: Date.now() - 1 }).where('uid', '=', user.uid).execute();
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('answers unknown e-mails and wrong passwords the same way, in similar time', async () => {
    const { me: user } = await signUp(t.app);
    const wrong = await signIn(t.app, user.profile.email, 'Not-The-Password-1', '192.0.2.10');
    const unknown = await signIn(t.app, uniqueEmail('nobody'), 'Not-The-Password-1', '192.0.2.11');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
    expect(wrong.json().error).toEqual({ code: 'invalid_credentials', message: 'Incorrect e-mail or password.' });

    // Interleaved, so that load from other test files slows both kinds alike; medians of 7.
    const ghost = uniqueEmail('ghost');
    const samples = { known: [] as number[], missing: [] as number[] };
    const timeOne = async (email: string, ip: string) => {
      const start = performance.now();
      await signIn(t.app, email, 'Not-The-Password-1', ip);
      return performance.now() - start;
    };
    for (let i = 0; i < 7; i += 1) {
      samples.known.push(await timeOne(user.profile.email, '192.0.2.12'));
      samples.missing.push(await timeOne(ghost, '192.0.2.13'));
    }
    const median = (v: number[]) => [...v].sort((x, y) => x - y)[3] ?? 0;
    const known = median(samples.known);
    const missing = median(samples.missing);
    // Both pay for one argon2id verification (tens of ms); skipping it would make one ~100× faster.
    expect(missing).toBeGreaterThan(known * 0.3);
    expect(known).toBeGreaterThan(missing * 0.3);
  });

  it('counts failures, not sign-ins: 12 correct sign-ins from one address, then 9 failures still leave the owner in', async () => {
    const { me: user } = await signUp(t.app);
    const ip = '198.51.100.70';
    for (let i = 0; i < 12; i += 1) expect((await signIn(t.app, user.profile.email, GOOD_PASSWORD, ip)).statusCode, `sign-in ${i + 1}`).toBe(200);
    for (let i = 0; i < 9; i += 1) expect((await signIn(t.app, user.profile.email, `Wrong-password-${i}`, ip)).statusCode).toBe(401);
    expect((await signIn(t.app, user.profile.email, GOOD_PASSWORD, ip)).statusCode).toBe(200);
    // The failure budget is intact: the 10th failure is checked, the 11th attempt refused.
    expect((await signIn(t.app, user.profile.email, 'Wrong-password-9', ip)).statusCode).toBe(401);
    expect((await signIn(t.app, user.profile.email, GOOD_PASSWORD, ip)).statusCode).toBe(429);
  });

  it('answers the 11th attempt on one account from one address with 429 and Retry-After; other addresses still sign in', async () => {
    const { me: user } = await signUp(t.app);
    const ip = '198.51.100.7';
    for (let i = 0; i < 10; i += 1) expect((await signIn(t.app, user.profile.email, `Wrong-password-${i}`, ip)).statusCode).toBe(401);
    const blocked = await signIn(t.app, user.profile.email, GOOD_PASSWORD, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('too_many_attempts');
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(890);
    expect(retryAfter).toBeLessThanOrEqual(900);
    // The owner elsewhere is not locked out (10 failures on the account ask for a proof-of-work there).
    const asked = await signIn(t.app, user.profile.email, GOOD_PASSWORD, '198.51.100.8');
    expect(asked.json().error.code).toBe('bot_check_required');
    expect((await signIn(t.app, user.profile.email, GOOD_PASSWORD, '198.51.100.8', await solve(asked.json().error.details.challenge as BotChallenge))).statusCode).toBe(200);

    // Attempts older than 15 minutes no longer count.
    await t.ctx.db.updateTable('sign_in_counters').set({ window_start: Date.now() - 16 * 60 * 1000 }).where('key', 'like', `%${user.profile.email}`).execute();
    expect((await signIn(t.app, user.profile.email, GOOD_PASSWORD, ip)).statusCode).toBe(200);
  });

  it('after 10+ bad guesses from many addresses, the owner signs in from another one (with a proof-of-work)', async () => {
    const { me: user } = await signUp(t.app);
    for (let i = 0; i < 12; i += 1) {
      const res = await signIn(t.app, user.profile.email, `Wrong-password-${i}`, `198.51.100.${20 + i}`);
      // Past 10 failures a guess must carry a solved challenge; without one no password is checked.
      expect(res.statusCode).toBe(i < 10 ? 401 : 400);
    }
    const asked = await signIn(t.app, user.profile.email, GOOD_PASSWORD, '203.0.113.200');
    expect(asked.statusCode).toBe(400);
    expect(asked.json().error.code).toBe('bot_check_required');
    const challenge = asked.json().error.details.challenge as BotChallenge;
    // A plain sign-up challenge does not stand in for the sign-in's (its level is signed).
    const cheap = await signIn(t.app, user.profile.email, GOOD_PASSWORD, '203.0.113.200', await solvedChallenge(t.app));
    expect(cheap.json().error.code).toBe('bot_check_failed');
    const ok = await signIn(t.app, user.profile.email, GOOD_PASSWORD, '203.0.113.200', await solve(challenge));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().uid).toBe(user.uid);
    // A wrong password with a solved challenge is still a plain 401 (and a replayed solution is refused).
    const wrong = await signIn(t.app, user.profile.email, 'Not-it-at-all-9', '203.0.113.201', await solve(challenge));
    expect(wrong.json().error.code).toBe('bot_check_failed');
  });

  it('asks unknown e-mails for the proof-of-work the same way (no enumeration)', async () => {
    const ghost = uniqueEmail('ghost');
    for (let i = 0; i < 10; i += 1) expect((await signIn(t.app, ghost, `Wrong-password-${i}`, `192.0.2.${100 + i}`)).statusCode).toBe(401);
    const asked = await signIn(t.app, ghost, GOOD_PASSWORD, '192.0.2.150');
    expect(asked.json().error.code).toBe('bot_check_required');
    const res = await signIn(t.app, ghost, GOOD_PASSWORD, '192.0.2.150', await solve(asked.json().error.details.challenge as BotChallenge));
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('invalid_credentials');
  });

  it('answers the 51st attempt from one address with 429, across accounts', async () => {
    const ip = '203.0.113.77';
    const { me: user } = await signUp(t.app);
    for (let i = 0; i < 50; i += 1) expect((await signIn(t.app, uniqueEmail('spray'), 'Whatever-123', ip)).statusCode).toBe(401);
    const blocked = await signIn(t.app, user.profile.email, GOOD_PASSWORD, ip);
    expect(blocked.statusCode).toBe(429);
    // Another address is not affected.
    expect((await signIn(t.app, user.profile.email, GOOD_PASSWORD, '203.0.113.78')).statusCode).toBe(200);
  });

  it('validates and size-limits the sign-in body', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/app/api/auth/signin', payload: { email: 'x' } })).statusCode).toBe(400);
    const big = await t.app.inject({
      method: 'POST',
      url: '/app/api/auth/signin',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(20_000) }),
    });
    expect(big.statusCode).toBe(413);
  });
});

describe('cookies over https', () => {
  it('uses the __Host- prefix and Secure when PUBLIC_URL is https', async () => {
    const s = await makeApp({ PUBLIC_URL: 'https://visage.example.com' });
    try {
      const { res } = await signUpSecure(s);
      const line = setCookieLine(res, '__Host-visage_session') ?? '';
      expect(line).toMatch(/Secure/);
      expect(line).toMatch(/Path=\//);
      expect(line).not.toMatch(/Domain=/);
      const cookie = line.split(';')[0] ?? '';
      expect((await s.app.inject({ method: 'GET', url: '/app/api/me', headers: { cookie } })).statusCode).toBe(200);
      // The plain name is not accepted there.
      expect((await s.app.inject({ method: 'GET', url: '/app/api/me', headers: { cookie: cookie.replace('__Host-', '') } })).statusCode).toBe(401);
    } finally {
      await s.close();
    }
  });
});

async function signUpSecure(s: TestApp) {
  const res = await s.app.inject({
    method: 'POST',
    url: '/app/api/auth/signup',
    payload: { firstName: 'A', lastName: 'B', email: uniqueEmail(), password: GOOD_PASSWORD, termsAccepted: true, ageConfirmed: true, altcha: await solvedChallenge(s.app) },
  });
  expect(res.statusCode).toBe(201);
  return { res };
}
