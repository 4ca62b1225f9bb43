// Follows many jobs with at most `maxOpen` event streams at once: a browser opens only six
// HTTP/1.1 connections per host, and a bulk of 15 streams would starve every other request.
// A job whose stream opens late still gets its current state first, so nothing is missed.
import type { JobEvent } from '@visage/contracts';
import { followJob } from '../../../lib/job-events';

const RETRY_MS = 3000;

export function followJobs(jobIds: string[], onEvent: (event: JobEvent) => void, maxOpen = 4): () => void {
  const waiting = [...jobIds];
  const open = new Map<string, () => void>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let stopped = false;

  const next = () => {
    while (!stopped && open.size < maxOpen && waiting.length > 0) {
      const jobId = waiting.shift()!;
      const stop = followJob(jobId, {
        onEvent: (event) => {
          onEvent(event);
          if (event.type === 'done' || event.type === 'failed') {
            open.delete(jobId);
            next();
          }
        },
        onConnectionError: (closedForGood) => {
          if (!closedForGood) return;
          // Refused (server restart, session hiccup): try that job again a little later.
          open.delete(jobId);
          const timer = setTimeout(() => {
            timers.delete(timer);
            waiting.push(jobId);
            next();
          }, RETRY_MS);
          timers.add(timer);
          next();
        },
      });
      open.set(jobId, stop);
    }
  };
  next();
  return () => {
    stopped = true;
    for (const stop of open.values()) stop();
    for (const timer of timers) clearTimeout(timer);
    open.clear();
  };
}
