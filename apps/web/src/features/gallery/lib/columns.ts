// The gallery's columns: the main gallery 6 / 4 / 3 / 2 at > 1024, ≤ 1024, ≤ 768
// and ≤ 480 px; the pro modes 4 / 3 / 2 / 1. Tiles are dealt across the columns in turn, so the
// newest read across the top row and no column stays empty while there are enough tiles; the
// tiles stay in one list, newest first, so keyboard and screen-reader order is that order too.
export type ColumnsVariant = 'main' | 'pro';

const COUNTS: Record<ColumnsVariant, [number, number, number, number]> = { main: [6, 4, 3, 2], pro: [4, 3, 2, 1] };

export function columnCount(variant: ColumnsVariant, width: number): number {
  const [wide, w1024, w768, w480] = COUNTS[variant];
  if (width <= 480) return w480;
  if (width <= 768) return w768;
  if (width <= 1024) return w1024;
  return wide;
}

/** Item i goes to column i mod n (0-based): row by row, newest first. */
export function columnOf(index: number, n: number): number {
  return index % Math.max(1, n);
}

/** Height of one grid row: a tile spans as many as its height (and the gap below it) needs. */
export const ROW_PX = 4;

/** Rows a tile of `heightPx` (its gap included) spans; an unmeasured tile gets a square-ish guess. */
export function rowSpan(heightPx: number | undefined): number {
  return Math.max(1, Math.ceil((heightPx ?? 200) / ROW_PX));
}
