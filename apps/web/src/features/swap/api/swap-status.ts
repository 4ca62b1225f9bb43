// Where swaps stand, read from the gallery list with pending entries included: when the job's
// event stream cannot be opened, and when the page finds the processing flag on with no swap
// of its own to follow.
import type { SwapItem } from '@visage/contracts';
import { swapListGuard } from '@visage/contracts/first-load';
import { apiRequest } from '../../../lib/api-client';

export async function fetchSwapStatus(uid: string, swapId: string): Promise<SwapItem | undefined> {
  const list = await apiRequest(`/swaps/${encodeURIComponent(uid)}`, { query: { include: 'pending' }, schema: swapListGuard });
  return list[swapId];
}

/** How many of the user's swaps are still queued or running. */
export async function fetchPendingCount(uid: string): Promise<number> {
  const list = await apiRequest(`/swaps/${encodeURIComponent(uid)}`, { query: { include: 'pending' }, schema: swapListGuard });
  return Object.values(list).filter((item) => item.status === 'queued' || item.status === 'running').length;
}
