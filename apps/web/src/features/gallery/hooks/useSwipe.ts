// Touch swipe handlers for the viewer: a horizontal swipe of 50 px or more moves one image.
import { useRef, type TouchEvent } from 'react';
import { swipeDirection } from '../lib/viewer-index';

export function useSwipe(onNext: () => void, onPrevious: () => void) {
  const start = useRef<{ x: number; y: number } | null>(null);
  return {
    onTouchStart(event: TouchEvent) {
      const touch = event.touches[0];
      start.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
    },
    onTouchEnd(event: TouchEvent) {
      const touch = event.changedTouches[0];
      const from = start.current;
      start.current = null;
      if (!touch || !from) return;
      const direction = swipeDirection(from.x, touch.clientX, from.y, touch.clientY);
      if (direction === 'next') onNext();
      else if (direction === 'previous') onPrevious();
    },
  };
}
