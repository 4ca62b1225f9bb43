import { useEffect } from 'react';

/** Sets the tab title to "<title> · Visage" (just "Visage" without a title). */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Visage` : 'Visage';
  }, [title]);
}
