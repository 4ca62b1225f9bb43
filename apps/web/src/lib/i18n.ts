// react-i18next setup. Every feature owns a namespace named after its folder, read from
// src/features/<name>/locales/<lang>.json; shared words live in src/locales/<lang>.json
// (namespace "common", the default). Adding a feature's locale files is all it takes. The texts
// read on a few pages only (LAZY_NAMESPACES) are not bundled with the app: their page loads them
// with loadNamespace; what the first screens (sidebar, header, dashboard) show of such a namespace
// sits beside it in locales/first-load/<lang>.json and is bundled. English (the fallback) is bundled;
// another language's texts are one chunk each, loaded with loadLanguage before the app starts in
// it or switches to it.
import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, type Language } from './language';

type LocaleModule = Record<string, unknown>;
type LocaleFiles = Record<string, LocaleModule>;

// The globs name LAZY_NAMESPACES' folders themselves: import.meta.glob takes literals only.
const defaultFiles: LocaleFiles = import.meta.glob<LocaleModule>(
  ['../locales/en.json', '../features/*/locales/en.json', '../features/*/locales/first-load/en.json', '!../features/{legal,developers,account,admin-users,auth,billing,bulk,catalogue,landing,my-faces}/locales/*.json'],
  { eager: true, import: 'default' },
);
const otherLanguages: Partial<Record<Language, () => Promise<LocaleFiles>>> = {
  fr: () => import('./locales-fr').then((m) => m.default),
};
const lazyFiles = import.meta.glob<LocaleModule>('../features/{legal,developers,account,admin-users,auth,billing,bulk,catalogue,landing,my-faces}/locales/*.json', { import: 'default' });
const loadedLanguages = new Map<string, LocaleFiles>([[DEFAULT_LANGUAGE, defaultFiles]]);

export const COMMON_NAMESPACE = 'common';
/**
 * The legal texts are a third of all locale text (12 KB gzip): only /terms and /privacy read them.
 * The other pages' (API docs, account, operators, sign-in, plans, home, my faces: 8 KB gzip) are read there only.
 */
export const LAZY_NAMESPACES = ['legal', 'developers', 'account', 'admin-users', 'auth', 'billing', 'bulk', 'catalogue', 'landing', 'my-faces'] as const;
export type LazyNamespace = (typeof LAZY_NAMESPACES)[number];

/** One locale file found by the globs above: its language, namespace and content. */
export interface LocaleFile {
  path: string;
  language: string;
  namespace: string;
  content: LocaleModule;
}

/** The locale files of every language loaded so far (English always). */
export function localeFiles(): LocaleFile[] {
  const files: LocaleFile[] = [];
  for (const languageFiles of loadedLanguages.values()) {
    for (const [path, content] of Object.entries(languageFiles)) {
      files.push({ path, language: fileLanguage(path), namespace: featureOf(path), content });
    }
  }
  return files;
}

/** Makes `language`'s texts available to createI18n and switchLanguage (at most one request). */
export async function loadLanguage(language: Language): Promise<void> {
  const load = otherLanguages[language];
  if (loadedLanguages.has(language) || !load) return;
  loadedLanguages.set(language, await load());
}

/** Loads `language` if needed, gives its texts to `i18n`, then switches to it. */
export async function switchLanguage(i18n: I18n, language: Language): Promise<void> {
  await loadLanguage(language);
  // Merged even where the namespace exists: a lazy namespace loaded earlier lacks its first-load file.
  for (const file of localeFiles()) {
    if (file.language === language) i18n.addResourceBundle(language, file.namespace, file.content, true, true);
  }
  await i18n.changeLanguage(language);
}

/** Every locale file, the lazy namespaces' included (the locale tests read them all). */
export async function allLocaleFiles(): Promise<LocaleFile[]> {
  await Promise.all(SUPPORTED_LANGUAGES.map(loadLanguage));
  const lazy = await Promise.all(
    Object.entries(lazyFiles).map(async ([path, load]) => ({ path, language: fileLanguage(path), namespace: featureOf(path), content: await load() })),
  );
  return [...localeFiles(), ...lazy];
}

const loading = new WeakMap<I18n, Map<string, Promise<void>>>();

/** Adds a lazy namespace's texts in every language to `i18n`, once; the same promise after. */
export function loadNamespace(i18n: I18n, namespace: LazyNamespace): Promise<void> {
  let byNs = loading.get(i18n);
  if (!byNs) loading.set(i18n, (byNs = new Map()));
  let done = byNs.get(namespace);
  if (!done) {
    const files = Object.entries(lazyFiles).filter(([path]) => featureOf(path) === namespace);
    done = Promise.all(files.map(async ([path, load]) => i18n.addResourceBundle(fileLanguage(path), namespace, await load(), true, true))).then(() => undefined);
    byNs.set(namespace, done);
  }
  return done;
}

export function buildResources(files: LocaleFile[] = localeFiles()): Resource {
  const resources: Resource = {};
  for (const file of files) {
    const language = (resources[file.language] ??= {});
    // A lazy namespace's first-load file and the rest of it share no key: their union is the namespace.
    language[file.namespace] = { ...(language[file.namespace] as LocaleModule | undefined), ...file.content };
  }
  return resources;
}

/** A ready i18next instance; init is synchronous: it uses the languages already loaded. */
export function createI18n(language: Language = DEFAULT_LANGUAGE): I18n {
  const instance = i18next.createInstance();
  const resources = buildResources();
  void instance.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    ns: Object.keys(resources[DEFAULT_LANGUAGE] ?? {}),
    defaultNS: COMMON_NAMESPACE,
    interpolation: { escapeValue: false },
    initAsync: false,
    showSupportNotice: false,
  });
  return instance;
}

function featureOf(path: string): string {
  return /features\/([^/]+)\/locales\//.exec(path)?.[1] ?? COMMON_NAMESPACE;
}

function fileLanguage(path: string): string {
  return /([a-z]{2})\.json$/.exec(path)?.[1] ?? DEFAULT_LANGUAGE;
}
