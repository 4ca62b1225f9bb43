// Configuration comes from the environment only, validated once at start.
// Secrets are read here and never logged (see redactedConfig).
import { isAbsolute, resolve } from 'node:path';
import { z } from 'zod';
import { VIDEO_MAX_BYTES_DEFAULT, VIDEO_MAX_SECONDS_DEFAULT } from '@visage/contracts';
import { createAddressPolicy } from './modules/webhooks/address-policy.ts';

const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Public origin, e.g. https://visage.example.com; decides Secure cookies. */
  PUBLIC_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  /** sqlite file path or postgres:// URL. Defaults to DATA_DIR/visage.db. */
  DATABASE_URL: z.string().optional(),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  STORAGE_DIR: z.string().optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Path-style URLs (bucket in the path): needed by MinIO, Garage and s3rver; AWS accepts them. */
  S3_FORCE_PATH_STYLE: bool.default(true),
  /** Optional folder inside the bucket for every key, e.g. visage/. */
  S3_PREFIX: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/).optional(),
  QUEUE_DRIVER: z.enum(['local', 'bullmq']).default('local'),
  REDIS_URL: z.string().optional(),
  /** api: HTTP only; worker: jobs only; all: both in one process. */
  ROLE: z.enum(['api', 'worker', 'all']).default('all'),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  /** BullMQ queue name (Redis key prefix part); several deployments can share one Redis. */
  QUEUE_NAME: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/).default('visage'),
  /** How long a claimed job stays leased without a heartbeat before another worker may take it. */
  JOB_LEASE_MS: z.coerce.number().int().min(1000).default(30_000),
  /** How often an idle local worker looks for due jobs. */
  JOB_POLL_MS: z.coerce.number().int().min(10).default(500),
  /** Attempts per job unless its definition says otherwise. */
  JOB_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(3),
  /** First retry delay; doubles with each attempt (plus jitter). */
  JOB_BACKOFF_MS: z.coerce.number().int().min(0).default(2_000),
  /**
   * Largest image accepted, in pixels, checked from the header before decoding. 4096 × 4096:
   * browsers send at most 1920 px on the long side (the client compresses); a larger photo is
   * a mistake or an attack, and costs decode time and memory for nothing.
   */
  MAX_IMAGE_PIXELS: z.coerce.number().int().min(1).default(4096 * 4096),
  /** Images at the pixel cap decoding at once per API process (a progressive JPEG there holds ~100 MB); smaller ones share by pixels. */
  IMAGE_DECODE_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  /** Decodes that may wait for a slot; past this an upload gets 503 with Retry-After. */
  IMAGE_DECODE_QUEUE: z.coerce.number().int().min(0).max(1000).default(32),
  /**
   * Multipart uploads whose bodies are read at once per API process (each holds its files, up to
   * 20 MB for a swap, until its images are cleaned); the others wait, up to IMAGE_DECODE_QUEUE, then 503.
   */
  UPLOAD_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /** Face engine worker threads per worker process; defaults to WORKER_CONCURRENCY. */
  ENGINE_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  /** A face engine worker whose memory stays above this (MB) after a task is replaced once idle; one with its models loaded sits near 500 MB. */
  ENGINE_WORKER_MAX_RSS_MB: z.coerce.number().int().min(512).default(768),
  /** On SIGTERM, how long running jobs may take to finish before their lease is released. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(20_000),
  /** Finished jobs (done or failed) are kept this long for status reads, then removed. */
  JOB_RETENTION_HOURS: z.coerce.number().int().min(1).default(168),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Accounts (modules/auth). OIDC sign-in shows when a client id and secret are set; the
  // issuer defaults to Google (https://accounts.google.com).
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_PROVIDER_NAME: z.string().min(1).default('Google'),
  OIDC_SCOPES: z.string().default('openid email profile'),
  /** First admin, created (or promoted) at start when both are set. */
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  /** Comma-separated addresses or CIDR ranges whose X-Forwarded-For is believed. */
  TRUSTED_PROXIES: z.string().default(''),
  /** Where users write for help and about their data: the footer and the legal pages link to it. */
  SUPPORT_EMAIL: z.string().trim().email().default('support@example.com'),
  /** Version of the terms a sign-up consents to (recorded with the time). */
  TERMS_VERSION: z.string().min(1).default('2023-11-15'),
  /** Proof-of-work signing key; generated once and kept in DATA_DIR when unset. */
  ALTCHA_HMAC_KEY: z.string().min(16).optional(),
  /** Proof-of-work difficulty: the solver tries up to this many numbers (half on average). */
  ALTCHA_MAX_NUMBER: z.coerce.number().int().min(10).max(10_000_000).default(100_000),
  /** Passcode of the /app/bulk and /app/bulk2 pages; unset: no gate, the operator role alone opens them. */
  BULK_PASSCODE: z.string().min(1).optional(),
  /** Secret word of the /admin/swaps test page; unset: no gate. */
  ADMIN_TEST_WORD: z.string().min(1).optional(),
  /** Seeds the demo Proshoot catalogue (30 synthetic portraits) at first start. */
  DEMO_CONTENT: bool.default(true),
  /** Requests a minute per client address to each of sign-in, sign-up, challenge and OIDC consent (a coarse flood limit). */
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** Requests a minute per API key over every /app/api/v1 route. */
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  // Billing (modules/billing): on when the key, the webhook secret and both prices are set.
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_PRICE_STANDARD: z.string().min(1).optional(),
  STRIPE_PRICE_PREMIUM: z.string().min(1).optional(),
  /** Another Stripe API origin (protocol, host, port), e.g. a local stand-in: http://127.0.0.1:12111. */
  STRIPE_API_BASE: z.string().url().optional(),
  /** Classify every uploaded photo and refuse explicit ones (modules/content). */
  CONTENT_CHECK: bool.default(true),
  /** Classifier processes beside each API process (each holds one model, ~250 MB, ~0.2 s a photo). */
  CONTENT_WORKERS: z.coerce.number().int().min(1).max(16).default(1),
  /** Refusal threshold on the classifier's explicit share (porn + hentai), 0..1. */
  CONTENT_EXPLICIT_THRESHOLD: z.coerce.number().min(0.05).max(1).default(0.7),
  // Your data. Uploaded target and face photos (uploads/) are deleted this many hours
  // after their swap ends (0: at once); results stay until their owner deletes them.
  UPLOAD_RETENTION_HOURS: z.coerce.number().min(0).max(24 * 365).default(24),
  /** How often a worker process runs the retention sweep (uploads past retention, expired exports). */
  RETENTION_SWEEP_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  /** A "Download my data" ZIP can be downloaded this long, then it is removed. */
  EXPORT_TTL_HOURS: z.coerce.number().min(0.01).max(24 * 30).default(24),
  // E-mail (infra/mail): password-reset and confirmation links. smtp://user:pass@host:587 or
  // smtps://…:465; unset: development logs each link, production refuses what needs a mail.
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
  /** Sender of every mail, e.g. "Visage <no-reply@visage.example.com>". */
  MAIL_FROM: z.string().min(3).optional(),
  /** Data exports an account may start in 24 hours (each one replaces the one before, its ZIP deleted). */
  EXPORTS_PER_DAY: z.coerce.number().int().min(1).max(100).default(3),
  /**
   * Webhooks are never posted to loopback, private, link-local or other internal addresses. For
   * receivers on your own network, list the ranges to allow, comma-separated CIDR, e.g.
   * 127.0.0.0/8,10.0.0.0/8; plain http:// is then accepted for addresses in them (and only them).
   * Cloud metadata addresses (169.254.169.254, fd00:ec2::254) stay refused.
   */
  WEBHOOK_ALLOW_PRIVATE: z.string().default(''),
  /** Delay before a failed webhook's second try; it doubles each time (at most 4 hours), for 24 hours. */
  WEBHOOK_BACKOFF_MS: z.coerce.number().int().min(100).default(60_000),
  /** Named faces each account may keep on its "My faces" page (each with 1 to 5 photos). */
  MY_FACES_MAX: z.coerce.number().int().min(1).max(100).default(10),
  // Video swaps (modules/video). ffmpeg: FFMPEG_PATH, else found on PATH (ffprobe beside it);
  // without it the server runs and says video is off.
  FFMPEG_PATH: z.string().min(1).optional(),
  /** Longest clip accepted, in seconds. */
  VIDEO_MAX_SECONDS: z.coerce.number().min(1).max(3600).default(VIDEO_MAX_SECONDS_DEFAULT),
  /** Largest clip accepted, in bytes; the upload is cut off once it passes this. */
  VIDEO_MAX_BYTES: z.coerce.number().int().min(1024).default(VIDEO_MAX_BYTES_DEFAULT),
  /** A clip is swapped in segments of about this many seconds, each a job any worker may take. */
  VIDEO_SEGMENT_SECONDS: z.coerce.number().min(0.2).max(60).default(2),
});

export type RawConfig = z.infer<typeof configSchema>;

export interface Config extends RawConfig {
  databaseUrl: string;
  databaseKind: 'sqlite' | 'postgres';
  storageDir: string;
}

/**
 * How mail goes out: 'smtp' when SMTP_URL is set; otherwise 'log' outside production (each
 * link is logged) and 'off' in production (what needs a mail is refused with a clear message).
 */
export function mailMode(config: Pick<RawConfig, 'SMTP_URL' | 'NODE_ENV'>): 'smtp' | 'log' | 'off' {
  if (config.SMTP_URL) return 'smtp';
  return config.NODE_ENV === 'production' ? 'off' : 'log';
}

/** True when Stripe billing is fully configured; otherwise billing is hidden. */
export function billingEnabled(config: RawConfig): boolean {
  return Boolean(config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET && config.STRIPE_PRICE_STANDARD && config.STRIPE_PRICE_PREMIUM);
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  // Relative directories are read from the repository root, whichever command runs (npm start runs
  // in the root, `npm run user:create` in apps/server): both must find the same ./data.
  const raw = { ...parsed.data, DATA_DIR: fromRoot(parsed.data.DATA_DIR), STORAGE_DIR: parsed.data.STORAGE_DIR && fromRoot(parsed.data.STORAGE_DIR) };
  const databaseUrl = raw.DATABASE_URL ?? `${raw.DATA_DIR}/visage.db`;
  const databaseKind = /^postgres(ql)?:\/\//.test(databaseUrl) ? 'postgres' : 'sqlite';
  if (raw.STORAGE_DRIVER === 's3' && !raw.S3_BUCKET) throw new Error('Invalid configuration:\n  S3_BUCKET is required when STORAGE_DRIVER=s3');
  if (raw.OIDC_CLIENT_ID && raw.OIDC_CLIENT_SECRET && !raw.PUBLIC_URL) {
    // The redirect URI would otherwise come from each request's Host header (anyone can send one).
    throw new Error('Invalid configuration:\n  PUBLIC_URL is required when OIDC sign-in is configured (OIDC_CLIENT_ID, OIDC_CLIENT_SECRET): the redirect URI is built from it');
  }
  if (billingEnabled(raw) && !raw.PUBLIC_URL) {
    // Checkout and the portal send the customer back to this origin: never to a Host header's.
    throw new Error('Invalid configuration:\n  PUBLIC_URL is required when Stripe billing is configured (STRIPE_*): the return URLs are built from it');
  }
  if (raw.SMTP_URL && (!raw.MAIL_FROM || !raw.PUBLIC_URL)) {
    // Links in mails must point at the public origin, never at a request's Host header.
    throw new Error('Invalid configuration:\n  MAIL_FROM and PUBLIC_URL are required when SMTP_URL is set (the sender and the links of every mail)');
  }
  try {
    createAddressPolicy(raw.WEBHOOK_ALLOW_PRIVATE);
  } catch (err) {
    throw new Error(`Invalid configuration:\n  ${(err as Error).message}`);
  }
  if (raw.QUEUE_DRIVER === 'bullmq' && !raw.REDIS_URL) throw new Error('Invalid configuration:\n  REDIS_URL is required when QUEUE_DRIVER=bullmq');
  return { ...raw, databaseUrl, databaseKind, storageDir: raw.STORAGE_DIR ?? `${raw.DATA_DIR}/media` };
}

export const REPO_ROOT = resolve(import.meta.dirname, '../../..');

function fromRoot(dir: string): string {
  return isAbsolute(dir) ? dir : resolve(REPO_ROOT, dir);
}

// Secrets are known by their variable's name, whatever their value looks like (a key file's
// path is as secret as the key). URLs keep their host but lose any credentials in them.
const SECRET_NAME = /SECRET|PASSWORD|PASSCODE|TOKEN|KEY|WORD/i;
const URL_NAME = /URL$/i;

function withoutCredentials(value: string): string {
  try {
    const url = new URL(value);
    if (!url.username && !url.password) return value;
    url.username = url.username ? '[redacted]' : '';
    url.password = url.password ? '[redacted]' : '';
    return url.href;
  } catch {
    return value;
  }
}

/** The config with every secret masked, safe for logs. */
export function redactedConfig(config: Config): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(config).map(([k, v]) => {
      if (v === undefined || v === '') return [k, v];
      if (SECRET_NAME.test(k)) return [k, '[redacted]'];
      if (URL_NAME.test(k) && typeof v === 'string') return [k, withoutCredentials(v)];
      return [k, v];
    }),
  );
}
