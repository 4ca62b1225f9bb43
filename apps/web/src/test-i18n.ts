// A lazy page's components read namespaces its route loads first (app/lazy-route.tsx): their unit
// tests get i18n instances with those namespaces already in, one per language.
import type { i18n as I18n } from 'i18next';
import { createI18n, loadNamespace, type LazyNamespace } from './lib/i18n';
import { SUPPORTED_LANGUAGES, type Language } from './lib/language';

export async function i18nWith(...namespaces: LazyNamespace[]): Promise<Record<Language, I18n>> {
  const entries = await Promise.all(
    SUPPORTED_LANGUAGES.map(async (language) => {
      const i18n = createI18n(language);
      await Promise.all(namespaces.map((ns) => loadNamespace(i18n, ns)));
      return [language, i18n] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<Language, I18n>;
}
