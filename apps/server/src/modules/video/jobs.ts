// The video swap's jobs and their ids. Ids derive from the swap (and segment), so enqueueing one
// again adds nothing: a crash and a re-run never duplicate work.
import { z } from 'zod';
import { defineJob } from '../../infra/queue/index.ts';

/** Probe, content check, the person, the segments. Its id is the swap's job_id, which the events stream follows. */
export const videoPrepareJob = defineJob('video.prepare', z.object({ swapId: z.string().uuid() }), { maxAttempts: 3, backoffMs: 2000 });
/** One segment's frames: decode, swap, encode. */
export const videoSegmentJob = defineJob('video.segment', z.object({ swapId: z.string().uuid(), idx: z.number().int().min(0) }), { maxAttempts: 3, backoffMs: 2000 });
/** The segments joined with the sound and the label; the poster; the swap done. */
export const videoJoinJob = defineJob('video.join', z.object({ swapId: z.string().uuid() }), { maxAttempts: 3, backoffMs: 2000 });

export const prepareJobId = (swapId: string) => `video-${swapId}`;
export const segmentJobId = (swapId: string, idx: number) => `vseg-${swapId}-${idx}`;
export const joinJobId = (swapId: string) => `vjoin-${swapId}`;

/** The segments' own files, under the swap: they go once they are joined, failed or cancelled. */
export const segmentPrefix = (row: { uid: string; id: string }) => `videos/${row.uid}/${row.id}/`;
