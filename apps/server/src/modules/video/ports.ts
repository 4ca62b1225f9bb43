// What the video module needs of the face engine: its two video operations, with the engine's
// own shapes, run in the pool like every engine call.
import type { EngineCalls } from '@visage/engine';

export type { FramePatch, VideoPersonFound, VideoTrack } from '@visage/engine';

export type VideoEngine = Pick<EngineCalls, 'videoPeople' | 'swapFrames'>;
