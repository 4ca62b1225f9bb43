// Sign-in limits under concurrency: attempts are reserved before the password check, so a burst
// cannot slip past the count. Two app instances share one database, as two API processes do;
// runs on SQLite and, when TEST_DATABASE_URL is set, on PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as passwords from '../../src/modules/auth/passwords.ts';
import { databaseTargets, type TestDatabase } from '../support/databases.ts';
import { GOOD_PASSWORD, makeApp, signIn, signUp, type TestApp } from './support/app.ts';

for (const target of databaseTargets) {
  describe.runIf(target.enabled)(`sign-in limits under concurrency (${target.kind})`, () => {
    let database: TestDatabase;
    let dir: string;
    let apps: TestApp[];
    beforeEach(async () => {
      database = await target.create();
      dir = mkdtempSync(join(tmpdir(), 'visage-race-'));
      apps = [];
      for (let i = 0; i < 2; i += 1) apps.push(await makeApp({ DATABASE_URL: database.url, DATA_DIR: dir }));
    });
    afterEach(async () => {
      vi.restoreAllMocks();
      for (const a of apps) await a.stop();
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    });

    it('40 simultaneous sign-ins from one address: at most 10 wrong passwords checked, the rest 429', async () => {
      const { me: user } = await signUp(apps[0]!.app);
      const checks = vi.spyOn(passwords, 'verifyPassword');
      const ip = '198.51.100.40';
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => signIn(apps[i % 2]!.app, user.profile.email, i === 17 ? GOOD_PASSWORD : `Wrong-password-${i}`, ip)),
      );
      const statuses = answers.map((r) => r.statusCode);
      const checked = statuses.filter((s) => s === 401 || s === 200).length;
      expect(checks.mock.calls.length).toBe(checked);
      expect(checked).toBeGreaterThan(0);
      // The one right password gives its count back, so it may let one more guess through; never an 11th failure.
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
      expect(checked).toBeLessThanOrEqual(11);
      expect(statuses.filter((s) => s === 429).length).toBe(40 - checked);
      for (const r of answers.filter((a) => a.statusCode === 429)) expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('the account-wide proof-of-work gate holds under a burst from many addresses', async () => {
      const { me: user } = await signUp(apps[0]!.app);
      for (let i = 0; i < 9; i += 1) expect((await signIn(apps[0]!.app, user.profile.email, `Wrong-${i}-password`, `192.0.2.${i + 1}`)).statusCode).toBe(401);
      const checks = vi.spyOn(passwords, 'verifyPassword');
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) => signIn(apps[i % 2]!.app, user.profile.email, `Wrong-burst-${i}`, `203.0.113.${i + 1}`)),
      );
      // Only the 10th failure may go without a proof-of-work; every other guess is asked for one.
      expect(checks.mock.calls.length).toBeLessThanOrEqual(1);
      expect(answers.filter((r) => r.statusCode === 400 && r.json().error.code === 'bot_check_required').length).toBeGreaterThanOrEqual(29);
    });
  });
}
