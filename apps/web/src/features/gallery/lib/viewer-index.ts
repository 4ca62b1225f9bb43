// Viewer position: closed, or open at an index; next and previous wrap.

export function wrapIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return ((index % count) + count) % count;
}

export function nextIndex(index: number, count: number): number {
  return wrapIndex(index + 1, count);
}

export function previousIndex(index: number, count: number): number {
  return wrapIndex(index - 1, count);
}

/** Horizontal swipe: which way to move for a touch that went from startX to endX, if any. */
export function swipeDirection(startX: number, endX: number, startY = 0, endY = 0, threshold = 50): 'next' | 'previous' | null {
  const dx = endX - startX;
  const dy = endY - startY;
  if (Math.abs(dx) < threshold || Math.abs(dx) < Math.abs(dy)) return null;
  return dx < 0 ? 'next' : 'previous';
}
