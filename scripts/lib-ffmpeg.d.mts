export declare const FFMPEG: string;
export declare const FFPROBE: string;

export interface VideoFacts {
  codec: string;
  /** Displayed size: the rotation flag applied. */
  width: number;
  height: number;
  fps: number;
  frames: number | undefined;
  duration: number;
  rotation: number;
  audio: string | null;
  bytes: number;
}
export interface RawFrame { width: number; height: number; data: Buffer }

export declare function encodeFrames(opts: {
  out: string;
  width: number;
  height: number;
  fps: number;
  frames: Iterable<Buffer | Promise<Buffer>> | AsyncIterable<Buffer>;
  tone?: number;
  codec?: 'h264' | 'vp9';
  crf?: number;
  preset?: string;
  rotate?: number;
}): Promise<void>;
export declare function probeVideo(file: string): VideoFacts;
export declare function decodeFrames(file: string, opts?: { maxFrames?: number; size?: { width: number; height: number } }): AsyncGenerator<RawFrame>;
