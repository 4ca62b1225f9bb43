// GET /app/api/retention answers the retention settings as configured, to anyone, so the web
// app's privacy and account texts state the operator's figures rather than the defaults.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retentionConfig } from '@visage/contracts';
import { makeApp, type TestApp } from '../auth/support/app.ts';

describe('retention settings route', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp({ UPLOAD_RETENTION_HOURS: '1', EXPORT_TTL_HOURS: '72' });
  });
  afterAll(() => t?.close());

  it('answers the configured hours, not the 24-hour defaults, without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/app/api/retention' });
    expect(res.statusCode).toBe(200);
    expect(retentionConfig.parse(res.json())).toEqual({ uploadRetentionHours: 1, exportTtlHours: 72 });
  });

  it('says 0 when uploads go as their swap ends', async () => {
    const zero = await makeApp({ UPLOAD_RETENTION_HOURS: '0' });
    try {
      const res = await zero.app.inject({ method: 'GET', url: '/app/api/retention' });
      expect(res.json()).toEqual({ uploadRetentionHours: 0, exportTtlHours: 24 });
    } finally {
      await zero.close();
    }
  });
});
