// Forgotten password through a real SMTP server: the mail and its link, the same answer for an
// unknown address, a single-use link that expires, every session signed out, and the limits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, GOOD_PASSWORD, signIn, uniqueEmail } from '../auth/support/app.ts';
import { linkIn, tokenIn } from '../support/smtp-inbox.ts';
import { MAX_MAILS_PER_ACCOUNT, MAX_MAILS_PER_ADDRESS } from '../../src/modules/email-links/index.ts';
import { makeMailApp, signedUpUser, type MailApp } from './support.ts';

let m: MailApp;
beforeAll(async () => {
  m = await makeMailApp();
});
afterAll(() => m.close());

const NEW_PASSWORD = 'Quiet-Harbour-77-Maple';
const forgot = (email: string, extra: Record<string, unknown> = {}, remoteAddress = '127.0.0.1') =>
  m.t.app.inject({ method: 'POST', url: '/app/api/auth/password/forgot', payload: { email, ...extra }, remoteAddress });
const reset = (token: string, password = NEW_PASSWORD) => m.t.app.inject({ method: 'POST', url: '/app/api/auth/password/reset', payload: { token, password } });
const me = (cookie: string) => m.t.app.inject({ url: '/app/api/me', headers: { cookie } });

describe('forgotten password', () => {
  it('mails a link; the new password works, the old one no longer, and every session is signed out', async () => {
    const user = await signedUpUser(m);
    const other = cookieFrom(await signIn(m.t.app, user.email, GOOD_PASSWORD, '10.1.1.1'));
    expect((await me(other)).statusCode).toBe(200);

    const res = await forgot(user.email.toUpperCase());
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ status: 'check_inbox' });
    // Mail #1 is the sign-up's confirmation; #2 the reset.
    const mail = await m.inbox.waitFor(user.email, 2);
    expect(mail.subject).toBe('Reset your Visage password');
    expect(linkIn(mail)).toMatch(/^http:\/\/visage\.test\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
    expect(mail.html).toContain('Choose a new password');
    // The token's hash is stored, never the token.
    const stored = await m.t.ctx.db.selectFrom('email_tokens').selectAll().where('uid', '=', user.uid).where('purpose', '=', 'reset').execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toContain(tokenIn(mail));
    expect(stored[0]!.expires_at - stored[0]!.created_at).toBe(3600_000);

    expect((await reset(tokenIn(mail))).statusCode).toBe(204);
    expect((await me(user.cookie)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
    expect((await signIn(m.t.app, user.email, GOOD_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(m.t.app, user.email, NEW_PASSWORD)).statusCode).toBe(200);
    // Following a link sent to the account's address proves it.
    const row = await m.t.ctx.db.selectFrom('users').select(['email_verified', 'email_confirm_by']).where('uid', '=', user.uid).executeTakeFirstOrThrow();
    expect(row).toEqual({ email_verified: 1, email_confirm_by: null });

    // Single use: the same link again is refused.
    const again = await reset(tokenIn(mail), 'Another-Long-Passphrase-9');
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('invalid_link');
  });

  it('answers an unknown address exactly as a known one, and sends nothing', async () => {
    const unknown = uniqueEmail('nobody');
    const known = await signedUpUser(m);
    const [a, b] = [await forgot(unknown), await forgot(known.email)];
    expect(a.statusCode).toBe(b.statusCode);
    expect(a.body).toBe(b.body);
    expect(Object.keys(a.headers).sort()).toEqual(Object.keys(b.headers).sort());
    await m.inbox.waitFor(known.email, 2);
    await m.t.ctx.outbox?.flush();
    expect(m.inbox.to(unknown)).toEqual([]);
  });

  it('writes the mail in French when asked', async () => {
    const user = await signedUpUser(m);
    expect((await forgot(user.email, { language: 'fr' })).statusCode).toBe(202);
    const mail = await m.inbox.waitFor(user.email, 2);
    expect(mail.subject).toBe('Réinitialisez votre mot de passe Visage');
    expect(mail.text).toContain('ouvrez ce lien dans l’heure');
    expect(mail.html).toContain('<html lang="fr">');
  });

  it('refuses an expired link and a weak password, keeping the link for a better one', async () => {
    const user = await signedUpUser(m);
    await forgot(user.email);
    const token = tokenIn(await m.inbox.waitFor(user.email, 2));
    const weak = await reset(token, 'short');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.code).toBe('weak_password');
    const kept = await m.t.ctx.db.selectFrom('email_tokens').select('token_hash').where('uid', '=', user.uid).where('purpose', '=', 'reset').execute();
    expect(kept).toHaveLength(1);

    await m.t.ctx.db.updateTable('email_tokens').set({ expires_at: Date.now() - 1 }).where('uid', '=', user.uid).where('purpose', '=', 'reset').execute();
    const expired = await reset(token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.code).toBe('invalid_link');
    expect((await signIn(m.t.app, user.email, GOOD_PASSWORD)).statusCode).toBe(200);
  });

  it('limits the mails per account (any client address) and per client address, unknown addresses included', async () => {
    const unknown = uniqueEmail('ghost');
    for (let i = 0; i < MAX_MAILS_PER_ACCOUNT; i += 1) expect((await forgot(unknown, {}, `10.2.0.${i + 1}`)).statusCode).toBe(202);
    const refused = await forgot(unknown, {}, '10.2.0.99');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('too_many_mails');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    const ip = '10.3.0.1';
    for (let i = 0; i < MAX_MAILS_PER_ADDRESS; i += 1) expect((await forgot(uniqueEmail('spray'), {}, ip)).statusCode).toBe(202);
    expect((await forgot(uniqueEmail('spray'), {}, ip)).statusCode).toBe(429);
  });
});
