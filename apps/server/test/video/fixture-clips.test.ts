// The test clips in fixtures/video (scripts/make-video-clips.mjs) are what their README says:
// each with pictures and sound, 2–3 s, the listed size and format, a rotation flag where one is
// meant, and all of them small enough to keep in the repository.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { VIDEO_DIR, videoPath } from '../../../../fixtures/index.mjs';
import { FFPROBE, probeVideo } from '../../../../scripts/lib-ffmpeg.mjs';

const hasFfprobe = spawnSync(FFPROBE, ['-version']).status === 0;
const clips = readdirSync(VIDEO_DIR).filter((f) => /\.(mp4|webm|mov)$/.test(f)).sort();

describe.skipIf(!hasFfprobe)('fixtures/video', () => {
  it('holds every clip its README lists, and only those', () => {
    const listed = [...readFileSync(videoPath('README.md'), 'utf8').matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1]).sort();
    expect(listed).toEqual(clips);
    expect(clips.length).toBe(10);
  });

  it('keeps each clip short, small and with sound, in the container its name says', () => {
    let total = 0;
    for (const clip of clips) {
      const facts = probeVideo(videoPath(clip));
      total += facts.bytes;
      expect(facts.duration, clip).toBeGreaterThanOrEqual(2);
      expect(facts.duration, clip).toBeLessThanOrEqual(3);
      expect(facts.audio, clip).toBe(clip.endsWith('.webm') ? 'opus' : 'aac');
      expect(facts.codec, clip).toBe(clip.endsWith('.webm') ? 'vp9' : 'h264');
      const [w, h] = clip === 'rotated-flag.mp4' ? [360, 640] : [640, 360];
      expect([facts.width, facts.height, facts.rotation], clip).toEqual([w, h, clip === 'rotated-flag.mp4' ? -90 : 0]);
    }
    expect(total).toBeLessThanOrEqual(2 * 1024 * 1024);
  });
});
