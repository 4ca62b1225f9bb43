// Test clips made with ffmpeg in the test's temp folder: a counter clip (frame n is red n*6, so a
// decoded frame says which one it is), and a clip of a still photo with sound and a rotation flag.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const ff = (args: string[]) => execFileSync('ffmpeg', ['-hide_banner', '-nostdin', '-v', 'error', '-y', ...args]);

/** `frames` frames of 64×48 at 25 fps; frame n is a flat red of n*6. */
export function counterClip(dir: string, frames = 38): string {
  const out = join(dir, 'counter.mp4');
  ff(['-f', 'lavfi', '-i', `nullsrc=s=64x48:r=25,geq=r='N*6':g=0:b=0,format=yuv444p`, '-frames:v', String(frames), '-c:v', 'libx264', '-qp', '0', '-pix_fmt', 'yuv444p', out]);
  return out;
}

/** A still photo as a `seconds` clip at 25 fps, 240×320 as shown, with a tone; stored on its side with a rotation flag. */
export function photoClip(dir: string, photo: string, seconds = 1.2, name = 'photo.mp4'): string {
  const plain = join(dir, `plain-${name}`);
  ff(['-loop', '1', '-framerate', '25', '-i', photo, '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100', '-t', String(seconds),
    '-vf', 'crop=ih*3/4:ih,scale=240:320,setsar=1,transpose=2', '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', plain]);
  const out = join(dir, name);
  // The stored picture lies on its side; the flag turns it back upright for display.
  ff(['-i', plain, '-c', 'copy', '-metadata:s:v:0', 'rotate=270', out]);
  return out;
}

/** testsrc for `seconds` at `size`, no sound. */
export function testClip(dir: string, seconds: number, size = '320x240', name = 'test.mp4'): string {
  const out = join(dir, name);
  ff(['-f', 'lavfi', '-i', `testsrc=size=${size}:rate=25`, '-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', out]);
  return out;
}
