// react-i18next setup. Every feature owns a namespace named after its folder, read from
// src/features/<name>/locales/<lang>.json; shared words live in src/locales/<lang>.json
// (namespace "common", the default). Adding a feature's locale files is all it takes. The long
// texts read on one page only (LAZY_NAMESPACES) are not bundled with the app: their page loads
// them with loadNamespace.
import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, type Language } from './language';

type LocaleModule = Record<string, unknown>;

const commonFiles = import.meta.glob<LocaleModule>('../locales/*.json', { eager: true, import: 'default' });
const featureFiles = import.meta.glob<LocaleModule>(['../features/*/locales/*.json', '!../features/legal/locales/*.json'], { eager: true, import: 'default' });
const lazyFiles = import.meta.glob<LocaleModule>('../features/legal/locales/*.json', { import: 'default' });

export const COMMON_NAMESPACE = 'common';
/** The legal texts are a third of all locale text (12 KB gzip): only /terms and /privacy read them. */
export const LAZY_NAMESPACES = ['legal'] as const;

/** One locale file found by the globs above: its language, namespace and content. */
export interface LocaleFile {
  path: string;
  language: string;
  namespace: string;
  content: LocaleModule;
}

export function localeFiles(): LocaleFile[] {
  const files: LocaleFile[] = [];
  for (const [path, content] of Object.entries(commonFiles)) {
    files.push({ path, language: fileLanguage(path), namespace: COMMON_NAMESPACE, content });
  }
  for (const [path, content] of Object.entries(featureFiles)) {
    files.push({ path, language: fileLanguage(path), namespace: featureOf(path), content });
  }
  return files;
}

/** Every locale file, the lazy namespaces' included (the locale tests read them all). */
export async function allLocaleFiles(): Promise<LocaleFile[]> {
  const lazy = await Promise.all(
    Object.entries(lazyFiles).map(async ([path, load]) => ({ path, language: fileLanguage(path), namespace: featureOf(path), content: await load() })),
  );
  return [...localeFiles(), ...lazy];
}

const loading = new WeakMap<I18n, Map<string, Promise<void>>>();

/** Adds a lazy namespace's texts in every language to `i18n`, once; the same promise after. */
export function loadNamespace(i18n: I18n, namespace: (typeof LAZY_NAMESPACES)[number]): Promise<void> {
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
    resources[file.language] ??= {};
    resources[file.language]![file.namespace] = file.content;
  }
  return resources;
}

/** A ready i18next instance; init is synchronous because every resource is bundled. */
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
