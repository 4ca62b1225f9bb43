// Idempotency-Key on the public API's creates: the same key with the same request within 24 hours
// answers the first answer again (status and body) without doing anything; the same key with
// another request answers 409. Keys are per account and held in the database, so every API
// process sees them. Only a success is kept: after an error the same key may be tried again.
import { createHash } from 'node:crypto';
import { AppError, badRequest } from '../../http/errors.ts';
import type { IdempotencyRepository } from './idempotency-repository.ts';

export const IDEMPOTENCY_WINDOW_MS = 24 * 3600_000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export interface StoredAnswer {
  status: number;
  body: unknown;
}

/** SHA-256 over the request's parts, each length-prefixed so no two requests hash alike by concatenation. */
export function requestHash(parts: ReadonlyArray<string | Buffer>): string {
  const hash = createHash('sha256');
  for (const part of parts) {
    const bytes = typeof part === 'string' ? Buffer.from(part) : part;
    hash.update(`${bytes.length}:`).update(bytes);
  }
  return hash.digest('hex');
}

export class Idempotency {
  constructor(
    private readonly repo: IdempotencyRepository,
    private readonly now: () => number = Date.now,
  ) {}

  /** Runs `create` once per (account, key); `replayed` says the answer is the stored first one. */
  async run(uid: string, key: string | undefined, hash: string, create: () => Promise<StoredAnswer>): Promise<StoredAnswer & { replayed: boolean }> {
    if (key === undefined) return { ...(await create()), replayed: false };
    if (!KEY_PATTERN.test(key)) throw badRequest('invalid_idempotency_key', 'Idempotency-Key must be 1 to 255 visible ASCII characters.');
    const now = this.now();
    await this.repo.expire(uid, now - IDEMPOTENCY_WINDOW_MS);
    if (!(await this.repo.claim(uid, key, hash, now))) {
      const row = await this.repo.find(uid, key);
      if (!row) return this.run(uid, key, hash, create); // expired between the two statements
      if (row.request_hash !== hash) throw new AppError(409, 'idempotency_key_reused', 'This Idempotency-Key was used with another request.');
      if (row.status_code === null || row.response_body === null) throw new AppError(409, 'idempotency_key_in_progress', 'A request with this Idempotency-Key is still running.');
      return { status: row.status_code, body: JSON.parse(row.response_body) as unknown, replayed: true };
    }
    let answer: StoredAnswer;
    try {
      answer = await create();
    } catch (err) {
      await this.repo.release(uid, key);
      throw err;
    }
    await this.repo.complete(uid, key, answer.status, JSON.stringify(answer.body));
    return { ...answer, replayed: false };
  }

  eraseAll(uid: string): Promise<void> {
    return this.repo.removeAll(uid);
  }
}
