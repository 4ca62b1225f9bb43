// The hard pairs' contact sheet: per pair the source, the target and the result side by side,
// face crops of TILE px, with the pair's name and figures written small under them, so a person
// can go down the sheet and label each result by eye.
import sharp from 'sharp';
import type { Face } from '../src/face/face.ts';

export const TILE = 128;
const COLUMNS = 4, GAP = 12, TEXT = 30, CELL_W = 3 * TILE + GAP, CELL_H = TILE + TEXT + 6;

/** A square crop around a face (1.4 × its box), brought to TILE px. */
export async function faceTile(image: Buffer, f: Face): Promise<Buffer> {
  const meta = await sharp(image).metadata();
  const side = Math.max(f.box.width, f.box.height) * 1.4;
  const cx = f.box.x + f.box.width / 2, cy = f.box.y + f.box.height / 2;
  const left = Math.max(0, Math.round(cx - side / 2)), top = Math.max(0, Math.round(cy - side / 2));
  const width = Math.max(1, Math.min(meta.width! - left, Math.round(side))), height = Math.max(1, Math.min(meta.height! - top, Math.round(side)));
  return sharp(image).extract({ left, top, width, height }).resize(TILE, TILE, { fit: 'contain', background: '#000' }).removeAlpha().png().toBuffer();
}

export interface SheetCell {
  /** Face crops: source, target, result (absent where the swap failed). */
  tiles: [Buffer, Buffer, Buffer | undefined];
  /** Two short lines: the pair's name, its figures. */
  lines: [string, string];
  /** The figures break a limit: written in red. */
  over: boolean;
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export async function hardSheet(cells: SheetCell[]): Promise<Buffer> {
  const rows = Math.ceil(cells.length / COLUMNS), width = COLUMNS * CELL_W, height = Math.max(1, rows) * CELL_H;
  const comps: sharp.OverlayOptions[] = [];
  let text = '';
  cells.forEach((c, k) => {
    const x = (k % COLUMNS) * CELL_W, y = Math.floor(k / COLUMNS) * CELL_H;
    c.tiles.forEach((t, j) => { if (t) comps.push({ input: t, left: x + j * TILE, top: y }); });
    text += `<text x="${x + 2}" y="${y + TILE + 12}" fill="#e0e0e0">${escape(c.lines[0])}</text>`;
    text += `<text x="${x + 2}" y="${y + TILE + 26}" fill="${c.over ? '#ff6b6b' : '#9ccc65'}">${escape(c.lines[1])}</text>`;
    if (!c.tiles[2]) text += `<text x="${x + 2 * TILE + 30}" y="${y + TILE / 2}" fill="#ff6b6b">failed</text>`;
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="DejaVu Sans, sans-serif" font-size="10.5">${text}</svg>`;
  comps.push({ input: Buffer.from(svg), left: 0, top: 0 });
  return sharp({ create: { width, height, channels: 3, background: '#202020' } }).composite(comps).png().toBuffer();
}
