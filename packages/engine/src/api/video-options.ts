// The video operations' options and results (videoPeople: who is in a clip; swapFrames: one
// segment's frames swapped a chunk at a time). Frames travel decoded, as ffmpeg gives them.
import type { OneEuroState } from '../face/one-euro.ts';
import type { SourcePhotoAnalysis } from './options.ts';

/** One decoded frame: RGB24, row-major, width * height * 3 bytes. */
export interface RawFrame { width: number; height: number; data: Buffer }

export interface VideoPeopleOptions { frames: RawFrame[]; minFaceSize?: number }

export interface VideoPersonFound {
  /** The engine's face descriptor (mean of the group's). */
  descriptor: number[];
  /** JPEG of the face where it is largest, about 160 px. */
  thumbnail: Buffer;
  /** Share of the frames it is seen in, 0..1. */
  seen: number;
  /** Median face height in pixels. */
  size: number;
  /** Big enough to swap in most frames it is seen in. */
  usable: boolean;
  /** Per frame: its box [x, y, width, height], or null. */
  boxes: Array<[number, number, number, number] | null>;
}

/** Seen largest and longest first. */
export interface VideoPeopleResult { people: VideoPersonFound[] }

export interface SwapFramesOptions {
  /** The face photo (JPEG/PNG): analysed once per worker (image cache). */
  source: Buffer;
  /** A saved face's kept analysis, when there is one. */
  sourceAnalysis?: SourcePhotoAnalysis | null;
  /** Consecutive frames of one segment (a chunk of about 8–16). */
  frames: RawFrame[];
  /** Index of frames[0] in the clip: drives the filter and the detection cadence. */
  firstIndex: number;
  fps: number;
  /** The chosen person's descriptor (from videoPeople); null: the largest face. */
  person?: number[] | null;
  /** What the previous call of this segment returned; null at a segment's start. */
  track?: VideoTrack | null;
}

/** The rectangle of a frame the swap changed, RGB24. */
export interface FramePatch { x: number; y: number; width: number; height: number; data: Buffer }

export interface SwapFramesResult {
  /** One per input frame; null: the frame is unchanged. */
  patches: Array<FramePatch | null>;
  /** JSON-safe state (filter, last face, fade); hand it to the next call. */
  track: VideoTrack;
  timings: Record<string, number>;
}

/** What one call of a segment leaves the next: plain numbers only (it may be stored as JSON). */
export interface VideoTrack {
  /** Index in the clip of the last frame seen. */
  index: number;
  /** The face's landmarks as last read (flat x, y, z of 478 points), what the next frame is read from; null when lost. */
  read: number[] | null;
  /** Head rotation (degrees) of the last reading. */
  rotation: { yaw: number; pitch: number; roll: number };
  /** Mesh confidence of the last reading. */
  score: number;
  /** Frames since the detector last ran. */
  sinceDetect: number;
  /** Frames in a row the face was not found (0: found on the last frame). */
  lost: number;
  /** The landmark filter's state (smoothed landmarks, time, speed); null before the first face. */
  filter: OneEuroState | null;
  /** How much of the swap the last frame showed, 0..1 (it fades out when the face is lost, in when it returns). */
  fade: number;
  /** The face's blur as read at the last detection (see focus/face-blur.ts): it hardly changes between two. */
  blur: { sigma: number; blur: number; sharpSize: number } | null;
  /** The last frame hands were looked for against the face and none found; null when one was. */
  noHandsAt: number | null;
}
