// "My faces" in "Download my data" (each face's name and dates with its photos) and in account
// erasure (rows, then every file under the account's myfaces/ folder, a write that lost its row included).
import type { Storage } from '../../infra/storage/index.ts';
import type { DataSection, Eraser } from '../account/registry.ts';
import type { MyFacesRepository } from './repository.ts';
import { MY_FACES_PREFIX } from './service.ts';

export function myFacesAccountData(repo: MyFacesRepository, storage: Storage): [DataSection, Eraser] {
  const section: DataSection = {
    name: 'myFaces',
    async collect(uid) {
      const [faces, photos] = await Promise.all([repo.listFaces(uid), repo.listPhotos(uid)]);
      const keys: string[] = [];
      const data = [];
      for (const face of faces) {
        const files: string[] = [];
        for (const p of photos.filter((x) => x.face_id === face.id)) {
          if (!(await storage.exists(p.key))) continue;
          keys.push(p.key);
          files.push(`files/${p.key}`);
        }
        data.push({ name: face.name, createdAt: new Date(face.created_at).toISOString(), updatedAt: new Date(face.updated_at).toISOString(), photos: files });
      }
      return { data, keys };
    },
  };
  const eraser: Eraser = {
    name: 'myFaces',
    again: true,
    async erase(uid) {
      await repo.deleteAll(uid);
      for (const key of await storage.list(`${MY_FACES_PREFIX}${uid}/`)) await storage.delete(key);
    },
  };
  return [section, eraser];
}
