// Catalogues through the real app, database, storage and face engine: roles, metadata checks,
// face checks at upload, filters, edits and removals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { ADMIN_VALUES, SUGGESTED_KEYS, type CatalogueEntry, type CatalogueUploadResult } from '@visage/contracts';
import { makeApp, type TestApp } from '../auth/support/app.ts';
import { fixture } from '../support/fixtures.ts';
import { multipart } from '../support/multipart.ts';
import { META, SOCCER_META, signUpAs, uploadCatalogue, type Caller } from './support.ts';

let t: TestApp;
let operator: Caller;
let user: Caller;
let tiny: Buffer;

beforeAll(async () => {
  t = await makeApp({ ENGINE_WORKERS: '1', WORKER_CONCURRENCY: '1' });
  operator = await signUpAs(t, 'operator');
  user = await signUpAs(t, 'user');
  tiny = await sharp(fixture('012_ai-sfhq-east-asian-woman.jpg')).resize(64, 64).jpeg().toBuffer();
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const list = (who: Caller, kind: string, query = '') => t.app.inject({ url: `/app/api/admin/${kind}/${query}`, headers: { cookie: who.cookie } });

describe('operator uploads', () => {
  it('refuses users (403) and visitors (401)', async () => {
    const res = await uploadCatalogue(t, user, 'proshoot', [{ name: 'a.jpg', body: fixture('012_ai-sfhq-east-asian-woman.jpg') }]);
    expect(res.statusCode).toBe(403);
    const soccer = await uploadCatalogue(t, user, 'prosoccer', [{ name: 'a.jpg', body: fixture('012_ai-sfhq-east-asian-woman.jpg') }], SOCCER_META);
    expect(soccer.statusCode).toBe(403);
    const anon = await t.app.inject({ url: '/app/api/admin/proshoot/' });
    expect(anon.statusCode).toBe(401);
  });

  it('answers 400 naming the field for missing or bad metadata', async () => {
    const photo = [{ name: 'a.jpg', body: fixture('012_ai-sfhq-east-asian-woman.jpg') }];
    const cases: Array<[string, unknown, string, string]> = [
      ['proshoot', null, 'missing_field', 'metadata'],
      ['proshoot', '{not json', 'invalid_field', 'metadata'],
      ['proshoot', { ...META, gender: 'robot' }, 'invalid_field', 'metadata.gender'],
      ['proshoot', { ...META, ethnicity: 'other' }, 'invalid_field', 'metadata.ethnicity'],
      ['proshoot', Object.fromEntries(Object.entries(META).filter(([k]) => k !== 'hairType')), 'missing_field', 'metadata.hairType'],
      ['prosoccer', { ...SOCCER_META, playerName: 'Nobody Atall' }, 'invalid_field', 'metadata.playerName'],
      ['prosoccer', { ...SOCCER_META, club: 'Sunday League' }, 'invalid_field', 'metadata.club'],
      ['prosoccer', META, 'missing_field', 'metadata.playerName'],
    ];
    for (const [kind, metadata, code, field] of cases) {
      const res = await uploadCatalogue(t, operator, kind, photo, metadata);
      expect(res.statusCode, `${kind} ${field}`).toBe(400);
      expect(res.json().error).toMatchObject({ code, details: { field } });
    }
    const none = await uploadCatalogue(t, operator, 'proshoot', []);
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toMatchObject({ details: { field: 'images' }, message: 'Please select at least one image.' });
  });

  it('checks each photo for one usable face; the others go on', async () => {
    const res = await uploadCatalogue(t, operator, 'proshoot', [
      { name: 'good.jpg', body: fixture('012_ai-sfhq-east-asian-woman.jpg') },
      { name: 'crew.jpg', body: fixture('004_nasa-apollo11-crew.jpg') },
      { name: 'coffee.png', body: fixture('016_cc0-coffee-noface.png') },
      { name: 'tiny.jpg', body: tiny },
      { name: 'notes.txt', body: Buffer.from('hello') },
    ], { ...META, ethnicity: 'arab', hairColor: 'darkBlonde' });
    expect(res.statusCode).toBe(201);
    const { results } = res.json<CatalogueUploadResult>();
    expect(results.map((r) => (r.status === 'added' ? 'added' : r.code))).toEqual(['added', 'several_faces', 'no_face', 'face_too_small', 'invalid_image_type']);
    expect(results[2]).toMatchObject({ name: 'coffee.png', message: 'No face was found in this photo.' });
    const added = results[0]!.status === 'added' ? results[0]!.entry : null;
    expect(added).toMatchObject({ ethnicity: 'arab', hairColor: 'darkBlonde', url: `/app/api/media/catalogue/${added!.id}/image` });
    const row = await t.ctx.db.selectFrom('catalogue_entries').select(['analysis', 'image_key']).where('id', '=', added!.id).executeTakeFirstOrThrow();
    expect(row.image_key).toMatch(/^catalogue\/proshoot\//);
    expect(JSON.parse(row.analysis).faces).toHaveLength(1);

    const nothing = await uploadCatalogue(t, operator, 'proshoot', [{ name: 'cat.png', body: fixture('017_cc0-cat-chelsea-noface.png') }]);
    expect(nothing.statusCode).toBe(200);
    expect(nothing.json().results[0]).toMatchObject({ status: 'rejected', code: 'no_face' });
  }, 60_000);
});

describe('POST /admin/{kind}/suggest', () => {
  const suggest = (who: Caller, file: Buffer) => {
    const form = multipart([{ name: 'image', filename: 'a.jpg', contentType: 'image/jpeg', body: file }]);
    return t.app.inject({ method: 'POST', url: '/app/api/admin/proshoot/suggest', payload: form.payload, headers: { ...form.headers, cookie: who.cookie } });
  };

  it('reads every attribute but ethnicity from a photo, each an operator value, for operators only', async () => {
    const res = await suggest(operator, fixture('012_ai-sfhq-east-asian-woman.jpg'));
    expect(res.statusCode).toBe(200);
    const s = res.json<Record<string, string>>();
    expect(s).toMatchObject({ gender: 'female' });
    expect(Object.keys(s).sort()).toEqual([...SUGGESTED_KEYS].sort());
    for (const key of SUGGESTED_KEYS) expect(ADMIN_VALUES[key]).toContain(s[key]);
    expect((await suggest(operator, fixture('016_cc0-coffee-noface.png'))).json()).toEqual({ problem: 'no_face' });
    expect((await suggest(user, fixture('012_ai-sfhq-east-asian-woman.jpg'))).statusCode).toBe(403);
  }, 60_000);
});

describe('lists, filters, media, edits', () => {
  let soccer: CatalogueEntry;

  beforeAll(async () => {
    const res = await uploadCatalogue(t, operator, 'prosoccer', [{ name: 'p.jpg', body: fixture('013_ai-sfhq-beard-glasses-elderly.jpg') }], SOCCER_META);
    const r = res.json<CatalogueUploadResult>().results[0]!;
    if (r.status !== 'added') throw new Error(`not added: ${JSON.stringify(r)}`);
    soccer = r.entry;
  }, 60_000);

  it('lists each catalogue to any signed-in user, with player fields for soccer', async () => {
    const res = await list(user, 'prosoccer');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([expect.objectContaining({ id: soccer.id, playerName: 'Lionel Messi', playerId: 'lionel_messi', country: 'Argentina', club: 'Inter Miami', gender: 'male' })]);
    const again = await t.app.inject({ url: '/app/api/admin/prosoccer/', headers: { cookie: user.cookie, 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
    const players = await t.app.inject({ url: '/app/api/prosoccer/players', headers: { cookie: user.cookie } });
    expect(players.json()).toHaveLength(20);
    expect(players.json().filter((p: { club: string }) => p.club === 'Retired').length).toBeGreaterThan(0);
    for (const p of players.json() as Array<{ id: string }>) expect(p.id).toMatch(/^[a-z_]+$/);
  });

  it('filters with AND, and names an unknown filter value', async () => {
    const both = await list(user, 'proshoot', '?gender=female&hairColor=darkBlonde');
    expect(both.json()).toHaveLength(1);
    const none = await list(user, 'proshoot', '?gender=female&hairColor=red');
    expect(none.json()).toEqual([]);
    const bad = await list(user, 'proshoot', '?faceShape=blob');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details).toEqual({ field: 'faceShape' });
  });

  it('serves the photo and a small WebP thumbnail to signed-in users', async () => {
    const img = await t.app.inject({ url: soccer.url, headers: { cookie: user.cookie } });
    expect(img.headers['content-type']).toBe('image/jpeg');
    const thumb = await t.app.inject({ url: soccer.thumbUrl, headers: { cookie: user.cookie } });
    expect(thumb.headers['content-type']).toBe('image/webp');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(320);
    expect((await t.app.inject({ url: soccer.url })).statusCode).toBe(401);
  });

  it('lets operators edit and remove entries, not users', async () => {
    const url = `/app/api/admin/prosoccer/${soccer.id}`;
    expect((await t.app.inject({ method: 'PATCH', url, payload: { hairColor: 'grey' }, headers: { cookie: user.cookie } })).statusCode).toBe(403);
    const bad = await t.app.inject({ method: 'PATCH', url, payload: { playerName: 'Somebody Else' }, headers: { cookie: operator.cookie } });
    expect(bad.json().error.details).toEqual({ field: 'playerName' });
    const ok = await t.app.inject({ method: 'PATCH', url, payload: { hairColor: 'grey', playerName: 'Zinedine Zidane', club: 'Retired', country: 'France' }, headers: { cookie: operator.cookie } });
    expect(ok.json()).toMatchObject({ hairColor: 'grey', playerId: 'zinedine_zidane', club: 'Retired' });
    expect((await t.app.inject({ method: 'DELETE', url, headers: { cookie: user.cookie } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url, headers: { cookie: operator.cookie } })).statusCode).toBe(204);
    expect((await list(user, 'prosoccer')).json()).toEqual([]);
    expect((await t.app.inject({ url: soccer.url, headers: { cookie: user.cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url, headers: { cookie: operator.cookie } })).statusCode).toBe(404);
  });
});
