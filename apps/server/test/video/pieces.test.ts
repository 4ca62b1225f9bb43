// Small pieces of the video path: HTTP ranges as a <video> element sends them, and pasting the
// engine's patches back into frames.
import { describe, expect, it } from 'vitest';
import { parseRange } from '../../src/http/send-range.ts';
import { pastePatch } from '../../src/modules/video/frames.ts';
import { sniffContainer } from '../../src/modules/video/video-form.ts';

describe('parseRange', () => {
  it('reads the forms browsers send, and refuses what lies past the end', () => {
    expect(parseRange('bytes=0-', 1000)).toEqual({ start: 0, end: 999 });
    expect(parseRange('bytes=100-199', 1000)).toEqual({ start: 100, end: 199 });
    expect(parseRange('bytes=900-5000', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseRange(undefined, 1000)).toBeNull();
    expect(parseRange('bytes=0-1,5-6', 1000)).toBeNull();
    expect(parseRange('bytes=50-10', 1000)).toBeNull();
  });
});

describe('pastePatch', () => {
  it('copies the patch into its rectangle, clipped to the frame', () => {
    const frame = { width: 4, height: 3, data: Buffer.alloc(4 * 3 * 3) };
    pastePatch(frame, { x: 2, y: 1, width: 3, height: 3, data: Buffer.alloc(3 * 3 * 3, 7) });
    const at = (x: number, y: number) => frame.data[(y * 4 + x) * 3];
    expect([at(1, 1), at(2, 1), at(3, 1), at(2, 2), at(3, 2), at(2, 0)]).toEqual([0, 7, 7, 7, 7, 0]);
  });
});

describe('sniffContainer', () => {
  it('knows MP4, QuickTime and WebM by their first bytes only', () => {
    expect(sniffContainer(Buffer.from('\0\0\0\x18ftypisom\0\0\0\0', 'latin1'))).toBe('mp4');
    expect(sniffContainer(Buffer.from('\0\0\0\x14ftypqt  \0\0\0\0', 'latin1'))).toBe('mov');
    expect(sniffContainer(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 1, 0, 0, 0, 0, 0, 0, 0]))).toBe('webm');
    expect(sniffContainer(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]))).toBeNull();
  });
});
