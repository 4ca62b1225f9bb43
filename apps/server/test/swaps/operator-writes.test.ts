// Operators may read across accounts where their screens need it, never write into another
// account: a swap posted with someone else's uid is refused (404) and nothing lands in that
// account or counts against its allowance. Their own uid still works.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from '../auth/support/app.ts';
import { account, jpeg, post, type Who } from '../bulk/support.ts';
import { fixture } from '../support/fixtures.ts';

let t: TestApp;
let owner: Who;
let op: Who;
let admin: Who;
const TARGET = fixture('012_ai-sfhq-east-asian-woman.jpg');
const SOURCE = fixture('007_ai-tpdne-older-woman.jpg');

beforeAll(async () => {
  // ROLE=api: swaps are queued, never run; this suite is about who may create them.
  t = await makeApp({ ROLE: 'api' });
  [owner, op, admin] = [await account(t, 'user'), await account(t, 'operator'), await account(t, 'admin')];
}, 60_000);
afterAll(() => t?.close());

const swapsOf = (uid: string) => t.ctx.db.selectFrom('swaps').select('id').where('uid', '=', uid).execute();
const usageOf = async (uid: string) => (await t.ctx.db.selectFrom('users').select('usage').where('uid', '=', uid).executeTakeFirstOrThrow()).usage;
const images = () => [jpeg('t.jpg', TARGET, 'target'), jpeg('s.jpg', SOURCE, 'source')];

describe('operators never write into another account', () => {
  for (const url of ['/app/api/upload', '/app/api/proshoot/upload', '/app/api/prosoccer/upload']) {
    it(`${url} with another user's uid answers 404 and stores nothing there`, async () => {
      for (const who of [op, admin]) {
        const res = await post(t, who, url, [{ name: 'uid', value: owner.uid }, ...images()]);
        expect(res.statusCode, `${url} as ${who === op ? 'operator' : 'admin'}`).toBe(404);
      }
      expect(await swapsOf(owner.uid)).toEqual([]);
      expect(Number(await usageOf(owner.uid))).toBe(0);
    });
  }

  it('an operator swaps under its own uid', async () => {
    const res = await post(t, op, '/app/api/upload', [{ name: 'uid', value: op.uid }, ...images()]);
    expect(res.statusCode).toBe(202);
    expect(await swapsOf(op.uid)).toHaveLength(1);
  });

  it('a path uid of another account: operators read it, never delete under it', async () => {
    expect((await t.app.inject({ url: `/app/api/swaps/${owner.uid}`, headers: { cookie: op.cookie } })).statusCode).toBe(200);
    const del = await t.app.inject({ method: 'DELETE', url: `/app/api/swaps/${owner.uid}/${crypto.randomUUID()}`, headers: { cookie: op.cookie } });
    expect(del.statusCode).toBe(404);
  });
});
