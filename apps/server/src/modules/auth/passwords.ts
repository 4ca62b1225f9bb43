// Password hashing (argon2id) and the sign-up password policy.
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { PASSWORD_MIN_LENGTH } from '@visage/contracts';
import { AppError } from '../../http/errors.ts';
import { isWellKnownPassword } from './well-known-passwords.ts';

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. Verify reads them from the stored hash.
const OPTIONS = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/**
 * Spends the same time as a real check, for unknown e-mails and password-less
 * (OIDC-only) accounts, so the answer's timing does not reveal which e-mails exist.
 */
export async function verifyDummy(password: string): Promise<false> {
  dummy ??= hashPassword('visage-timing-equaliser');
  await verifyPassword(await dummy, password);
  return false;
}

/** Throws the policy's clear message when `password` may not be used (wherever one is set). */
export async function assertPasswordAllowed(password: string, email?: string): Promise<void> {
  if ([...password].length < PASSWORD_MIN_LENGTH) {
    throw new AppError(400, 'weak_password', `Use at least ${PASSWORD_MIN_LENGTH} characters for your password.`);
  }
  const local = email?.split('@')[0]?.toLowerCase();
  if ((local && local.length >= 4 && password.toLowerCase() === local) || (await isWellKnownPassword(password))) {
    throw new AppError(400, 'common_password', 'This password is too common and easy to guess. Choose a different one.');
  }
}
