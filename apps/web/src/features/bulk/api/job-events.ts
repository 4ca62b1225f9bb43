// Follows one job through GET /app/api/jobs/{id}/events (Server-Sent Events). The stream ends
// after done or failed; the source is closed then so that EventSource does not reconnect.
import { jobEvent, type JobEvent } from '@visage/contracts';
import { apiUrl } from '../../../lib/api-client';

const EVENT_TYPES = ['queued', 'running', 'done', 'failed'] as const;

/** Starts listening; returns the function that stops it. `onRefused` when the server closed it for good. */
export function followJob(jobId: string, onEvent: (event: JobEvent) => void, onRefused: () => void): () => void {
  const source = new EventSource(apiUrl(`/jobs/${encodeURIComponent(jobId)}/events`), { withCredentials: true });
  let stopped = false;
  const stop = () => {
    stopped = true;
    source.close();
  };
  const listener = (message: MessageEvent<string>) => {
    if (stopped) return;
    const parsed = jobEvent.safeParse(JSON.parse(message.data));
    if (!parsed.success) return;
    if (parsed.data.type === 'done' || parsed.data.type === 'failed') stop();
    onEvent(parsed.data);
  };
  for (const type of EVENT_TYPES) source.addEventListener(type, listener as EventListener);
  source.addEventListener('error', () => {
    if (!stopped && source.readyState === EventSource.CLOSED) {
      stop();
      onRefused();
    }
  });
  return stop;
}
