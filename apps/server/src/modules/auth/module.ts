// The accounts' parts, built once by the composition (services.ts) and handed to the auth and
// OIDC routes: the service, its repository, the bot check, the OIDC client and the cookie names.
import type { Config } from '../../config.ts';
import type { Db } from '../../infra/db/database.ts';
import type { UsersService } from '../users/service.ts';
import { BotCheck, resolveBotCheckKey } from './bot-check.ts';
import { parseTrustedProxies, type TrustedProxies } from './client-ip.ts';
import { cookieNames, type CookieNames } from './cookies.ts';
import { OidcClient, oidcEnabled } from './oidc.ts';
import { OidcAccounts } from './oidc-accounts.ts';
import { AuthRepository } from './repository.ts';
import { AuthService } from './service.ts';

export interface AuthModule {
  service: AuthService;
  repo: AuthRepository;
  botCheck: BotCheck;
  oidc: OidcClient | null;
  oidcAccounts: OidcAccounts;
  cookies: CookieNames;
  trustedProxies: TrustedProxies;
}

/** What the auth and OIDC routes read. */
export interface AuthRouteDeps extends AuthModule {
  config: Config;
}

export function createAuthModule(config: Config, db: Db, users: UsersService): AuthModule {
  const repo = new AuthRepository(db);
  const botCheck = new BotCheck(repo, resolveBotCheckKey(config), config.ALTCHA_MAX_NUMBER);
  return {
    service: new AuthService(config, repo, users, botCheck),
    repo,
    botCheck,
    oidc: oidcEnabled(config) ? new OidcClient(config) : null,
    oidcAccounts: new OidcAccounts(config, repo, users),
    cookies: cookieNames(config),
    trustedProxies: parseTrustedProxies(config.TRUSTED_PROXIES),
  };
}
