// The video half's texts travel with its chunk, not with the app's first load: the first time
// it renders, they join the swap namespace in both languages (so a later switch finds them).
import type { i18n as I18n } from 'i18next';
import en from '../../locales/video/en.json';
import fr from '../../locales/video/fr.json';

export const VIDEO_TEXTS = { en, fr } as const;

const added = new WeakSet<I18n>();

export function addVideoTexts(i18n: I18n): void {
  if (added.has(i18n)) return;
  added.add(i18n);
  for (const [language, texts] of Object.entries(VIDEO_TEXTS)) i18n.addResourceBundle(language, 'swap', texts, true, false);
}
