// The accounts API (server: apps/server/src/modules/auth and users).
import type {
  AuthConfigResponse,
  OidcConsentInfo,
  OidcConsentRequest,
  BotChallenge,
  CheckInboxResponse,
  ConfirmEmailResponse,
  MailLanguage,
  MeResponse,
  SignInRequest,
  SignUpRequest,
} from '@visage/contracts';
import { authConfigResponseGuard, botChallengeGuard, meResponseGuard, oidcConsentInfoGuard } from '@visage/contracts/first-load';
import { api, apiUrl } from '../../../lib/api-client';
import { fromContracts } from '../../../lib/contracts';

export const fetchMe = (): Promise<MeResponse> => api.get('/me', { schema: meResponseGuard });

export const fetchAuthConfig = (): Promise<AuthConfigResponse> => api.get('/auth/config', { schema: authConfigResponseGuard });

export const fetchChallenge = (): Promise<BotChallenge> => api.get('/auth/challenge', { schema: botChallengeGuard });

export const postSignIn = (body: SignInRequest): Promise<MeResponse> => api.post('/auth/signin', body, { schema: meResponseGuard });

/** A session (201), or "check your inbox" (202) when the server sends mail: it then never says whether the address was taken. */
export const postSignUp = (body: SignUpRequest): Promise<MeResponse | CheckInboxResponse> =>
  api.post('/auth/signup', body, { schema: fromContracts((c) => c.checkInboxResponse.or(c.meResponse)) });

export const postForgotPassword = (email: string, language: MailLanguage): Promise<CheckInboxResponse> =>
  api.post('/auth/password/forgot', { email, language }, { schema: fromContracts((c) => c.checkInboxResponse) });

export const postResetPassword = (token: string, password: string): Promise<void> => api.post('/auth/password/reset', { token, password });

export const postConfirmEmail = (token: string): Promise<ConfirmEmailResponse> => api.post('/auth/email/confirm', { token }, { schema: fromContracts((c) => c.confirmEmailResponse) });

export const postLogout = (): Promise<void> => api.post('/auth/logout');

/** The consent step of a first OIDC sign-in (bound to this browser by a cookie the callback set). */
export const fetchOidcConsent = (): Promise<OidcConsentInfo> => api.get('/auth/oidc/consent', { schema: oidcConsentInfoGuard });

export const postOidcConsent = (body: OidcConsentRequest): Promise<MeResponse> => api.post('/auth/oidc/consent', body, { schema: meResponseGuard });

export const cancelOidcConsent = (): Promise<void> => api.delete('/auth/oidc/consent');

/** Where the OIDC popup starts; the server redirects it to the provider. */
export const OIDC_START_URL = apiUrl('/auth/oidc/start');
