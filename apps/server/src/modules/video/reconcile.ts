// At start: each video swap not finished is checked against its jobs. A job missing is enqueued
// again (each is idempotent); one that ended while its work is not done fails the swap (its
// allowance given back).
import { joinJobId, segmentJobId, videoJoinJob, videoPrepareJob, videoSegmentJob } from './jobs.ts';
import type { VideoJobContext } from './job-context.ts';

export async function reconcileVideos(p: VideoJobContext, batch: number): Promise<{ requeued: number; failed: number }> {
  const out = { requeued: 0, failed: 0 };
  let after: { created_at: number; id: string } | undefined;
  for (;;) {
    const rows = await p.d.repo.unfinished(batch, after);
    for (const row of rows) {
      const segments = await p.d.repo.segments(row.id);
      const pending = segments.filter((s) => s.status !== 'done');
      const jobs = segments.length === 0
        ? [{ id: row.job_id, enqueue: () => p.d.queue.enqueue(videoPrepareJob, { swapId: row.id }, { jobId: row.job_id }) }]
        : pending.length > 0
          ? pending.map((s) => ({ id: segmentJobId(row.id, s.idx), enqueue: () => p.d.queue.enqueue(videoSegmentJob, { swapId: row.id, idx: s.idx }, { jobId: segmentJobId(row.id, s.idx) }) }))
          : [{ id: joinJobId(row.id), enqueue: () => p.d.queue.enqueue(videoJoinJob, { swapId: row.id }, { jobId: joinJobId(row.id) }) }];
      let ended = false;
      for (const job of jobs) {
        const found = await p.d.queue.get(job.id);
        if (!found) {
          await job.enqueue();
          out.requeued += 1;
        } else if (found.status === 'done' || found.status === 'failed') ended = true;
      }
      if (ended) {
        await p.fail(row.id, 'engine_failed');
        out.failed += 1;
      }
    }
    if (rows.length < batch) return out;
    after = rows.at(-1);
  }
}
