// SUPPORT_EMAIL: the address the footer and the legal pages link to, answered by the public
// GET /app/api/support as configured, with a demo default, and refused at start when malformed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportConfig } from '@visage/contracts';
import { loadConfig } from '../../src/config.ts';
import { makeApp, type TestApp } from '../auth/support/app.ts';

describe('support address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp({ SUPPORT_EMAIL: 'help@visage.test' });
  });
  afterAll(() => t?.close());

  it('answers the configured address to anyone, without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/app/api/support' });
    expect(res.statusCode).toBe(200);
    expect(supportConfig.parse(res.json())).toEqual({ email: 'help@visage.test' });
  });

  it('has a default for the demo and refuses an address that is not one', () => {
    expect(loadConfig({}).SUPPORT_EMAIL).toBe('support@example.com');
    expect(() => loadConfig({ SUPPORT_EMAIL: 'help at visage' })).toThrow(/SUPPORT_EMAIL/);
  });
});
