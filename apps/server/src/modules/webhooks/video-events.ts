// A finished segment of a video swap → its `video.progress` event. The id is the (swap, segment)
// pair's, so a segment redone after a crash, or told of twice, makes no second delivery.
import type { WebhookEvent } from '@visage/contracts';
import { eventId } from './swap-events.ts';

export interface SegmentFinished {
  uid: string;
  swapId: string;
  /** The segment's index in the clip. */
  idx: number;
  /** Frames in the swap's finished segments, and in all of them. */
  frames: { done: number; total: number };
  /** When the segment was finished (kept on its row, so telling of it again gives the same body). */
  at: number;
}

export function videoProgressEvent(s: SegmentFinished): WebhookEvent {
  return {
    id: eventId('video.progress', `${s.swapId}:${s.idx}`),
    type: 'video.progress',
    created: s.at,
    data: { swap: { id: s.swapId, status: 'running' }, frames: s.frames },
  };
}
