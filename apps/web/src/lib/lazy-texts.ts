// Texts that travel with a lazy chunk rather than the app's first load: the first time the chunk
// renders, they join their namespace in every language (so a later language switch finds them).
import type { i18n as I18n } from 'i18next';

export type TextsByLanguage = Record<string, Record<string, unknown>>;

/** A function that adds `texts` to `namespace` of an i18n instance, once per instance. */
export function textsAdder(namespace: string, texts: TextsByLanguage): (i18n: I18n) => void {
  const added = new WeakSet<I18n>();
  return (i18n) => {
    if (added.has(i18n)) return;
    added.add(i18n);
    for (const [language, bundle] of Object.entries(texts)) i18n.addResourceBundle(language, namespace, bundle, true, false);
  };
}
