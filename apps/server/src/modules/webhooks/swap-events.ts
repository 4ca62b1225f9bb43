// A finished swap → the webhook event that tells of it. Built from the row alone, so emitting it
// again (a job run twice, a crash before its deliveries were queued) gives the same id and body.
import { createHash } from 'node:crypto';
import type { WebhookEvent } from '@visage/contracts';
import type { SwapRow } from '../swaps/repository.ts';
import { toSwapItem } from '../swaps/swap-item.ts';
import { v1SwapPath } from '../public-api/swap-view.ts';

export function eventId(type: string, subjectId: string): string {
  return `evt_${createHash('sha256').update(`${type}:${subjectId}`).digest('hex').slice(0, 32)}`;
}

/**
 * null while the swap has not ended. The result's address is the public API's, which a receiver
 * reads with its API key (the app's media route needs a browser session); `publicUrl` makes it absolute.
 */
export function swapEvent(row: SwapRow, publicUrl?: string): WebhookEvent | null {
  if (row.status !== 'done' && row.status !== 'failed') return null;
  const type = row.status === 'done' ? 'swap.completed' : 'swap.failed';
  const item = toSwapItem(row);
  const swap: WebhookEvent['data']['swap'] = { id: row.id, status: row.status };
  if (row.status === 'done') {
    swap.resultUrl = `${publicUrl?.replace(/\/+$/, '') ?? ''}${v1SwapPath(row.id)}/result`;
    if (item.warnings) swap.warnings = item.warnings;
  } else if (item.error) {
    swap.error = item.error;
  }
  return { id: eventId(type, row.id), type, created: row.completed_at ?? row.created_at, data: { swap } };
}
