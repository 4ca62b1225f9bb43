// An upload already past the guard when "Delete my account" began, committed while the erasers
// ran: erasure sweeps again once the account row is gone, so nothing of it stays.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signUp, type TestApp } from '../auth/support/app.ts';
import { databaseTargets } from '../support/databases.ts';
import { fixture } from '../support/fixtures.ts';
import { appOn, FACE, TARGET } from './support.ts';

let t: TestApp;
let drop: () => Promise<void>;

beforeAll(async () => {
  // API only: the late swap stays queued, as one no worker has reached yet.
  ({ t, drop } = await appOn(databaseTargets[0]!, 'local', { ROLE: 'api' }));
}, 60_000);
afterAll(async () => drop?.());

it('leaves no swap, job or photo of an upload that committed during the erasure', async () => {
  const me = await signUp(t.app, { firstName: 'late', lastName: 'upload' });
  const uid = me.me.uid;
  let late: string | undefined;
  // Runs after every module's eraser, before the account row goes: the upload commits there.
  t.ctx.account.registry.add(null, {
    name: 'late-upload',
    erase: async (who) => {
      if (who !== uid) return;
      const [created] = await t.ctx.swaps.createBatch(uid, 'main', [{ source: fixture(FACE), target: fixture(TARGET) }]);
      late = created!.id;
    },
  });
  const res = await t.app.inject({ method: 'DELETE', url: '/app/api/me', payload: { email: me.me.profile.email }, headers: { cookie: me.cookie } });
  expect(res.statusCode).toBe(204);
  expect(late).toBeDefined();
  expect(await t.ctx.db.selectFrom('swaps').select('id').where('uid', '=', uid).execute()).toEqual([]);
  expect(await t.ctx.queue.get(`swap-${late}`)).toBeNull();
  expect(await t.ctx.storage.list(`uploads/${uid}/`)).toEqual([]);
}, 60_000);
