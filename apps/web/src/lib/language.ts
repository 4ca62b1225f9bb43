// Which language the interface starts in: a choice the visitor made earlier on this device,
// otherwise the browser's primary language code ('fr-FR' → 'fr'), otherwise English.
export const SUPPORTED_LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const LANGUAGE_STORAGE_KEY = 'visage.language';

export function isSupportedLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/** 'fr-FR' → 'fr', 'EN_us' → 'en', '' → ''. */
export function primaryLanguageCode(tag: string): string {
  return (tag.split(/[-_]/)[0] ?? '').trim().toLowerCase();
}

/** The supported language for a browser language tag; English for anything else. */
export function detectLanguage(browserLanguage: string | null | undefined): Language {
  const code = primaryLanguageCode(browserLanguage ?? '');
  return isSupportedLanguage(code) ? code : DEFAULT_LANGUAGE;
}

interface LanguageSources {
  navigator?: Pick<Navigator, 'language'>;
  storage?: Pick<Storage, 'getItem'>;
}

export function initialLanguage({ navigator, storage }: LanguageSources = browserSources()): Language {
  let stored: string | null = null;
  try {
    stored = storage?.getItem(LANGUAGE_STORAGE_KEY) ?? null;
  } catch {
    // Storage can be disabled (private mode, policies): fall back to the browser language.
  }
  if (isSupportedLanguage(stored)) return stored;
  return detectLanguage(navigator?.language);
}

/** Keeps an explicit choice from the language switcher for the next visit. */
export function rememberLanguage(language: Language, storage: Pick<Storage, 'setItem'> | undefined = browserSources().storage): void {
  try {
    storage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not being able to remember the choice is harmless.
  }
}

function browserSources(): { navigator?: Navigator; storage?: Storage } {
  return {
    navigator: typeof navigator === 'undefined' ? undefined : navigator,
    storage: typeof localStorage === 'undefined' ? undefined : localStorage,
  };
}
