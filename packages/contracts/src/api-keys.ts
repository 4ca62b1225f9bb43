// Developers' API keys (the account page's keys card) and the limits the server holds them to.
import { z } from 'zod';

/** Live keys one account may hold at once. */
export const MAX_API_KEYS = 10;
/** Every key starts with this, so it is recognised in logs and by secret scanners. */
export const API_KEY_PREFIX = 'vsk_';

/** One key as the account page lists it: never its secret nor the secret's hash. */
export const apiKeySummary = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters (`vsk_ab12`), to recognise it by. */
  prefix: z.string(),
  createdAt: z.number(),
  /** Updated at most once a minute. */
  lastUsedAt: z.number().nullable(),
});
export type ApiKeySummary = z.infer<typeof apiKeySummary>;

/** GET /app/api/account/api-keys */
export const apiKeyList = z.object({ keys: z.array(apiKeySummary), max: z.number() });
export type ApiKeyList = z.infer<typeof apiKeyList>;

/** POST /app/api/account/api-keys */
export const createApiKeyRequest = z.object({ name: z.string().trim().min(1).max(100) });
export type CreateApiKeyRequest = z.infer<typeof createApiKeyRequest>;

/** The created key: `secret` is shown this once and never again. */
export const createdApiKey = apiKeySummary.extend({ secret: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKey>;
