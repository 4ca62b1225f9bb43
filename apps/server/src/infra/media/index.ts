// Finds ffmpeg (FFMPEG_PATH, else on PATH) and ffprobe beside it. Without them video is off and
// the server still starts.
import { accessSync, constants } from 'node:fs';
import { basename, delimiter, dirname, join } from 'node:path';
import { FfmpegTools, type MediaTools } from './ffmpeg.ts';

export { FfmpegTools, type DecodeOptions, type JoinOptions, type MediaTools, type RawFrame, type VideoEncoder } from './ffmpeg.ts';
export { fpsOf, outputSize, parseRational, readProbe, type Rational, type VideoProbe } from './probe.ts';
export { MediaError } from './run.ts';

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && executable(join(dir, name))) return join(dir, name);
  }
  return null;
}

/** The tools, or null when ffmpeg or ffprobe cannot be found. `ffmpegPath` may be a path or a bare name. */
export function findMediaTools(ffmpegPath = 'ffmpeg'): MediaTools | null {
  const ffmpeg = ffmpegPath.includes('/') ? (executable(ffmpegPath) ? ffmpegPath : null) : onPath(ffmpegPath);
  if (!ffmpeg) return null;
  const probeName = basename(ffmpeg).replace(/ffmpeg/, 'ffprobe');
  const ffprobe = join(dirname(ffmpeg), probeName === basename(ffmpeg) ? 'ffprobe' : probeName);
  return executable(ffprobe) ? new FfmpegTools(ffmpeg, ffprobe) : null;
}
