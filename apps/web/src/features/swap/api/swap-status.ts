// Where one swap stands, read from the gallery list with pending entries included. Used only
// when the job's event stream cannot be opened.
import { swapList, type SwapItem } from '@visage/contracts';
import { apiRequest } from '../../../lib/api-client';

export async function fetchSwapStatus(uid: string, swapId: string): Promise<SwapItem | undefined> {
  const list = await apiRequest(`/swaps/${encodeURIComponent(uid)}`, { query: { include: 'pending' }, schema: swapList });
  return list[swapId];
}
