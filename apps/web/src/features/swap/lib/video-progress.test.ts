import { describe, expect, it } from 'vitest';
import { createI18n, loadLanguage } from '../../../lib/i18n';
import { addVideoTexts } from '../components/video/video-texts';
import { videoProgressText } from './video-progress';

await loadLanguage('fr');
const i18n = createI18n('en');
addVideoTexts(i18n);
const en = i18n.getFixedT('en', 'swap');
const fr = i18n.getFixedT('fr', 'swap');

describe('videoProgressText', () => {
  it('says the frame and the time left, in English and French', () => {
    const facts = { phase: 'running' as const, frames: { done: 120, total: 300 }, etaMs: 20_000 };
    expect(videoProgressText(en, facts)).toBe('Frame 120 of 300 · about 20 s left');
    expect(videoProgressText(fr, facts)).toBe('Image 120 sur 300 · encore 20 s environ');
    expect(videoProgressText(en, { ...facts, etaMs: 200_000 })).toBe('Frame 120 of 300 · about 3 min left');
  });

  it('names the step before frames are counted', () => {
    expect(videoProgressText(en, { phase: 'uploading', frames: null, etaMs: null })).toBe('Sending your clip…');
    expect(videoProgressText(fr, { phase: 'running', frames: null, etaMs: null })).toBe('Vérification de la vidéo et recherche du visage…');
  });
});
