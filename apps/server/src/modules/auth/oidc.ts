// OpenID Connect relying party (openid-client 6): authorisation code + PKCE,
// with state and nonce; openid-client verifies the ID token's issuer, audience,
// expiry and nonce. Its signature is checked against the issuer's JWKS only because
// enableNonRepudiationChecks is on: openid-client 6 skips that check by default for
// tokens from the token endpoint (it trusts TLS), and a forged token was accepted.
// Discovery runs once and is retried after a failure.
import * as client from 'openid-client';
import type { Config } from '../../config.ts';

export interface OidcClaims {
  issuer: string;
  subject: string;
  email?: string;
  emailVerified: boolean;
  name?: string;
  picture?: string;
}

export interface OidcStart {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** Google is the provider when only a client id and secret are configured. */
export const DEFAULT_OIDC_ISSUER = 'https://accounts.google.com';

export function oidcEnabled(config: Config): boolean {
  return !!(config.OIDC_CLIENT_ID && config.OIDC_CLIENT_SECRET);
}

/** Plain http is accepted only for an issuer on the loopback interface (a local test provider). */
function isLoopback(url: URL): boolean {
  return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

export class OidcClient {
  private configuration: Promise<client.Configuration> | undefined;

  constructor(private readonly config: Config) {}

  private discover(): Promise<client.Configuration> {
    const issuer = new URL(this.config.OIDC_ISSUER ?? DEFAULT_OIDC_ISSUER);
    this.configuration ??= client
      .discovery(issuer, this.config.OIDC_CLIENT_ID ?? '', this.config.OIDC_CLIENT_SECRET, undefined, {
        // Asymmetric signatures only (RS/PS/ES/EdDSA): an HS256 token made with the client secret is refused too.
        execute: [client.enableNonRepudiationChecks, ...(isLoopback(issuer) ? [client.allowInsecureRequests] : [])],
        timeout: 10,
      })
      .catch((err: unknown) => {
        this.configuration = undefined;
        throw err;
      });
    return this.configuration;
  }

  async start(redirectUri: string): Promise<OidcStart> {
    const configuration = await this.discover();
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope: this.config.OIDC_SCOPES,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url: url.href, state, nonce, codeVerifier };
  }

  /** Exchanges the code (checking state, nonce and PKCE) and returns the identity's claims. */
  async finish(currentUrl: URL, expected: { state: string; nonce: string; codeVerifier: string }): Promise<OidcClaims> {
    const configuration = await this.discover();
    const tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
      pkceCodeVerifier: expected.codeVerifier,
      expectedState: expected.state,
      expectedNonce: expected.nonce,
      idTokenExpected: true,
    });
    const idToken = tokens.claims();
    if (!idToken) throw new Error('OIDC: no ID token');
    // Many providers put profile claims only in UserInfo; the ID token's win where both have them.
    const info = await client.fetchUserInfo(configuration, tokens.access_token, idToken.sub).catch(() => undefined);
    const all: Record<string, unknown> = { ...info, ...idToken };
    const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
    const name = str(all.name) ?? ([str(all.given_name), str(all.family_name)].filter(Boolean).join(' ') || undefined);
    return {
      issuer: idToken.iss,
      subject: idToken.sub,
      email: str(all.email),
      emailVerified: all.email_verified === true || all.email_verified === 'true',
      name,
      picture: str(all.picture),
    };
  }
}
