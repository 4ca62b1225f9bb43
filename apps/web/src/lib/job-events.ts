// Follows one job through GET /app/api/jobs/{id}/events (Server-Sent Events, cookie auth).
// The stream ends after done or failed; the source is closed then so that EventSource does
// not reconnect.
import type { JobEvent } from '@visage/contracts';
import { jobEventGuard } from '@visage/contracts/first-load';
import { apiUrl } from './api-client';

const EVENT_TYPES = ['queued', 'running', 'done', 'failed'] as const;

export interface JobEventHandlers {
  onEvent: (event: JobEvent) => void;
  /** The connection dropped; EventSource retries by itself unless the server refused it. */
  onConnectionError?: (closedForGood: boolean) => void;
}

/** Starts listening; returns the function that stops it. */
export function followJob(jobId: string, { onEvent, onConnectionError }: JobEventHandlers): () => void {
  const source = new EventSource(apiUrl(`/jobs/${encodeURIComponent(jobId)}/events`), { withCredentials: true });
  let stopped = false;
  const stop = () => {
    stopped = true;
    source.close();
  };
  const listener = (message: MessageEvent<string>) => {
    if (stopped) return;
    let event: JobEvent;
    try {
      event = jobEventGuard.parse(JSON.parse(message.data));
    } catch {
      return;
    }
    if (event.type === 'done' || event.type === 'failed') stop();
    onEvent(event);
  };
  for (const type of EVENT_TYPES) source.addEventListener(type, listener as EventListener);
  source.addEventListener('error', () => {
    if (stopped) return;
    onConnectionError?.(source.readyState === EventSource.CLOSED);
  });
  return stop;
}
