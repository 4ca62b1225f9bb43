// What the gallery knows between fetches, so that polling can end the processing state: the
// images, newest first, and the count they were fetched at. A fetch with more images than
// the known count ends the processing state.
import type { SwapItem, SwapList } from '@visage/contracts';

export interface GallerySnapshot {
  items: SwapItem[];
  /** Count at the last fetch; null before the first one. */
  knownCount: number | null;
}

export const EMPTY_GALLERY: GallerySnapshot = { items: [], knownCount: null };

/** Finished swaps of a list answer, newest first. */
export function orderSwaps(list: SwapList): SwapItem[] {
  return Object.values(list)
    .filter((item) => item.status === 'done')
    .sort((a, b) => b.createdAt - a.createdAt);
}

export interface FetchOutcome {
  next: GallerySnapshot;
  /** The processing flag should be turned off: a new result has arrived. */
  clearProcessing: boolean;
}

export function applyFetched(previous: GallerySnapshot, fetched: SwapItem[], processing: boolean): FetchOutcome {
  const grew = previous.knownCount !== null && fetched.length > previous.knownCount;
  return {
    next: { items: fetched, knownCount: fetched.length },
    clearProcessing: processing && grew,
  };
}
