// Confirming the address through a real SMTP server: sign-up that never says whether an address
// is taken (its owner gets a mail instead), the confirmation link, the 7-day rule on swaps, the
// link sent again, and a change of address that takes effect only once the new one confirms.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, signIn, uniqueEmail } from '../auth/support/app.ts';
import { fixture } from '../support/fixtures.ts';
import { multipart } from '../support/multipart.ts';
import { linkIn, tokenIn } from '../support/smtp-inbox.ts';
import { makeMailApp, postSignUp, signedUpUser, type MailApp } from './support.ts';

let m: MailApp;
beforeAll(async () => {
  m = await makeMailApp();
});
afterAll(() => m.close());

const confirm = (token: string) => m.t.app.inject({ method: 'POST', url: '/app/api/auth/email/confirm', payload: { token } });
const account = async (cookie: string) => (await m.t.app.inject({ url: '/app/api/account', headers: { cookie } })).json();

function upload(user: { uid: string; cookie: string }) {
  const form = multipart([
    { name: 'uid', value: user.uid },
    { name: 'target', filename: 't.jpg', contentType: 'image/jpeg', body: fixture('012_ai-sfhq-east-asian-woman.jpg') },
    { name: 'source', filename: 's.jpg', contentType: 'image/jpeg', body: fixture('008_ai-sfhq-frontal-glasses-darkskin.jpg') },
  ]);
  return m.t.app.inject({ method: 'POST', url: '/app/api/upload', payload: form.payload, headers: { ...form.headers, cookie: user.cookie } });
}

describe('sign-up with mail configured', () => {
  it('answers "check your inbox" for a new and a taken address alike; the owner of the taken one is told', async () => {
    const email = uniqueEmail('owner');
    const first = await postSignUp(m.t, email);
    const second = await postSignUp(m.t, email.toUpperCase(), { firstName: 'Mallory', language: 'fr' });
    for (const res of [first, second]) {
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ status: 'check_inbox' });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    const welcome = await m.inbox.waitFor(email, 1);
    const taken = await m.inbox.waitFor(email, 2);
    const [verify, notice] = welcome.subject.startsWith('Confirm') ? [welcome, taken] : [taken, welcome];
    expect(verify.subject).toBe('Confirm your e-mail address for Visage');
    expect(notice.subject).toBe('Quelqu’un a tenté de s’inscrire sur Visage avec votre adresse');
    expect(notice.text).toContain('\n\nhttp://visage.test/forgot-password\n\n');
    expect(await m.t.ctx.db.selectFrom('users').select('nom').where('email', '=', email).execute()).toEqual([{ nom: 'Ada' }]);
  });
});

describe('confirming the address', () => {
  it('the link confirms it once; the account page shows it', async () => {
    const user = await signedUpUser(m);
    const before = await account(user.cookie);
    expect(before.emailVerified).toBe(false);
    expect(before.emailConfirmBy).toBeGreaterThan(Date.now() + 6 * 24 * 3600_000);
    const mail = await m.inbox.waitFor(user.email, 1);
    expect(linkIn(mail)).toMatch(/^http:\/\/visage\.test\/verify-email\?token=/);

    const res = await confirm(tokenIn(mail));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'confirmed', email: user.email });
    expect(await account(user.cookie)).toMatchObject({ emailVerified: true, emailConfirmBy: null });
    expect((await confirm(tokenIn(mail))).json().error.code).toBe('invalid_link');
    const resend = await m.t.app.inject({ method: 'POST', url: '/app/api/account/email/verification', payload: {}, headers: { cookie: user.cookie } });
    expect(resend.statusCode).toBe(409);
  });

  it('lets an unconfirmed account swap for 7 days, then asks it to confirm first; the link sent again opens it', async () => {
    const user = await signedUpUser(m);
    // At the monthly limit, so that an allowed upload stops at the allowance (402) before any image work.
    await m.t.ctx.db.updateTable('users').set({ usage: 10 }).where('uid', '=', user.uid).execute();
    expect((await upload(user)).statusCode).toBe(402);

    await m.t.ctx.db.updateTable('users').set({ email_confirm_by: Date.now() - 1 }).where('uid', '=', user.uid).execute();
    const refused = await upload(user);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('email_unconfirmed');

    const resend = await m.t.app.inject({ method: 'POST', url: '/app/api/account/email/verification', payload: { language: 'fr' }, headers: { cookie: user.cookie } });
    expect(resend.statusCode).toBe(202);
    const mail = await m.inbox.waitFor(user.email, 2);
    expect(mail.subject).toBe('Confirmez votre adresse e-mail pour Visage');
    expect((await confirm(tokenIn(mail))).statusCode).toBe(200);
    expect((await upload(user)).statusCode).toBe(402);
  });
});

describe('changing the address', () => {
  const change = (cookie: string, payload: Record<string, unknown>) => m.t.app.inject({ method: 'POST', url: '/app/api/account/email', payload, headers: { cookie } });

  it('needs the password, and takes effect only when the new address follows its link', async () => {
    const user = await signedUpUser(m);
    const next = uniqueEmail('moved');
    const wrong = await change(user.cookie, { newEmail: next, password: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('invalid_current_password');

    expect((await change(user.cookie, { newEmail: next, password: GOOD_PASSWORD })).statusCode).toBe(202);
    const mail = await m.inbox.waitFor(next, 1);
    expect(mail.subject).toBe('Confirm your new e-mail address for Visage');
    expect(await account(user.cookie)).toMatchObject({ email: user.email, pendingEmail: next });
    expect((await signIn(m.t.app, next, GOOD_PASSWORD)).statusCode).toBe(401);

    const res = await confirm(tokenIn(mail));
    expect(res.json()).toEqual({ status: 'changed', email: next });
    expect(await account(user.cookie)).toMatchObject({ email: next, pendingEmail: null, emailVerified: true });
    expect((await signIn(m.t.app, next, GOOD_PASSWORD)).statusCode).toBe(200);
    expect((await signIn(m.t.app, user.email, GOOD_PASSWORD)).statusCode).toBe(401);
    // The confirmation link sent to the old address at sign-up acts no more.
    expect((await confirm(tokenIn(await m.inbox.waitFor(user.email, 1)))).json().error.code).toBe('invalid_link');
  });

  it('refuses an address another account has', async () => {
    const user = await signedUpUser(m);
    const other = await signedUpUser(m);
    const res = await change(user.cookie, { newEmail: other.email, password: GOOD_PASSWORD });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('email_in_use');
  });
});
