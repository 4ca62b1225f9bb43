// GET /app/api/swaps/{uid}: the user's finished swaps keyed by id, newest first.
import { swapList, type SwapList } from '@visage/contracts';
import { apiRequest } from '../../../lib/api-client';

export function fetchSwaps(uid: string, signal?: AbortSignal): Promise<SwapList> {
  return apiRequest(`/swaps/${encodeURIComponent(uid)}`, { schema: swapList, signal });
}
