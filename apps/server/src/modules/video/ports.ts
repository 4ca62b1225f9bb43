// What the video module needs of the face engine: its two video operations, with the engine's
// shapes (packages/engine src/api/video-options.ts), so the pool's handle fits as it is.
import type { SourcePhotoAnalysis } from '@visage/engine';
import type { RawFrame } from '../../infra/media/index.ts';

export interface VideoPersonFound {
  descriptor: number[];
  /** JPEG of the face where it is largest. */
  thumbnail: Buffer;
  seen: number;
  size: number;
  usable: boolean;
  boxes: Array<[number, number, number, number] | null>;
}

/** The rectangle of a frame the swap changed, RGB24. */
export interface FramePatch {
  x: number;
  y: number;
  width: number;
  height: number;
  data: Buffer;
}

export interface VideoEngine {
  videoPeople(opts: { frames: RawFrame[]; minFaceSize?: number }): Promise<{ people: VideoPersonFound[] }>;
  swapFrames(opts: {
    source: Buffer;
    /** A saved face's kept analysis, when the source is one. */
    sourceAnalysis?: SourcePhotoAnalysis | null;
    frames: RawFrame[];
    firstIndex: number;
    fps: number;
    person?: number[] | null;
    /** What the previous call of this segment returned (JSON-safe); null at a segment's start. */
    track?: unknown;
  }): Promise<{ patches: Array<FramePatch | null>; track: unknown; timings: Record<string, number> }>;
}
