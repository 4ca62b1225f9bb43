// The saved faces' part of "Download my data" and of account erasure: each face's id and dates
// with its photo, and on erasure the rows and the photos.
import type { Storage } from '../../infra/storage/index.ts';
import type { DataSection, Eraser } from '../account/registry.ts';
import type { FacesRepository } from './repository.ts';

export function facesAccountData(repo: FacesRepository, storage: Storage): [DataSection, Eraser] {
  const section: DataSection = {
    name: 'savedFaces',
    async collect(uid) {
      const rows = await repo.list(uid);
      const keys: string[] = [];
      const data = [];
      for (const row of rows) {
        const held = await storage.exists(row.key);
        if (held) keys.push(row.key);
        data.push({ id: row.id, createdAt: new Date(row.created_at).toISOString(), updatedAt: new Date(row.updated_at).toISOString(), photo: held ? `files/${row.key}` : null });
      }
      return { data, keys };
    },
  };
  const eraser: Eraser = {
    name: 'savedFaces',
    again: true,
    async erase(uid) {
      for (const row of await repo.list(uid)) {
        await storage.delete(row.key);
        await repo.remove(uid, row.id);
      }
    },
  };
  return [section, eraser];
}
