// The server processes and clean-ups a test starts, ended after each test: a process still running
// is killed, then the clean-ups run, last added first (a database dropped after the app on it stopped).
import type { ChildProcess } from 'node:child_process';
import { afterEach } from 'vitest';

export function endedAfterEach(): { children: ChildProcess[]; cleanups: Array<() => Promise<void> | void> } {
  const children: ChildProcess[] = [];
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const c of children) if (c.exitCode === null && !c.signalCode) c.kill('SIGKILL');
    children.length = 0;
    for (const f of cleanups.reverse()) await f();
    cleanups.length = 0;
  });
  return { children, cleanups };
}
