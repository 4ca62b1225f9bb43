// The colour choice is kept with the account (light, dark or system; anything else refused and
// nothing changed), answered by /me for every device, and part of "Download my data"; /me also
// says how many swaps are left, so the swap buttons can stop at 0. On every database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MeResponse } from '@visage/contracts';
import { signUp, type TestApp } from '../auth/support/app.ts';
import { databaseTargets } from '../support/databases.ts';
import { appOn } from './support.ts';

describe.each(databaseTargets.filter((d) => d.enabled))('colour choice and swaps left on $kind', (d) => {
  let t: TestApp;
  let drop: () => Promise<void>;
  let cookie: string;
  let uid: string;
  const me = async () => (await t.app.inject({ url: '/app/api/me', headers: { cookie } })).json<MeResponse>();
  const choose = (colorScheme: unknown) => t.app.inject({ method: 'PUT', url: '/app/api/account/color-scheme', payload: { colorScheme }, headers: { cookie } });

  beforeAll(async () => {
    ({ t, drop } = await appOn(d, 'local', { ROLE: 'api' }));
    const signedUp = await signUp(t.app);
    cookie = signedUp.cookie;
    uid = signedUp.me.uid;
  }, 60_000);
  afterAll(async () => drop?.());

  it('starts on the device’s setting and keeps a choice; refuses anything else and changes nothing', async () => {
    expect((await me()).colorScheme).toBe('system');
    expect((await choose('dark')).statusCode).toBe(204);
    expect((await me()).colorScheme).toBe('dark');
    const bad = await choose('sepia');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('colorScheme');
    expect((await me()).colorScheme).toBe('dark');
    const anonymous = await t.app.inject({ method: 'PUT', url: '/app/api/account/color-scheme', payload: { colorScheme: 'light' } });
    expect(anonymous.statusCode).toBe(401);
    expect((await me()).colorScheme).toBe('dark');
  });

  it('is part of "Download my data"', async () => {
    const profile = t.ctx.account.registry.sections.find((s) => s.name === 'profile')!;
    expect(((await profile.collect(uid)).data as { colorScheme: string }).colorScheme).toBe('dark');
    await choose('light');
    expect(((await profile.collect(uid)).data as { colorScheme: string }).colorScheme).toBe('light');
  });

  it('says how many swaps are left: 10 on the free plan, 0 once used, none counted for operators', async () => {
    expect((await me()).swapsLeft).toBe(10);
    await t.ctx.db.updateTable('users').set({ usage: 10 }).where('uid', '=', uid).execute();
    expect((await me()).swapsLeft).toBe(0);
    await t.ctx.db.updateTable('users').set({ role: 'operator' }).where('uid', '=', uid).execute();
    expect((await me()).swapsLeft).toBeNull();
  });
});
