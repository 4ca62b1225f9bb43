// Session and OIDC-flow cookies: HttpOnly, SameSite=Lax; Secure with the __Host-
// prefix when the public origin is https (the prefix requires Secure and Path=/).
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { Config } from '../../config.ts';

export interface CookieNames {
  session: string;
  oidc: string;
  /** Binds a pending OIDC sign-up (waiting for consent) to this browser. */
  consent: string;
  secure: boolean;
}

export function cookieNames(config: Config): CookieNames {
  const secure = config.PUBLIC_URL?.startsWith('https://') ?? false;
  return {
    session: secure ? '__Host-visage_session' : 'visage_session',
    oidc: secure ? '__Host-visage_oidc' : 'visage_oidc',
    consent: secure ? '__Host-visage_oidc_consent' : 'visage_oidc_consent',
    secure,
  };
}

export function cookieOptions(names: CookieNames, maxAgeSeconds: number): CookieSerializeOptions {
  return { httpOnly: true, sameSite: 'lax', secure: names.secure, path: '/', maxAge: maxAgeSeconds };
}
