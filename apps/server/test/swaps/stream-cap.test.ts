// Progress streams are capped per account: each polls the database every second while open.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MAX_STREAMS_PER_USER } from '../../src/modules/swaps/job-events.ts';
import { signUp, type TestApp } from '../auth/support/app.ts';
import { databaseTargets } from '../support/databases.ts';
import { appOn, uploadSwap, type Who } from '../account/support.ts';

let t: TestApp;
let drop: () => Promise<void>;
let base: string;
let alice: Who;
let bob: Who;
let jobId: string;

beforeAll(async () => {
  // As an API-only process: the swap stays queued, so its streams stay open.
  ({ t, drop } = await appOn(databaseTargets[0]!, 'local', { ROLE: 'api' }));
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  const a = await signUp(t.app, { firstName: 'alice', lastName: 'streams' });
  const b = await signUp(t.app, { firstName: 'bob', lastName: 'streams' });
  alice = { cookie: a.cookie, uid: a.me.uid, email: a.me.profile.email };
  bob = { cookie: b.cookie, uid: b.me.uid, email: b.me.profile.email };
  jobId = `swap-${await uploadSwap(t.app, alice)}`;
}, 60_000);

afterAll(async () => drop?.());

it(`lets one account hold ${MAX_STREAMS_PER_USER} progress streams open, refuses more, and counts each account apart`, async () => {
  const open = (who: Who) => {
    const abort = new AbortController();
    return fetch(`${base}/app/api/jobs/${jobId}/events`, { headers: { cookie: who.cookie }, signal: abort.signal }).then((res) => ({ res, close: () => abort.abort() }));
  };
  const streams = [];
  for (let i = 0; i < MAX_STREAMS_PER_USER; i++) streams.push(await open(alice));
  expect(streams.map((s) => s.res.status)).toEqual(Array(MAX_STREAMS_PER_USER).fill(200));
  const refused = await open(alice);
  expect(refused.res.status).toBe(429);
  expect(((await refused.res.json()) as { error: { code: string } }).error.code).toBe('too_many_streams');
  // Another account's cap is its own: an operator may watch alice's job.
  expect((await open(bob)).res.status).toBe(404);
  await t.ctx.db.updateTable('users').set({ role: 'operator' }).where('uid', '=', bob.uid).execute();
  const operator = await open(bob);
  expect(operator.res.status).toBe(200);
  operator.close();
  streams.pop()!.close();
  await expect.poll(async () => { const s = await open(alice); s.close(); return s.res.status; }, { timeout: 5000 }).toBe(200);
  for (const s of streams) s.close();
});
