// The swaps module's part of "Download my data" and of account erasure: every swap with its
// dates and mode, the files still held, and on erasure the rows, jobs and files.
import { AppError } from '../../http/errors.ts';
import type { JobQueue } from '../../infra/queue/index.ts';
import type { Storage } from '../../infra/storage/index.ts';
import type { DataSection, Eraser } from '../account/registry.ts';
import type { SwapDataRepository } from './data-repository.ts';
import type { SwapRow } from './repository.ts';
import { uploadKeys } from './results.ts';
import { faceMapKeys } from './face-map.ts';
import type { SwapsService } from './service.ts';

/** How long erasure waits for a swap a worker is running right now to end. */
const RUNNING_WAIT_MS = 60_000;

function ownFiles(row: SwapRow): Record<string, string | null> {
  const uploads = row.uploads_deleted_at === null;
  const files: Record<string, string | null> = {
    result: row.result_key,
    thumbnail: row.thumb_key,
    target: uploads && row.target_key.startsWith('uploads/') ? row.target_key : null,
    face: uploads && row.source_key.startsWith('uploads/') ? row.source_key : null,
  };
  // The other face photos of a swap onto several chosen faces.
  const more = faceMapKeys(row.face_map).filter((k) => k !== row.source_key);
  more.forEach((key, i) => { files[`face${i + 2}`] = uploads && key.startsWith('uploads/') ? key : null; });
  return files;
}

export function swapsDataSection(repo: SwapDataRepository, storage: Storage): DataSection {
  return {
    name: 'swaps',
    async collect(uid) {
      const rows = await repo.listAllForUser(uid);
      const keys: string[] = [];
      const data = [];
      for (const row of rows) {
        const files: Record<string, string> = {};
        for (const [what, key] of Object.entries(ownFiles(row))) {
          if (key && (await storage.exists(key))) {
            files[what] = `files/${key}`;
            keys.push(key);
          }
        }
        data.push({
          id: row.id,
          mode: row.mode,
          kind: row.kind,
          status: row.status,
          createdAt: new Date(row.created_at).toISOString(),
          completedAt: row.completed_at === null ? null : new Date(row.completed_at).toISOString(),
          uploadsDeletedAt: row.uploads_deleted_at === null ? null : new Date(row.uploads_deleted_at).toISOString(),
          error: row.error_code,
          // A catalogue photo or a saved face used as input is named, not copied.
          sharedInputs: [row.source_key, row.target_key].filter((k) => !k.startsWith('uploads/')),
          files,
        });
      }
      return { data, keys: [...new Set(keys)] };
    },
  };
}

export function swapsEraser(repo: SwapDataRepository, storage: Storage, queue: JobQueue, swaps: SwapsService): Eraser {
  return {
    name: 'swaps',
    again: true,
    async erase(uid) {
      const rows = await repo.listAllForUser(uid);
      // Queued jobs go; a job a worker is running now is waited for, so it cannot write a result after.
      const until = Date.now() + RUNNING_WAIT_MS;
      for (const row of rows) {
        while (!(await queue.remove(row.job_id))) {
          if (Date.now() > until) throw new AppError(409, 'erasure_busy', 'A swap is still running. Please try again in a minute.');
          await new Promise((r) => setTimeout(r, 250));
        }
      }
      await repo.deleteAllForUser(uid);
      swaps.changed(uid);
      for (const row of rows) {
        for (const key of [row.result_key, row.thumb_key, ...uploadKeys(row)]) if (key) await storage.delete(key);
      }
      // Anything left under the person's folders (a write that lost its row) goes too.
      for (const prefix of [`uploads/${uid}/`, `results/${uid}/`]) {
        for (const key of await storage.list(prefix)) await storage.delete(key);
      }
    },
  };
}
