// The faces and photos limits hold when requests arrive at once, on every database: each insert
// counts inside its transaction with the account's (or the face's) row locked first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/infra/db/database.ts';
import { MyFacesRepository } from '../../src/modules/my-faces/repository.ts';
import { databaseTargets, openMigrated } from '../support/databases.ts';

describe.each(databaseTargets.filter((d) => d.enabled))('my faces limits at once on $kind', (target) => {
  let db: Db;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await openMigrated(target));
  });
  afterAll(async () => close?.());

  const photo = (uid: string, faceId: string, n: number) => ({ id: crypto.randomUUID(), face_id: faceId, uid, key: `myfaces/${uid}/${faceId}-${n}.jpg`, descriptor: '', facts: '{}', created_at: n });

  it('lets exactly the limit of faces and of photos in, of twelve tries at once', async () => {
    const uid = `u-${crypto.randomUUID()}`;
    const blank = { pic: '', nom: '', prenom: '', gender: '', birthday: '', pays: '', ville: '', ip: '', subscription: 'free', customer_id: '', reset_date: '2026-12-01' };
    await db.insertInto('users').values({ uid, email: `${uid}@example.com`, password_hash: null, role: 'user', ...blank, email_verified: 1, usage: 0, created_at: 1, updated_at: 1 } as never).execute();
    const repo = new MyFacesRepository(db);
    const tries = Array.from({ length: 12 }, (_, n) => {
      const id = crypto.randomUUID();
      return repo.createFace({ id, uid, name: `face ${n}`, created_at: n, updated_at: n }, photo(uid, id, 0), 3);
    });
    expect((await Promise.all(tries)).filter(Boolean)).toHaveLength(3);
    expect(await repo.listFaces(uid)).toHaveLength(3);
    const face = (await repo.listFaces(uid))[0]!;
    const added = await Promise.all(Array.from({ length: 12 }, (_, n) => repo.addPhoto(photo(uid, face.id, n + 1), 5)));
    expect(added.filter((a) => a === 'added')).toHaveLength(4);
    expect(await repo.photosOf(face.id)).toHaveLength(5);
  });
});
