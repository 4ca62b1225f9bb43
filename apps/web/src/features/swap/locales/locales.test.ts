import { describe, expect, it } from 'vitest';
import en from './en.json';
import fr from './fr.json';
import { swapErrorCode } from '@visage/contracts';
import videoEn from './video/en.json';
import videoFr from './video/fr.json';

/** Every key path of a locale object, plural forms included. */
const keysOf = (value: object, prefix = ''): string[] =>
  Object.entries(value).flatMap(([key, inner]) => (typeof inner === 'object' && inner !== null ? keysOf(inner as object, `${prefix}${key}.`) : [`${prefix}${key}`]));

// en/fr key parity for every namespace is checked once, in src/lib/i18n.test.ts.
describe('swap locales', () => {
  it('translate every failure code of a swap job', () => {
    for (const code of swapErrorCode.options) {
      expect(en.reasons).toHaveProperty(code);
      expect(fr.reasons).toHaveProperty(code);
    }
    expect(en.reasons.no_face_source).toBe('No face was found in the face photo.');
    expect(en.reasons.no_face_target).toBe('No face was found in the target photo.');
  });

  it('words the dashboard as the product does', () => {
    expect(en.form).toMatchObject({
      title: "Let's Swap",
      text: 'Choose a target photo and a face photo, then witness the transformation',
      uploadTarget: 'Upload Target Image',
      uploadFace: 'Upload Face Image',
      submit: 'Swap Faces',
    });
    expect(en.cards.proshoot).toEqual({ title: 'Proshoot', subtitle: 'Get your Linkedin or CV photo' });
    expect(en.cards.prosoccer).toEqual({ title: 'Pro Soccer Swap', subtitle: 'You are a soccer star' });
  });

  it('has the texts of the video half (loaded with it) in both languages, with the same keys', () => {
    expect(keysOf(videoFr).sort()).toEqual(keysOf(videoEn).sort());
    expect(videoEn.video.off).toBe('Video swaps are off on this server: ffmpeg is not installed.');
    for (const code of ['video_off', 'unsupported_video', 'video_too_large', 'video_too_long', 'video_plan_required', 'video_quota_exceeded', 'unknown_person']) {
      expect(videoEn.reasons).toHaveProperty(code);
    }
  });
});
