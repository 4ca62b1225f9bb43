// GET /app/api/swaps/{uid} (or a pro mode's list): the user's finished swaps keyed by id, newest first.
import type { SwapList } from '@visage/contracts';
import { swapListGuard } from '@visage/contracts/first-load';
import { apiRequest } from '../../../lib/api-client';

export type GalleryMode = 'main' | 'proshoot' | 'prosoccer';

/** The main gallery reads /swaps/{uid}; the pro modes /proshoot/swaps/{uid} and /prosoccer/swaps/{uid}. */
export function fetchSwaps(uid: string, signal?: AbortSignal, mode: GalleryMode = 'main'): Promise<SwapList> {
  const prefix = mode === 'main' ? '' : `/${mode}`;
  return apiRequest(`${prefix}/swaps/${encodeURIComponent(uid)}`, { schema: swapListGuard, signal });
}
