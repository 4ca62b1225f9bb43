// The API process's memory stays bounded under near-limit uploads: 8 uploads at once, each with
// two 4096 × 4096 PNGs (the default pixel cap), keep a real server process (ROLE=api) under
// 400 MB RSS (the kernel's own peak, VmHWM); the old pipeline took a 6300² PNG from 135 to 607 MB.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir, waitUntil } from '../support/tmp.ts';
import { freePort } from '../../../../scripts/lib-stack.mjs';

const SERVER = resolve(import.meta.dirname, '../../src');
const PASSWORD = 'memory-Visage-2026!';

const memMB = (pid: number, field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;

describe.runIf(process.platform === 'linux')('API memory', () => {
  let child: ChildProcess | undefined;
  const data = tempDir('visage-mem-');
  afterEach(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    data.remove();
  });

  it('8 uploads of two 16.8 MP PNGs at once: the API process stays under 400 MB', async () => {
    const env = { ...process.env, NODE_ENV: 'production', DATA_DIR: data.dir, WEB_DIST: data.dir, LOG_LEVEL: 'warn', ROLE: 'api', PORT: String(await freePort()) };
    const made = spawnSync(process.execPath, ['--import', 'tsx', `${SERVER}/cli/user-create.ts`, '--email', 'mem@example.com', '--password', PASSWORD, '--first', 'Mem', '--last', 'Test'], { env, encoding: 'utf8' });
    const uid = /uid ([^)\s]+)/.exec(made.stdout)?.[1];
    expect(uid, made.stderr).toBeTruthy();
    child = spawn(process.execPath, ['--import', 'tsx', `${SERVER}/main.ts`], { env, stdio: 'ignore' });
    const base = `http://127.0.0.1:${env.PORT}`;
    await waitUntil(async () => (await fetch(`${base}/app/api/health`).catch(() => null))?.ok, 60_000, 'the server');
    const signin = await fetch(`${base}/app/api/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'mem@example.com', password: PASSWORD }) });
    const cookie = (signin.headers.get('set-cookie') ?? '').split(';')[0]!;
    const png = await sharp({ create: { width: 4096, height: 4096, channels: 3, background: '#7f8a6c' } }).png().toBuffer();
    const upload = () => {
      const fd = new FormData();
      fd.append('uid', uid!);
      fd.append('target', new Blob([png], { type: 'image/png' }), 't.png');
      fd.append('source', new Blob([png], { type: 'image/png' }), 's.png');
      return fetch(`${base}/app/api/upload`, { method: 'POST', headers: { cookie }, body: fd }).then((r) => r.status);
    };
    const statuses = await Promise.all(Array.from({ length: 8 }, upload));
    expect(statuses).toEqual(Array(8).fill(202));
    expect(memMB(child.pid!, 'VmHWM')).toBeLessThan(400);
  }, 120_000);
});
