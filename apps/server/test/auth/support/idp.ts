// A real OpenID Connect provider (oidc-provider) on 127.0.0.1 with a random port,
// with its development login and consent pages. Used by the integration tests and
// the browser tests. Any login name signs in; known names get the claims below,
// others get `<login>@idp.test` (verified) and the name 'Test <login>'.
import { createSign, generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface IdpAccount {
  email?: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
}

export interface TestIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, IdpAccount>;
  /**
   * While true, the token endpoint's ID tokens are re-signed with a key that is not the
   * provider's (same header, kid and claims): what a tampering proxy or a forger would send.
   */
  forgeIdTokens: boolean;
  close(): Promise<void>;
}

export interface StartIdpOptions {
  /** The client's registered redirect URIs; a function is called at the first request (for a server started later). */
  redirectUris: string[] | (() => string[]);
  clientId?: string;
  clientSecret?: string;
}

export async function startIdp(options: StartIdpOptions): Promise<TestIdp> {
  const clientId = options.clientId ?? 'visage-test';
  const clientSecret = options.clientSecret ?? 'visage-test-secret-0123456789abcdef';
  const accounts = new Map<string, IdpAccount>();
  let handler: Parameters<typeof createServer>[1] = (_req, res) => res.end();
  const server: Server = createServer((req, res) => handler?.(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const build = () => new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: typeof options.redirectUris === 'function' ? options.redirectUris() : options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    cookies: { keys: ['idp-test-cookie-key-0123456789'] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
    async findAccount(_ctx, id) {
      const known = accounts.get(id);
      const claims = known ?? { email: `${id}@idp.test`, email_verified: true, name: `Test ${id}` };
      return { accountId: id, claims: async () => ({ sub: id, ...claims }) };
    },
  });
  let provider: Provider | undefined;
  if (typeof options.redirectUris !== 'function') provider = build();
  const idp: TestIdp = {
    issuer,
    clientId,
    clientSecret,
    accounts,
    forgeIdTokens: false,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  handler = (req, res) => {
    provider ??= build();
    if (idp.forgeIdTokens && req.method === 'POST' && req.url?.startsWith('/token')) resignIdTokens(req, res);
    return provider.callback()(req, res);
  };
  return idp;
}

const foreignKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;

/** Rewrites the JSON body the provider sends so that its id_token carries a foreign RS256 signature. */
function resignIdTokens(_req: IncomingMessage, res: ServerResponse): void {
  const setHeader = res.setHeader.bind(res);
  const end = res.end.bind(res) as (chunk?: unknown) => ServerResponse;
  res.setHeader = (name, value) => (name.toLowerCase() === 'content-length' ? res : setHeader(name, value));
  res.end = ((chunk?: unknown) => {
    const body = JSON.parse(String(chunk)) as { id_token?: string };
    if (body.id_token) {
      const [header = '', payload = ''] = body.id_token.split('.');
      const signature = createSign('RSA-SHA256').update(`${header}.${payload}`).sign(foreignKey).toString('base64url');
      body.id_token = `${header}.${payload}.${signature}`;
    }
    return end(JSON.stringify(body));
  }) as typeof res.end;
}

/**
 * Drives the provider's login and consent pages over HTTP, starting at the
 * authorisation URL, until it redirects to `redirectPrefix`; returns that URL.
 */
export async function completeIdpLogin(authorizationUrl: string, login: string, redirectPrefix: string): Promise<string> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const remember = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const value = pair.slice(eq + 1);
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') jar.delete(pair.slice(0, eq));
      else jar.set(pair.slice(0, eq), value);
    }
  };
  let url = authorizationUrl;
  let body: URLSearchParams | undefined;
  for (let step = 0; step < 20; step += 1) {
    if (url.startsWith(redirectPrefix)) return url;
    const res = await fetch(url, {
      method: body ? 'POST' : 'GET',
      body,
      redirect: 'manual',
      headers: { cookie: cookieHeader(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    });
    remember(res);
    body = undefined;
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url).href;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`IdP answered ${res.status} without a form: ${html.slice(0, 300)}`);
    url = new URL(action.replace(/&amp;/g, '&'), url).href;
    body = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt });
  }
  throw new Error('IdP login did not finish in 20 steps');
}
