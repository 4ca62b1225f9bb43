// A swap row as the public API shows it, with the running job's progress and result URLs the
// same key can read (the app's media routes take a session cookie, not a key).
import type { V1Swap } from '@visage/contracts';
import type { JobQueue } from '../../infra/queue/index.ts';
import { toSwapItem, type SwapsService } from '../swaps/service.ts';
import type { SwapRow } from '../swaps/repository.ts';

export const v1SwapPath = (id: string) => `/app/api/v1/swaps/${id}`;

/** 0..1: a photo's from its job; a video's from its segments' frames (several jobs in any process). */
export async function progressOf(row: SwapRow, queue: Pick<JobQueue, 'get'>, swaps: Pick<SwapsService, 'videoEvent'>): Promise<number> {
  if (row.status === 'done') return 1;
  if (row.status !== 'running') return 0;
  if (row.kind === 'video') {
    const event = await swaps.videoEvent(row, row.job_id);
    return event.type === 'running' ? event.progress : 0;
  }
  const progress = (await queue.get(row.job_id))?.progress;
  const value = progress && typeof progress === 'object' && !Array.isArray(progress) ? progress.progress : null;
  return typeof value === 'number' && value >= 0 && value <= 1 ? value : 0;
}

export function toV1Swap(row: SwapRow, progress: number): V1Swap {
  const item = toSwapItem(row);
  const done = row.status === 'done';
  return {
    id: row.id,
    mode: row.mode,
    status: row.status,
    progress,
    createdAt: row.created_at,
    completedAt: row.completed_at,
    resultUrl: done ? `${v1SwapPath(row.id)}/result` : null,
    thumbUrl: done ? `${v1SwapPath(row.id)}/thumb` : null,
    warnings: item.warnings ?? [],
    error: item.error ?? null,
  };
}
