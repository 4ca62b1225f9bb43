// The first admin: ADMIN_EMAIL/ADMIN_PASSWORD at start, and `npm run user:create`.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { cookieFrom, makeApp, signIn, testDatabase } from '../auth/support/app.ts';

const run = promisify(execFile);
const SERVER_DIR = resolve(import.meta.dirname, '../..');

describe('first admin', () => {
  it('is created from ADMIN_EMAIL/ADMIN_PASSWORD at start, keeping its password on later starts', async () => {
    const t = await makeApp({ ADMIN_EMAIL: 'Boss@Example.com', ADMIN_PASSWORD: 'Granite-Falcon-907' });
    try {
      const res = await signIn(t.app, 'boss@example.com', 'Granite-Falcon-907');
      expect(res.statusCode).toBe(200);
      expect(res.json().role).toBe('admin');
      // The operator who set it up records the consent and the age on the person's behalf.
      const row = await t.ctx.db.selectFrom('users').selectAll().where('email', '=', 'boss@example.com').executeTakeFirstOrThrow();
      expect(row).toMatchObject({ consent_method: 'admin-cli', terms_version: '2023-11-15' });
      expect(row.age_confirmed_at).toBeGreaterThan(0);
      const me = await t.app.inject({ method: 'GET', url: '/app/api/me', headers: { cookie: cookieFrom(res) } });
      expect(me.json().role).toBe('admin');
      // An admin may read anyone's data (operator rights included).
      const other = await t.app.inject({ method: 'GET', url: '/app/api/users/someone/personaldata', headers: { cookie: cookieFrom(res) } });
      expect(other.statusCode).toBe(404);
      expect(other.json().error.message).toBe('No such user.');
      await t.ctx.db.updateTable('users').set({ role: 'user' }).where('email', '=', 'boss@example.com').execute();
    } finally {
      await t.stop();
    }
    // Next start on the same data: the account is admin again and its password unchanged.
    const again = await makeApp({ DATA_DIR: t.dir, DATABASE_URL: t.databaseUrl, ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'Other-Password-812' });
    try {
      expect((await signIn(again.app, 'boss@example.com', 'Other-Password-812')).statusCode).toBe(401);
      const res = await signIn(again.app, 'boss@example.com', 'Granite-Falcon-907');
      expect(res.json()).toMatchObject({ role: 'admin' });
    } finally {
      await again.stop();
      await t.close();
    }
  });

  it('is created by the user:create command, which refuses common passwords', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'visage-cli-'));
    const database = await testDatabase(dir);
    const env = { ...process.env, DATA_DIR: dir, DATABASE_URL: database.url, LOG_LEVEL: 'silent' };
    try {
      const ok = await run('npx', ['tsx', 'src/cli/user-create.ts', '--email', 'Root@Example.com', '--password', 'Quartz-Meadow-5521', '--role', 'admin'], { cwd: SERVER_DIR, env });
      expect(ok.stdout).toMatch(/^Created root@example\.com \(uid [0-9a-f]{32}\) with role admin\./);
      const bad = await run('npx', ['tsx', 'src/cli/user-create.ts', '--email', 'x@example.com', '--password', 'password123'], { cwd: SERVER_DIR, env }).then(
        () => ({ code: 0, stderr: '' }),
        (e: { code: number; stderr: string }) => e,
      );
      expect(bad.code).toBe(1);
      expect(bad.stderr).toContain('This password is too common');

      const t = await makeApp({ DATA_DIR: dir, DATABASE_URL: database.url });
      try {
        const res = await signIn(t.app, 'root@example.com', 'Quartz-Meadow-5521');
        expect(res.json()).toMatchObject({ role: 'admin' });
      } finally {
        await t.stop();
      }
    } finally {
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
