// Explicit content refused at intake: the verdict is injected (no explicit image in the
// repository); a refused upload stores nothing, counts nothing and says why in one code.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, signUp, type TestApp } from '../auth/support/app.ts';
import { fixture } from '../support/fixtures.ts';
import { multipart } from '../support/multipart.ts';
import { EXPLICIT_MESSAGE } from '../../src/modules/content/index.ts';

let t: TestApp;
/** The injected verdict: the next `flagged` photos classified score 0.95, the others 0.01. */
let flagged = 0;
const scored: number[] = [];
beforeAll(async () => {
  // Queue workers off: the test looks at intake only.
  t = await makeApp({ ROLE: 'api' }, {
    explicitScore: async (rgb) => {
      scored.push(rgb.length);
      return flagged-- > 0 ? 0.95 : 0.01;
    },
  });
});
afterAll(() => t.close());

function upload(cookie: string, uid: string) {
  const form = multipart([
    { name: 'uid', value: uid },
    { name: 'target', filename: 't.jpg', contentType: 'image/jpeg', body: fixture('003_navy-grace-hopper.jpg') },
    { name: 'source', filename: 's.jpg', contentType: 'image/jpeg', body: fixture('003_navy-grace-hopper.jpg') },
  ]);
  return t.app.inject({ method: 'POST', url: '/app/api/upload', payload: form.payload, headers: { ...form.headers, cookie } });
}

function storedUploads(): string[] {
  try {
    return readdirSync(join(t.dir, 'media', 'uploads'), { recursive: true }).map(String).filter((f) => f.endsWith('.jpg'));
  } catch {
    return [];
  }
}

describe('explicit content at intake', () => {
  it('refuses an explicit photo with 422 explicit_content, storing and counting nothing', async () => {
    const u = await signUp(t.app);
    flagged = 1;
    scored.length = 0;
    const res = await upload(u.cookie, u.me.uid);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toEqual({ code: 'explicit_content', message: EXPLICIT_MESSAGE });
    // Both photos were classified, each as the 224 × 224 RGB copy of the cleaned photo.
    expect(scored).toEqual([224 * 224 * 3, 224 * 224 * 3]);
    expect(storedUploads()).toEqual([]);
    expect(await t.ctx.db.selectFrom('swaps').select('id').where('uid', '=', u.me.uid).execute()).toEqual([]);
    const me = await t.app.inject({ method: 'GET', url: '/app/api/me', headers: { cookie: u.cookie } });
    expect(me.json().usage).toBe(0);
  });

  it('takes the same photos when the classifier finds nothing explicit', async () => {
    const u = await signUp(t.app);
    flagged = 0;
    const res = await upload(u.cookie, u.me.uid);
    expect(res.statusCode).toBe(202);
    expect(storedUploads().length).toBe(2);
  });

  it('is one step every upload path can call', async () => {
    flagged = 1;
    await expect(t.ctx.content.assertAllowed(Buffer.from('x'))).rejects.toMatchObject({ status: 422, code: 'explicit_content' });
    await expect(t.ctx.content.assertAllowed(Buffer.from('x'))).resolves.toBeUndefined();
  });
});
