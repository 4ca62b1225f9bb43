// OpenID Connect sign-in against a real provider (oidc-provider) on 127.0.0.1:
// authorisation code + PKCE with state and nonce, driven over HTTP end to end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { GOOD_PASSWORD, cookieFrom, makeApp, setCookieLine, signIn, signUp, type TestApp } from './support/app.ts';
import { loadConfig } from '../../src/config.ts';
import { completeIdpLogin, startIdp, type TestIdp } from './support/idp.ts';

const PUBLIC_URL = 'http://visage.test:8080';
const CALLBACK = `${PUBLIC_URL}/app/api/auth/oidc/callback`;

let idp: TestIdp;
let t: TestApp;
beforeAll(async () => {
  idp = await startIdp({ redirectUris: [CALLBACK] });
  t = await makeApp({
    PUBLIC_URL,
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: idp.clientId,
    OIDC_CLIENT_SECRET: idp.clientSecret,
    OIDC_PROVIDER_NAME: 'Google',
  });
});
afterAll(async () => {
  await t.close();
  await idp.close();
});

/** Runs the popup's whole journey; returns the callback answer. */
async function oidcSignIn(login: string, opts: { remoteAddress?: string; tamper?: (url: URL) => void; dropBinding?: boolean } = {}) {
  const start = await t.app.inject({ method: 'GET', url: '/app/api/auth/oidc/start' });
  expect(start.statusCode).toBe(302);
  const authUrl = new URL(start.headers.location as string);
  expect(authUrl.origin).toBe(idp.issuer);
  expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authUrl.searchParams.get('state')).toBeTruthy();
  expect(authUrl.searchParams.get('nonce')).toBeTruthy();
  expect(authUrl.searchParams.get('redirect_uri')).toBe(CALLBACK);
  const binding = cookieFrom(start, 'visage_oidc');
  const redirected = new URL(await completeIdpLogin(authUrl.href, login, CALLBACK));
  opts.tamper?.(redirected);
  return t.app.inject({
    method: 'GET',
    url: `${redirected.pathname}${redirected.search}`,
    headers: opts.dropBinding ? {} : { cookie: binding },
    remoteAddress: opts.remoteAddress ?? '127.0.0.1',
  });
}

function popupMessage(res: LightMyRequestResponse): { ok: boolean; code?: string } {
  const m = /var message = (\{.*?\});/.exec(res.body);
  if (!m?.[1]) throw new Error(`no message in ${res.body}`);
  return JSON.parse(m[1]) as { ok: boolean; code?: string };
}

const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/app/api/me', headers: { cookie } });
const CONSENT = '/app/api/auth/oidc/consent';
const consent = (cookie: string, payload: Record<string, unknown>, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: CONSENT, payload, remoteAddress, headers: cookie ? { cookie } : {} });

describe('OIDC popup sign-in', () => {
  it('tells the login screen that a provider is configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/app/api/auth/config' });
    expect(res.json()).toMatchObject({ oidc: { enabled: true, providerName: 'Google' } });
  });

  it('asks for consent at the first sign-in, creates the profile only then, and keeps it afterwards', async () => {
    idp.accounts.set('grace', { email: 'Grace.Hopper@idp.test', email_verified: true, name: 'Grace Brewster Hopper', picture: 'https://idp.test/grace.png' });
    const first = await oidcSignIn('grace', { remoteAddress: '2001:db8::7' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toContain('text/html');
    expect(first.headers['content-security-policy']).toContain("default-src 'none'");
    expect(popupMessage(first)).toEqual({ type: 'visage:oidc', ok: false, code: 'consent_required' });
    expect(first.body).toContain('window.opener.postMessage(message, window.location.origin)');
    expect(first.body).toContain('/login?oidc=consent_required');
    // No account and no session yet.
    expect(setCookieLine(first, 'visage_session')).toBeUndefined();
    expect(await t.ctx.db.selectFrom('users').select('uid').where('email', '=', 'grace.hopper@idp.test').executeTakeFirst()).toBeUndefined();
    const pending = cookieFrom(first, 'visage_oidc_consent');
    expect(setCookieLine(first, 'visage_oidc_consent')).toMatch(/HttpOnly/);

    const info = await t.app.inject({ method: 'GET', url: CONSENT, headers: { cookie: pending } });
    expect(info.json()).toEqual({ email: 'Grace.Hopper@idp.test', name: 'Grace Brewster Hopper', providerName: 'Google' });
    const noAge = await consent(pending, { termsAccepted: true });
    expect(noAge.statusCode).toBe(400);
    expect(noAge.json().error).toMatchObject({ code: 'age_required', message: 'Please confirm that you are 13 or older.' });
    expect((await consent(pending, { ageConfirmed: true, termsAccepted: false })).json().error.code).toBe('terms_required');

    const before = Date.now();
    const accepted = await consent(pending, { termsAccepted: true, ageConfirmed: true }, '2001:db8::7');
    expect(accepted.statusCode).toBe(201);
    expect(setCookieLine(accepted, 'visage_oidc_consent')).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    const cookie = cookieFrom(accepted);
    const profile = (await me(cookie)).json();
    expect(profile.profile).toMatchObject({
      nom: 'Grace',
      prenom: 'Brewster Hopper',
      pic: 'https://idp.test/grace.png',
      email: 'grace.hopper@idp.test',
      emailVerified: true,
      ip: '2001:db8::7',
      subscription: 'free',
      customerId: '',
    });
    expect(profile.usage).toBe(0);
    const row = await t.ctx.db.selectFrom('users').selectAll().where('uid', '=', profile.uid).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ terms_version: '2023-11-15', consent_method: 'oidc-consent' });
    expect(row.terms_accepted_at).toBeGreaterThanOrEqual(before);
    expect(row.age_confirmed_at).toBe(row.terms_accepted_at);
    // The pending sign-up is spent.
    expect((await consent(pending, { termsAccepted: true, ageConfirmed: true })).json().error.code).toBe('oidc_consent_expired');

    // A later sign-in keeps the stored profile, even when the provider's data changed, and asks nothing.
    await t.ctx.db.updateTable('users').set({ ville: 'Arlington' }).where('uid', '=', profile.uid).execute();
    idp.accounts.set('grace', { email: 'grace.hopper@idp.test', email_verified: true, name: 'Admiral Hopper' });
    const second = await oidcSignIn('grace');
    expect(popupMessage(second).ok).toBe(true);
    const again = (await me(cookieFrom(second))).json();
    expect(again.uid).toBe(profile.uid);
    expect(again.profile).toMatchObject({ nom: 'Grace', ville: 'Arlington' });
    expect(cookieFrom(second)).not.toBe(cookie);
  });

  it('binds the consent step to the browser; cancelling drops it', async () => {
    const first = await oidcSignIn('hedy');
    expect(popupMessage(first).code).toBe('consent_required');
    const pending = cookieFrom(first, 'visage_oidc_consent');
    // Without the cookie (another browser), nothing is created.
    const other = await consent('', { termsAccepted: true, ageConfirmed: true });
    expect(other.statusCode).toBe(400);
    expect(other.json().error.code).toBe('oidc_consent_expired');
    expect((await t.app.inject({ method: 'GET', url: CONSENT })).statusCode).toBe(400);
    const cancelled = await t.app.inject({ method: 'DELETE', url: CONSENT, headers: { cookie: pending } });
    expect(cancelled.statusCode).toBe(204);
    expect((await consent(pending, { termsAccepted: true, ageConfirmed: true })).json().error.code).toBe('oidc_consent_expired');
    expect(await t.ctx.db.selectFrom('users').select('uid').where('email', '=', 'hedy@idp.test').executeTakeFirst()).toBeUndefined();
    // An expired one is refused too.
    const late = await oidcSignIn('hedy');
    await t.ctx.db.updateTable('oidc_pending_signups').set({ expires_at: Date.now() - 1 }).execute();
    expect((await consent(cookieFrom(late, 'visage_oidc_consent'), { termsAccepted: true, ageConfirmed: true })).json().error.code).toBe('oidc_consent_expired');
  });

  it('asks an older OIDC account without a consent record once, then signs it in', async () => {
    const first = await oidcSignIn('alan');
    const created = await consent(cookieFrom(first, 'visage_oidc_consent'), { termsAccepted: true, ageConfirmed: true });
    const uid = created.json().uid as string;
    await t.ctx.db.updateTable('users').set({ terms_version: null, terms_accepted_at: null, consent_method: null, age_confirmed_at: null }).where('uid', '=', uid).execute();
    const asked = await oidcSignIn('alan');
    expect(popupMessage(asked).code).toBe('consent_required');
    const accepted = await consent(cookieFrom(asked, 'visage_oidc_consent'), { termsAccepted: true, ageConfirmed: true });
    expect(accepted.json().uid).toBe(uid);
    const row = await t.ctx.db.selectFrom('users').selectAll().where('uid', '=', uid).executeTakeFirstOrThrow();
    expect(row.consent_method).toBe('oidc-consent');
    expect(row.age_confirmed_at).not.toBeNull();
    expect(popupMessage(await oidcSignIn('alan')).ok).toBe(true);
  });

  it('links to an existing e-mail account only when the provider verified the e-mail', async () => {
    const { me: owner } = await signUp(t.app, { email: 'linus@example.com' });
    idp.accounts.set('impostor', { email: 'linus@example.com', email_verified: false, name: 'Not Linus' });
    const refused = await oidcSignIn('impostor');
    expect(popupMessage(refused)).toMatchObject({ ok: false, code: 'oidc_email_unverified' });
    expect(setCookieLine(refused, 'visage_session')).toBeUndefined();

    idp.accounts.set('linus', { email: 'LINUS@example.com', email_verified: true, name: 'Linus T' });
    const linked = await oidcSignIn('linus');
    expect(popupMessage(linked).ok).toBe(true);
    const after = (await me(cookieFrom(linked))).json();
    expect(after.uid).toBe(owner.uid);
    expect(after.profile).toMatchObject({ nom: 'Ada', emailVerified: true });
    // The password still works too.
    expect((await signIn(t.app, 'linus@example.com', GOOD_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a callback without the browser binding, a replayed one and a forged state', async () => {
    expect(popupMessage(await oidcSignIn('eve', { dropBinding: true }))).toMatchObject({ ok: false, code: 'oidc_state_mismatch' });
    expect(popupMessage(await oidcSignIn('eve', { tamper: (u) => u.searchParams.set('state', 'forged') }))).toMatchObject({
      ok: false,
      code: 'oidc_state_mismatch',
    });

    // Replaying a finished callback (same state and code) fails.
    const start = await t.app.inject({ method: 'GET', url: '/app/api/auth/oidc/start' });
    const binding = cookieFrom(start, 'visage_oidc');
    const redirected = new URL(await completeIdpLogin(start.headers.location as string, 'mallory', CALLBACK));
    const url = `${redirected.pathname}${redirected.search}`;
    const ok = await t.app.inject({ method: 'GET', url, headers: { cookie: binding } });
    expect(popupMessage(ok).code).toBe('consent_required');
    const replay = await t.app.inject({ method: 'GET', url, headers: { cookie: binding } });
    expect(popupMessage(replay)).toMatchObject({ ok: false, code: 'oidc_state_mismatch' });
  });

  it("refuses another flow's code: the PKCE verifier does not match", async () => {
    const startA = await t.app.inject({ method: 'GET', url: '/app/api/auth/oidc/start' });
    const startB = await t.app.inject({ method: 'GET', url: '/app/api/auth/oidc/start' });
    const stateB = new URL(startB.headers.location as string).searchParams.get('state') ?? '';
    const redirectedA = new URL(await completeIdpLogin(startA.headers.location as string, 'trudy', CALLBACK));
    redirectedA.searchParams.set('state', stateB);
    const res = await t.app.inject({
      method: 'GET',
      url: `${redirectedA.pathname}${redirectedA.search}`,
      headers: { cookie: cookieFrom(startB, 'visage_oidc') },
    });
    expect(popupMessage(res)).toMatchObject({ ok: false, code: 'oidc_failed' });
    expect(setCookieLine(res, 'visage_session')).toBeUndefined();
  });

  it('refuses an unknown code', async () => {
    const res = await oidcSignIn('trudy', { tamper: (u) => u.searchParams.set('code', 'not-a-real-code') });
    expect(popupMessage(res)).toMatchObject({ ok: false, code: 'oidc_failed' });
  });

  it("refuses an ID token that is not signed with the issuer's keys", async () => {
    idp.accounts.set('forger', { email: 'forger@idp.test', email_verified: true, name: 'For Ger' });
    idp.forgeIdTokens = true;
    try {
      const res = await oidcSignIn('forger');
      expect(popupMessage(res)).toMatchObject({ ok: false, code: 'oidc_failed' });
      expect(setCookieLine(res, 'visage_session')).toBeUndefined();
    } finally {
      idp.forgeIdTokens = false;
    }
    // The same journey with the provider's own signature gets through (to the consent step).
    expect(popupMessage(await oidcSignIn('forger')).code).toBe('consent_required');
  });

  it('builds the redirect URI from PUBLIC_URL only, whatever the Host header says', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/app/api/auth/oidc/start', headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' } });
    expect(start.statusCode).toBe(302);
    expect(new URL(start.headers.location as string).searchParams.get('redirect_uri')).toBe(CALLBACK);
  });
});

describe('provider configuration', () => {
  it('uses Google as the issuer when only a client id and secret are set', async () => {
    const google = await makeApp({ PUBLIC_URL, OIDC_CLIENT_ID: 'id.apps.googleusercontent.com', OIDC_CLIENT_SECRET: 'secret' });
    try {
      expect((await google.app.inject({ method: 'GET', url: '/app/api/auth/config' })).json().oidc).toEqual({ enabled: true, providerName: 'Google' });
    } finally {
      await google.close();
    }
  });

  it('refuses to start OIDC without PUBLIC_URL, naming it', async () => {
    const env = { OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: idp.clientId, OIDC_CLIENT_SECRET: idp.clientSecret };
    expect(() => loadConfig(env)).toThrow(/PUBLIC_URL is required when OIDC sign-in is configured/);
    await expect(makeApp(env)).rejects.toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ ...env, PUBLIC_URL })).not.toThrow();
  });

  it('hides the button and answers 404 on start without a client', async () => {
    const plain = await makeApp();
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/app/api/auth/config' })).json().oidc.enabled).toBe(false);
      expect((await plain.app.inject({ method: 'GET', url: '/app/api/auth/oidc/start' })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
