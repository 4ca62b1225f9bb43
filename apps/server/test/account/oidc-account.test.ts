// An account that signs in with OpenID Connect: the account page shows the linked provider, and
// erasure removes the identity link (a later sign-in with it makes a fresh, empty account).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountResponse } from '@visage/contracts';
import { cookieFrom, makeApp, type TestApp } from '../auth/support/app.ts';
import { completeIdpLogin, startIdp, type TestIdp } from '../auth/support/idp.ts';

const PUBLIC_URL = 'http://visage.test:8080';
const CALLBACK = `${PUBLIC_URL}/app/api/auth/oidc/callback`;

let idp: TestIdp;
let t: TestApp;
beforeAll(async () => {
  idp = await startIdp({ redirectUris: [CALLBACK] });
  t = await makeApp({ PUBLIC_URL, OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: idp.clientId, OIDC_CLIENT_SECRET: idp.clientSecret, OIDC_PROVIDER_NAME: 'Google' });
});
afterAll(async () => {
  await t.close();
  await idp.close();
});

async function oidcSignIn(login: string): Promise<string> {
  const start = await t.app.inject({ method: 'GET', url: '/app/api/auth/oidc/start' });
  const binding = cookieFrom(start, 'visage_oidc');
  const redirected = new URL(await completeIdpLogin(new URL(start.headers.location as string).href, login, CALLBACK));
  const res = await t.app.inject({ method: 'GET', url: `${redirected.pathname}${redirected.search}`, headers: { cookie: binding } });
  // A first sign-in waits for the consent step (terms and age) before the account exists.
  const pending = cookieFrom(res, 'visage_oidc_consent');
  const accepted = await t.app.inject({ method: 'POST', url: '/app/api/auth/oidc/consent', payload: { termsAccepted: true, ageConfirmed: true }, headers: { cookie: pending } });
  return cookieFrom(accepted);
}

describe('an OpenID Connect account', () => {
  it('shows the linked provider, no password form, and loses the link on erasure', async () => {
    idp.accounts.set('linus', { email: 'linus@idp.test', email_verified: true, name: 'Linus Pauling' });
    const cookie = await oidcSignIn('linus');
    const account = (await t.app.inject({ url: '/app/api/account', headers: { cookie } })).json<AccountResponse>();
    expect(account).toMatchObject({ email: 'linus@idp.test', firstName: 'Linus', hasPassword: false });
    expect(account.identities).toEqual([{ issuer: idp.issuer, provider: 'Google', linkedAt: expect.any(Number) }]);

    const erased = await t.app.inject({ method: 'DELETE', url: '/app/api/me', payload: { email: 'linus@idp.test' }, headers: { cookie } });
    expect(erased.statusCode).toBe(204);
    expect(await t.ctx.db.selectFrom('oidc_identities').selectAll().where('uid', '=', account.uid).execute()).toEqual([]);

    const again = await oidcSignIn('linus');
    const fresh = (await t.app.inject({ url: '/app/api/account', headers: { cookie: again } })).json<AccountResponse>();
    expect(fresh.uid).not.toBe(account.uid);
    expect(fresh.plan.usage).toBe(0);
  });
});
