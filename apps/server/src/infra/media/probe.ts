// What ffprobe says of a clip, reduced to the facts the video swap needs: its upright size, frame
// rate as a fraction, frame count, rotation, sound and codec.

export interface Rational {
  num: number;
  den: number;
}

export interface VideoProbe {
  /** Seconds. */
  duration: number;
  /** As displayed: after the rotation flag is applied. */
  width: number;
  height: number;
  fps: Rational;
  frames: number;
  /** The display rotation the container asks for, in degrees (0, 90, 180, 270). */
  rotation: number;
  audio: boolean;
  codec: string;
}

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  nb_frames?: string;
  nb_read_packets?: string;
  duration?: string;
  tags?: Record<string, string>;
  side_data_list?: Array<{ rotation?: number }>;
}

export interface ProbeJson {
  streams?: ProbeStream[];
  format?: { duration?: string };
}

export function parseRational(text: string | undefined): Rational | null {
  const m = /^(\d+)\/(\d+)$/.exec(text ?? '');
  if (!m) return null;
  const num = Number(m[1]);
  const den = Number(m[2]);
  return num > 0 && den > 0 ? { num, den } : null;
}

export const fpsOf = (r: Rational): number => r.num / r.den;

/** The probe's JSON → the clip's facts; null when it holds no readable video stream. */
export function readProbe(json: ProbeJson): VideoProbe | null {
  const streams = json.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video' && (s.width ?? 0) > 0 && (s.height ?? 0) > 0);
  if (!video) return null;
  const fps = parseRational(video.avg_frame_rate) ?? parseRational(video.r_frame_rate);
  if (!fps) return null;
  const duration = Number(json.format?.duration ?? video.duration);
  // The display matrix says how to turn the stored picture upright (negative: clockwise).
  const raw = video.side_data_list?.find((d) => typeof d.rotation === 'number')?.rotation ?? Number(video.tags?.rotate ?? 0);
  const rotation = (((Math.round(raw / 90) * 90) % 360) + 360) % 360;
  const sideways = rotation === 90 || rotation === 270;
  const counted = Number(video.nb_read_packets ?? video.nb_frames);
  const frames = counted > 0 ? counted : Math.round((Number.isFinite(duration) ? duration : 0) * fpsOf(fps));
  if (!(frames > 0)) return null;
  return {
    duration: Number.isFinite(duration) && duration > 0 ? duration : frames / fpsOf(fps),
    width: sideways ? video.height! : video.width!,
    height: sideways ? video.width! : video.height!,
    fps,
    frames,
    rotation,
    audio: streams.some((s) => s.codec_type === 'audio'),
    codec: video.codec_name ?? 'unknown',
  };
}

/**
 * The size frames are decoded at: the clip's own, brought down when its short side is over
 * `maxShortSide` (a portrait 1080p clip keeps its 1080 columns), and always even (H.264 4:2:0).
 */
export function outputSize(probe: Pick<VideoProbe, 'width' | 'height'>, maxShortSide: number): { width: number; height: number; downscaled: boolean } {
  const short = Math.min(probe.width, probe.height);
  const scale = short > maxShortSide ? maxShortSide / short : 1;
  const even = (n: number) => Math.max(2, Math.floor((n * scale) / 2) * 2);
  return { width: even(probe.width), height: even(probe.height), downscaled: scale < 1 };
}
