// Self-hosted proof-of-work (altcha): the server signs a challenge, the browser
// finds the number, the server verifies the signature, expiry and single use.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createChallenge, extractParams, verifySolution } from 'altcha-lib';
import type { BotChallenge } from '@visage/contracts';
import type { Config } from '../../config.ts';
import type { AuthRepository } from './repository.ts';

const CHALLENGE_TTL_MS = 10 * 60 * 1000;

/**
 * ALTCHA_HMAC_KEY, or a key generated once and kept in DATA_DIR/altcha.key
 * (mode 0600) so that every process and restart shares it. Never logged.
 */
export function resolveBotCheckKey(config: Pick<Config, 'ALTCHA_HMAC_KEY' | 'DATA_DIR'>): string {
  if (config.ALTCHA_HMAC_KEY) return config.ALTCHA_HMAC_KEY;
  const file = join(config.DATA_DIR, 'altcha.key');
  mkdirSync(config.DATA_DIR, { recursive: true });
  try {
    writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return readFileSync(file, 'utf8').trim();
}

export class BotCheck {
  constructor(
    private readonly repo: AuthRepository,
    private readonly hmacKey: string,
    private readonly maxNumber: number,
  ) {}

  /**
   * A signed challenge. Level n (sign-in of an account under attack) searches 2^(n-1) times
   * as far; the level is signed into the salt, so a cheap challenge cannot stand in for it.
   */
  async challenge(now = Date.now(), level = 0): Promise<BotChallenge> {
    return createChallenge({
      hmacKey: this.hmacKey,
      maxnumber: this.maxNumber * 2 ** Math.max(0, level - 1),
      expires: new Date(now + CHALLENGE_TTL_MS),
      ...(level > 0 ? { params: { level: String(level) } } : {}),
    });
  }

  /** True for a correctly solved, unexpired challenge of at least `minLevel`, seen for the first time. */
  async verify(payload: string, now = Date.now(), minLevel = 0): Promise<boolean> {
    if (!(await verifySolution(payload, this.hmacKey, true))) return false;
    if (minLevel > 0 && !(Number(extractParams(payload).level) >= minLevel)) return false;
    let signature: string;
    try {
      signature = (JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as { signature: string }).signature;
    } catch {
      return false;
    }
    const expires = Number(extractParams(payload).expires) * 1000 || now + CHALLENGE_TTL_MS;
    return this.repo.spendChallenge(signature, expires, now);
  }
}
