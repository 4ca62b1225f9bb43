// ffmpeg for the scripts that make or measure videos (make-video-clips, bench:video): RGB frames
// piped in and encoded with a sine tone for sound, and a video's frames decoded back out, one
// frame in memory at a time. Frames never touch the disk.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { rmSync } from 'node:fs';

export const FFMPEG = process.env.FFMPEG_PATH ?? 'ffmpeg';
export const FFPROBE = process.env.FFPROBE_PATH ?? FFMPEG.replace(/ffmpeg$/, 'ffprobe');

/** Small files: the encoders' quality settings and mono low-rate sound. */
const CODECS = {
  h264: ['-c:v', 'libx264', '-crf', '30', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '32k', '-ac', '1', '-movflags', '+faststart'],
  vp9: ['-c:v', 'libvpx-vp9', '-crf', '42', '-b:v', '0', '-row-mt', '1', '-pix_fmt', 'yuv420p', '-c:a', 'libopus', '-b:a', '24k', '-ac', '1'],
};

/**
 * Encodes `frames` (an iterable or async iterable of RGB24 buffers, width × height × 3 bytes each)
 * at `fps` into `out` with a sine tone of `tone` Hz as sound. `codec`: 'h264' (MP4, MOV) or 'vp9'
 * (WebM); `crf` overrides the codec's, `preset` x264's (default slow: smaller files); `rotate`
 * (ffmpeg's rotate tag, in degrees) flags the clip to be turned when shown, as phones flag portrait clips.
 */
export async function encodeFrames({ out, width, height, fps, frames, tone = 440, codec = 'h264', crf, preset = 'slow', rotate }) {
  // ffmpeg 5.1 drops a rotation set while encoding: the flag goes on in a second, copying pass.
  const encoded = rotate ? `${out}.unflagged${out.slice(out.lastIndexOf('.'))}` : out;
  const args = [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${width}x${height}`, '-r', String(fps), '-i', '-',
    '-f', 'lavfi', '-i', `sine=frequency=${tone}:sample_rate=48000`,
    ...CODECS[codec],
    ...(codec === 'h264' ? ['-preset', preset] : []),
    ...(crf === undefined ? [] : ['-crf', String(crf)]),
    // The tone is endless: the pictures decide the length. No encoder name or date in the file.
    '-shortest', '-map_metadata', '-1', '-fflags', '+bitexact', '-flags:v', '+bitexact', '-flags:a', '+bitexact',
    encoded,
  ];
  const child = spawn(FFMPEG, args, { stdio: ['pipe', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-4000)));
  const exited = once(child, 'close');
  const size = width * height * 3;
  try {
    for await (const frame of frames) {
      if (frame.length !== size) throw new Error(`a frame of ${frame.length} bytes, not ${size}`);
      if (!child.stdin.write(frame)) await Promise.race([once(child.stdin, 'drain'), exited]);
    }
  } finally {
    child.stdin.end();
  }
  const [code] = await exited;
  if (code !== 0) throw new Error(`ffmpeg failed on ${out} (${code}): ${stderr}`);
  if (!rotate) return;
  const flag = spawnSync(FFMPEG, ['-hide_banner', '-loglevel', 'error', '-y', '-i', encoded, '-c', 'copy', '-map', '0', '-metadata:s:v:0', `rotate=${rotate}`, '-fflags', '+bitexact', out], { encoding: 'utf8' });
  rmSync(encoded, { force: true });
  if (flag.status !== 0) throw new Error(`ffmpeg could not flag ${out} as turned: ${flag.stderr}`);
}

/** The video stream's facts: displayed size (rotation applied), fps, frame count, duration, rotation, sound. */
export function probeVideo(file) {
  const out = spawnSync(FFPROBE, ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', file], { encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`ffprobe failed on ${file}: ${out.stderr}`);
  const info = JSON.parse(out.stdout);
  const video = info.streams.find((s) => s.codec_type === 'video');
  if (!video) throw new Error(`${file} has no video stream`);
  const rotation = Number(video.tags?.rotate ?? video.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? 0);
  const quarter = Math.abs(rotation) % 180 === 90;
  const [num, den] = String(video.avg_frame_rate || video.r_frame_rate).split('/').map(Number);
  return {
    codec: video.codec_name,
    width: quarter ? video.height : video.width,
    height: quarter ? video.width : video.height,
    fps: den ? num / den : num,
    frames: Number(video.nb_frames) || undefined,
    duration: Number(info.format.duration),
    rotation,
    audio: info.streams.find((s) => s.codec_type === 'audio')?.codec_name ?? null,
    bytes: Number(info.format.size),
  };
}

/**
 * The frames of `file` as RGB24 buffers of its displayed size (ffmpeg applies a rotation flag),
 * one at a time, or scaled to `size` ({ width, height }) when given. `maxFrames` stops early.
 */
export async function* decodeFrames(file, { maxFrames = Infinity, size: scaled } = {}) {
  const { width, height } = scaled ?? probeVideo(file);
  const size = width * height * 3;
  const scale = scaled ? ['-vf', `scale=${width}:${height}`] : [];
  const child = spawn(FFMPEG, ['-hide_banner', '-loglevel', 'error', '-i', file, '-map', '0:v:0', ...scale, '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-4000)));
  const exited = once(child, 'close');
  let pending = Buffer.alloc(0);
  let count = 0;
  try {
    for await (const chunk of child.stdout) {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      while (pending.length >= size && count < maxFrames) {
        yield { width, height, data: Buffer.from(pending.subarray(0, size)) };
        pending = pending.subarray(size);
        count += 1;
      }
      if (count >= maxFrames) break;
    }
  } finally {
    if (child.exitCode === null) child.kill('SIGTERM');
  }
  const [code, signal] = await exited;
  if (code !== 0 && !signal && count < maxFrames) throw new Error(`ffmpeg could not decode ${file} (${code}): ${stderr}`);
}
