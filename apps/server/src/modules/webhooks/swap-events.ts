// A finished swap → the webhook event that tells of it. Built from the row alone, so emitting it
// again (a job run twice, a crash before its deliveries were queued) gives the same id and body.
import { createHash } from 'node:crypto';
import type { WebhookEvent } from '@visage/contracts';
import type { SwapRow } from '../swaps/repository.ts';
import { mediaUrls, toSwapItem } from '../swaps/swap-item.ts';

export function eventId(type: string, subjectId: string): string {
  return `evt_${createHash('sha256').update(`${type}:${subjectId}`).digest('hex').slice(0, 32)}`;
}

/** null while the swap has not ended. `publicUrl` makes the result's address absolute. */
export function swapEvent(row: SwapRow, publicUrl?: string): WebhookEvent | null {
  if (row.status !== 'done' && row.status !== 'failed') return null;
  const type = row.status === 'done' ? 'swap.completed' : 'swap.failed';
  const item = toSwapItem(row);
  const swap: WebhookEvent['data']['swap'] = { id: row.id, status: row.status };
  if (row.status === 'done') {
    swap.resultUrl = `${publicUrl?.replace(/\/+$/, '') ?? ''}${mediaUrls(row.id).image_url}`;
    if (item.warnings) swap.warnings = item.warnings;
  } else if (item.error) {
    swap.error = item.error;
  }
  return { id: eventId(type, row.id), type, created: row.completed_at ?? row.created_at, data: { swap } };
}
