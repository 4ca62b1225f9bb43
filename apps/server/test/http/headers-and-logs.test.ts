// What every answer carries (security headers, caching of the page and its files, no source
// maps), what the log keeps per request, and that secrets never reach it.
import { Writable } from 'node:stream';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/app.ts';
import { loadConfig, redactedConfig } from '../../src/config.ts';
import { fakeWebDist } from './support/callers.ts';

function logCollector(): { stream: Writable; lines: () => Array<Record<string, unknown>>; bytes: () => number } {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      text += chunk.toString();
      done();
    },
  });
  const lines = () => text.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);
  return { stream, lines, bytes: () => Buffer.byteLength(text) };
}

async function start(env: Record<string, string>, log = logCollector()): Promise<{ built: BuiltApp; log: typeof log; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'visage-headers-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, LOG_LEVEL: 'info', ROLE: 'api', WEB_DIST: fakeWebDist(dir), ...env });
  const built = await buildApp(config, { logStream: log.stream });
  await built.app.ready();
  return { built, log, dir };
}

describe('security headers', () => {
  let s: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => (s = await start({})));
  afterAll(async () => {
    await s.built.app.close();
    rmSync(s.dir, { recursive: true, force: true });
  });

  it('are on the page and on the API', async () => {
    for (const url of ['/', '/terms', '/app/api/health', '/app/api/me']) {
      const res = await s.built.app.inject({ url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("object-src 'none'");
      // A clip chosen as the target plays in the page from a blob: URL before it is sent.
      expect(csp, url).toContain("media-src 'self' blob:");
      expect(csp, url).not.toContain('unsafe-inline');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('same-origin');
      expect(res.headers['permissions-policy'], url).toContain('camera=()');
      expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin-allow-popups');
      // Plain http: no HSTS (it would pin a name that may not serve https).
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('revalidates the page on every load, keeps hashed files a year, serves no source map', async () => {
    for (const url of ['/', '/index.html', '/app/proshoot']) {
      const res = await s.built.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    const asset = await s.built.app.inject({ url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await s.built.app.inject({ url: '/assets/index-abc123.js.map' })).statusCode).toBe(404);
  });
});

describe('HSTS', () => {
  it('is sent when PUBLIC_URL is https', async () => {
    const s = await start({ PUBLIC_URL: 'https://visage.example.com' });
    try {
      const res = await s.built.app.inject({ url: '/app/api/health' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    } finally {
      await s.built.app.close();
      rmSync(s.dir, { recursive: true, force: true });
    }
  });
});

describe('request log', () => {
  it('keeps ordinary answers out of the info log and writes one line per refusal', async () => {
    const s = await start({});
    try {
      const before = s.log.bytes();
      for (let i = 0; i < 50; i += 1) expect((await s.built.app.inject({ url: '/app/api/health' })).statusCode).toBe(200);
      expect(s.log.bytes() - before).toBe(0);
      const refused = await s.built.app.inject({ url: '/app/api/me?token=abc' });
      expect(refused.statusCode).toBe(401);
      const lines = s.log.lines().filter((l) => l.msg === 'request refused');
      expect(lines).toHaveLength(1);
      // The route's pattern, not the raw URL: query strings (codes, tokens) never reach the log.
      expect(lines[0]).toMatchObject({ method: 'GET', url: '/app/api/me', status: 401 });
      expect(JSON.stringify(s.log.lines())).not.toContain('token=abc');
    } finally {
      await s.built.app.close();
      rmSync(s.dir, { recursive: true, force: true });
    }
  });
});

describe('secrets in the log', () => {
  it('are redacted by name, whatever their value', () => {
    const secrets = {
      ALTCHA_HMAC_KEY: '/etc/visage/hmac-key-0123456789',
      OIDC_CLIENT_SECRET: './client-secret-value',
      S3_SECRET_ACCESS_KEY: 'plain-secret-key-value',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLEKEYID',
      ADMIN_PASSWORD: '/Granite-Falcon-907',
    };
    const config = loadConfig({
      ...secrets,
      OIDC_CLIENT_ID: 'client',
      PUBLIC_URL: 'https://visage.example.com',
      DATABASE_URL: 'postgres://visage:db-password-value@db.internal:5432/visage',
    });
    const text = JSON.stringify(redactedConfig(config));
    for (const value of [...Object.values(secrets), 'db-password-value']) expect(text).not.toContain(value);
    expect(text).toContain('db.internal:5432');
    expect(text).toContain('https://visage.example.com');
  });
});
