import { describe, expect, it } from 'vitest';
import en from './en.json';
import fr from './fr.json';
import { swapErrorCode } from '@visage/contracts';

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
});
