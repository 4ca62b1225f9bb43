// Runs ffmpeg or ffprobe as a child process: arguments as an array (never a shell), stderr kept
// to say why it failed, a pipe for frames.
import { spawn, type ChildProcess } from 'node:child_process';

/** ffmpeg or ffprobe failed; `detail` is the end of what it wrote on stderr. */
export class MediaError extends Error {
  constructor(
    readonly step: 'probe' | 'decode' | 'encode' | 'join' | 'sample' | 'poster',
    readonly detail: string,
  ) {
    super(`ffmpeg ${step} failed: ${detail}`);
    this.name = 'MediaError';
  }
}

const STDERR_KEEP = 4000;

/** Starts `bin`; stderr is kept (its end) for the error, stdout is the caller's. */
export function start(bin: string, args: string[], stdin: 'pipe' | 'ignore' = 'ignore'): { proc: ChildProcess; exited: Promise<{ code: number | null; stderr: string }> } {
  const proc = spawn(bin, args, { stdio: [stdin, 'pipe', 'pipe'] });
  let stderr = '';
  proc.stderr!.on('data', (c: Buffer) => {
    stderr = (stderr + c.toString('utf8')).slice(-STDERR_KEEP);
  });
  const exited = new Promise<{ code: number | null; stderr: string }>((resolve) => {
    proc.once('error', (err) => {
      stderr += String(err);
      resolve({ code: -1, stderr });
    });
    proc.once('close', (code) => resolve({ code, stderr }));
  });
  return { proc, exited };
}

/** Runs to the end and answers its whole stdout (small outputs only: a probe's JSON, one picture). */
export async function run(bin: string, args: string[], step: MediaError['step']): Promise<Buffer> {
  const { proc, exited } = start(bin, args);
  const chunks: Buffer[] = [];
  proc.stdout!.on('data', (c: Buffer) => chunks.push(c));
  const { code, stderr } = await exited;
  if (code !== 0) throw new MediaError(step, stderr.trim() || `exit code ${code}`);
  return Buffer.concat(chunks);
}
