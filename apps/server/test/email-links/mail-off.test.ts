// Production without SMTP_URL: nothing that needs a mail pretends to work (503 with a clear
// message), sign-up answers as before, and unconfirmed addresses are never stopped from swapping.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, makeApp, signUp, uniqueEmail, type TestApp } from '../auth/support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp({ NODE_ENV: 'production' });
});
afterAll(() => t.close());

describe('mail off', () => {
  it('refuses the forgotten password, the link sent again and a change of address with a clear message', async () => {
    const { cookie } = await signUp(t.app);
    const answers = [
      await t.app.inject({ method: 'POST', url: '/app/api/auth/password/forgot', payload: { email: uniqueEmail() } }),
      await t.app.inject({ method: 'POST', url: '/app/api/account/email/verification', payload: {}, headers: { cookie } }),
      await t.app.inject({ method: 'POST', url: '/app/api/account/email', payload: { newEmail: uniqueEmail(), password: GOOD_PASSWORD }, headers: { cookie } }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toEqual({ code: 'mail_unavailable', message: 'This server cannot send e-mail. Please ask its operator for help.' });
    }
  });

  it('keeps an unconfirmed account past 7 days free to swap', async () => {
    const { me } = await signUp(t.app);
    const row = await t.ctx.db.updateTable('users').set({ email_confirm_by: Date.now() - 1 }).where('uid', '=', me.uid).returningAll().executeTakeFirstOrThrow();
    expect(() => t.ctx.users.assertEmailConfirmed(row)).not.toThrow();
  });
});
