// API keys: created, named, listed and revoked by their owner on the account page; used by the
// guard to find the account behind `Authorization: Bearer <key>`. The secret is shown once at
// creation; only its SHA-256 is kept, with a short prefix to recognise it by.
import { randomBytes, randomUUID } from 'node:crypto';
import { API_KEY_PREFIX, MAX_API_KEYS, type ApiKeySummary, type CreatedApiKey } from '@visage/contracts';
import { AppError, notFound } from '../../http/errors.ts';
import type { KeyCaller } from '../auth/guards.ts';
import { hashToken } from '../auth/tokens.ts';
import type { ApiKeyRow, ApiKeysRepository } from './repository.ts';

/** `last_used_at` is written at most this often per key. */
const TOUCH_MS = 60_000;
/** Shown beside the key's name: the prefix and four more characters. */
const SHOWN_CHARS = API_KEY_PREFIX.length + 4;
/** A secret is the prefix and 32 base64url characters (192 random bits). */
const SECRET_PATTERN = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{32}$`);

const toSummary = (row: ApiKeyRow): ApiKeySummary => ({ id: row.id, name: row.name, prefix: row.prefix, createdAt: row.created_at, lastUsedAt: row.last_used_at });

export class ApiKeysService {
  constructor(
    private readonly repo: ApiKeysRepository,
    private readonly now: () => number = Date.now,
  ) {}

  async list(uid: string): Promise<ApiKeySummary[]> {
    return (await this.repo.list(uid)).map(toSummary);
  }

  /**
   * Each live key holds one of MAX_API_KEYS slots, unique per account: of two creates that pick
   * the same free slot one insert fails and looks again, so the cap holds without a lock.
   */
  async create(uid: string, name: string): Promise<CreatedApiKey> {
    for (let attempt = 0; ; attempt += 1) {
      const used = new Set(await this.repo.usedSlots(uid));
      const slot = Array.from({ length: MAX_API_KEYS }, (_, i) => i).find((i) => !used.has(i));
      if (slot === undefined) throw new AppError(409, 'api_key_limit', `You can hold ${MAX_API_KEYS} API keys at most. Revoke one to create another.`);
      const secret = `${API_KEY_PREFIX}${randomBytes(24).toString('base64url')}`;
      const row: ApiKeyRow = { id: randomUUID(), uid, slot, name, prefix: secret.slice(0, SHOWN_CHARS), secret_hash: hashToken(secret), created_at: this.now(), last_used_at: null };
      try {
        await this.repo.insert(row);
        return { ...toSummary(row), secret };
      } catch (err) {
        if (attempt >= MAX_API_KEYS) throw err;
      }
    }
  }

  async revoke(uid: string, id: string): Promise<void> {
    if (!(await this.repo.remove(uid, id))) throw notFound();
  }

  /** The account behind a key, or null (garbled, unknown or revoked: the guard answers them alike). */
  async resolve(secret: string): Promise<KeyCaller | null> {
    if (!SECRET_PATTERN.test(secret)) return null;
    const found = await this.repo.findCaller(hashToken(secret));
    if (!found) return null;
    const now = this.now();
    if (found.lastUsedAt === null || now - found.lastUsedAt >= TOUCH_MS) await this.repo.touch(found.keyId, now, now - TOUCH_MS);
    return { keyId: found.keyId, user: found.user };
  }

  /** The account's keys for "Download my data": names, prefixes and dates, never a secret or hash. */
  async exportFor(uid: string): Promise<Array<Omit<ApiKeySummary, 'id' | 'createdAt' | 'lastUsedAt'> & { createdAt: string; lastUsedAt: string | null }>> {
    return (await this.repo.list(uid)).map((r) => ({
      name: r.name,
      prefix: r.prefix,
      createdAt: new Date(r.created_at).toISOString(),
      lastUsedAt: r.last_used_at === null ? null : new Date(r.last_used_at).toISOString(),
    }));
  }

  eraseAll(uid: string): Promise<void> {
    return this.repo.removeAll(uid);
  }
}
