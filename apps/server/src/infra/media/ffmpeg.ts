// The ffmpeg adapter: the only code that spawns ffmpeg or ffprobe. Frames travel through pipes as
// RGB24 (never written to disk as pictures); each segment is its own H.264 MP4 starting on a
// keyframe, so the segments join without re-encoding.
import { once } from 'node:events';
import { unlink, writeFile } from 'node:fs/promises';
import { MediaError, run, start } from './run.ts';
import { fpsOf, outputSize, readProbe, type ProbeJson, type Rational, type VideoProbe } from './probe.ts';

/** One decoded frame: RGB24, row-major, width * height * 3 bytes. */
export interface RawFrame {
  width: number;
  height: number;
  data: Buffer;
}

export interface DecodeOptions {
  firstFrame: number;
  frames: number;
  /** Largest short side; a larger clip is brought down to it. */
  maxHeight: number;
  /** The clip's probe, when the caller has it (saves probing again). */
  probe?: VideoProbe;
}

export interface VideoEncoder {
  /** Writes one frame (width * height * 3 bytes); waits while ffmpeg is behind. */
  write(frame: Buffer): Promise<void>;
  /** Ends the input and waits for the MP4 to be complete. */
  finish(): Promise<void>;
  /** Stops at once (a cancelled swap); the file is left for the caller to delete. */
  kill(): void;
}

export interface JoinOptions {
  /** The original clip, whose sound is laid under the joined video (re-encoded AAC). */
  audioFrom: string | null;
  out: string;
  /** Container tags, e.g. { comment: 'AI-generated …' }. */
  metadata: Record<string, string>;
  /** Seconds of sound to take: the joined video's length. */
  duration: number;
}

export interface MediaTools {
  probe(file: string): Promise<VideoProbe>;
  decode(file: string, opts: DecodeOptions): AsyncGenerator<RawFrame>;
  encoder(file: string, opts: { width: number; height: number; fps: Rational }): VideoEncoder;
  /** Concatenates the segments without re-encoding; `audio` false when the sound had to be left out. */
  join(segments: string[], opts: JoinOptions): Promise<{ audio: boolean }>;
  /** Frames at `times` (seconds), at `size` or the decode size; times past the end give nothing. */
  sample(file: string, times: number[], opts: { maxHeight: number; size?: { width: number; height: number }; probe?: VideoProbe }): Promise<RawFrame[]>;
  /** A JPEG of the frame at `at` seconds. */
  poster(file: string, at?: number): Promise<Buffer>;
}

const QUIET = ['-hide_banner', '-nostdin', '-v', 'error'];
const PROBE_QUIET = ['-hide_banner', '-v', 'error'];

export class FfmpegTools implements MediaTools {
  constructor(
    readonly ffmpeg: string,
    readonly ffprobe: string,
  ) {}

  async probe(file: string): Promise<VideoProbe> {
    // -count_packets: a WebM states no frame count; counting packets reads the file, decodes nothing.
    const out = await run(this.ffprobe, [...PROBE_QUIET, '-count_packets', '-print_format', 'json', '-show_format', '-show_streams', file], 'probe');
    let json: ProbeJson;
    try {
      json = JSON.parse(out.toString('utf8')) as ProbeJson;
    } catch {
      throw new MediaError('probe', 'unreadable probe output');
    }
    const probe = readProbe(json);
    if (!probe) throw new MediaError('probe', 'no video stream with a frame rate and frames');
    return probe;
  }

  async *decode(file: string, opts: DecodeOptions): AsyncGenerator<RawFrame> {
    const probe = opts.probe ?? (await this.probe(file));
    const { width, height } = outputSize(probe, opts.maxHeight);
    const fps = fpsOf(probe.fps);
    // Half a frame early: frame k has time k/fps, and seeking drops what comes before the time asked.
    // Passthrough: each decoded frame once, none repeated to fill a rounding gap, so segments add up.
    const at = Math.max(0, (opts.firstFrame - 0.5) / fps);
    const args = [...QUIET, ...(at > 0 ? ['-ss', at.toFixed(6)] : []), '-i', file, '-map', '0:v:0', '-an', '-sn',
      '-vf', `scale=${width}:${height}:flags=bicubic`, '-vsync', 'passthrough',
      '-frames:v', String(opts.frames), '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'];
    yield* this.frames(args, width, height, 'decode');
  }

  encoder(file: string, opts: { width: number; height: number; fps: Rational }): VideoEncoder {
    const { proc, exited } = start(this.ffmpeg, [...QUIET, '-y', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${opts.width}x${opts.height}`,
      '-framerate', `${opts.fps.num}/${opts.fps.den}`, '-i', 'pipe:0', '-an', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20',
      '-pix_fmt', 'yuv420p', '-profile:v', 'high', '-f', 'mp4', file], 'pipe');
    const stdin = proc.stdin!;
    // A write after ffmpeg died fails here, and finish() reports why.
    stdin.on('error', () => undefined);
    let killed = false;
    return {
      async write(frame) {
        if (killed || stdin.destroyed) throw new MediaError('encode', 'the encoder has stopped');
        if (!stdin.write(frame)) await Promise.race([once(stdin, 'drain'), exited]);
      },
      async finish() {
        stdin.end();
        const { code, stderr } = await exited;
        if (code !== 0) throw new MediaError('encode', stderr.trim() || `exit code ${code}`);
      },
      kill() {
        killed = true;
        proc.kill('SIGKILL');
      },
    };
  }

  async join(segments: string[], opts: JoinOptions): Promise<{ audio: boolean }> {
    const list = `${opts.out}.txt`;
    await writeFile(list, segments.map((s) => `file '${s.replace(/'/g, "'\\''")}'\n`).join(''));
    const tags = Object.entries(opts.metadata).flatMap(([k, v]) => ['-metadata', `${k}=${v}`]);
    const attempt = (audio: boolean) => run(this.ffmpeg, [...QUIET, '-y', '-f', 'concat', '-safe', '0', '-i', list,
      ...(audio && opts.audioFrom ? ['-t', opts.duration.toFixed(6), '-i', opts.audioFrom, '-map', '0:v:0', '-map', '1:a:0', '-c:a', 'aac', '-b:a', '128k'] : ['-map', '0:v:0']),
      '-c:v', 'copy', ...tags, '-movflags', '+faststart', '-f', 'mp4', opts.out], 'join');
    try {
      if (opts.audioFrom) {
        try {
          await attempt(true);
          return { audio: true };
        } catch {
          // A sound track ffmpeg cannot read or re-encode: the swap is still worth having, silent.
        }
      }
      await attempt(false);
      return { audio: false };
    } finally {
      await unlink(list).catch(() => undefined);
    }
  }

  async sample(file: string, times: number[], opts: { maxHeight: number; size?: { width: number; height: number }; probe?: VideoProbe }): Promise<RawFrame[]> {
    const probe = opts.probe ?? (await this.probe(file));
    const { width, height } = opts.size ?? outputSize(probe, opts.maxHeight);
    const fps = fpsOf(probe.fps);
    const wanted = [...new Set(times.map((t) => Math.max(0, Math.round(t * fps))))].filter((n) => n < probe.frames).sort((a, b) => a - b);
    if (wanted.length === 0) return [];
    // One pass over the clip picking frames by number: no seek per sample.
    const select = `select='${wanted.map((n) => `eq(n\\,${n})`).join('+')}'`;
    const args = [...QUIET, '-i', file, '-map', '0:v:0', '-an', '-sn', '-vf', `${select},scale=${width}:${height}:flags=bicubic`,
      '-vsync', 'passthrough', '-frames:v', String(wanted.length), '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'];
    const out: RawFrame[] = [];
    for await (const frame of this.frames(args, width, height, 'sample')) out.push(frame);
    return out;
  }

  poster(file: string, at = 0): Promise<Buffer> {
    return run(this.ffmpeg, [...QUIET, ...(at > 0 ? ['-ss', at.toFixed(3)] : []), '-i', file, '-map', '0:v:0', '-frames:v', '1',
      '-c:v', 'mjpeg', '-q:v', '3', '-f', 'image2pipe', 'pipe:1'], 'poster');
  }

  /** ffmpeg's raw RGB24 output cut into frames as it comes; stopping early kills ffmpeg. */
  private async *frames(args: string[], width: number, height: number, step: MediaError['step']): AsyncGenerator<RawFrame> {
    const { proc, exited } = start(this.ffmpeg, args);
    const size = width * height * 3;
    // Each chunk is copied once, straight into its frame's own buffer (a 720p frame is 2.7 MB).
    let frame: Buffer | null = null;
    let have = 0;
    let ended = false;
    try {
      for await (const chunk of proc.stdout! as AsyncIterable<Buffer>) {
        for (let at = 0; at < chunk.length;) {
          const n = Math.min(size - have, chunk.length - at);
          frame ??= Buffer.allocUnsafeSlow(size);
          chunk.copy(frame, have, at, at + n);
          have += n;
          at += n;
          if (have < size) continue;
          yield { width, height, data: frame };
          frame = null;
          have = 0;
        }
      }
      const { code, stderr } = await exited;
      ended = true;
      if (code !== 0) throw new MediaError(step, stderr.trim() || `exit code ${code}`);
    } finally {
      if (!ended) proc.kill('SIGKILL');
    }
  }
}
