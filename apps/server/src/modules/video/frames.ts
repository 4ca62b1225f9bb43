// Pasting the engine's patches (the rectangles a swap changed) back into full RGB24 frames.
import type { RawFrame } from '../../infra/media/index.ts';
import type { FramePatch } from './ports.ts';

/** Copies `patch` into `frame` in place, row by row, clipped to the frame. */
export function pastePatch(frame: RawFrame, patch: FramePatch): void {
  const x0 = Math.max(0, patch.x);
  const y0 = Math.max(0, patch.y);
  const x1 = Math.min(frame.width, patch.x + patch.width);
  const y1 = Math.min(frame.height, patch.y + patch.height);
  if (x1 <= x0 || y1 <= y0) return;
  const rowBytes = (x1 - x0) * 3;
  for (let y = y0; y < y1; y++) {
    const from = ((y - patch.y) * patch.width + (x0 - patch.x)) * 3;
    patch.data.copy(frame.data, (y * frame.width + x0) * 3, from, from + rowBytes);
  }
}
