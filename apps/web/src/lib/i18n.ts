// react-i18next setup. Every feature owns a namespace named after its folder, read from
// src/features/<name>/locales/<lang>.json; shared words live in src/locales/<lang>.json
// (namespace "common", the default). Adding a feature's locale files is all it takes.
import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, type Language } from './language';

type LocaleModule = Record<string, unknown>;

const commonFiles = import.meta.glob<LocaleModule>('../locales/*.json', { eager: true, import: 'default' });
const featureFiles = import.meta.glob<LocaleModule>('../features/*/locales/*.json', { eager: true, import: 'default' });

export const COMMON_NAMESPACE = 'common';

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
    const feature = /features\/([^/]+)\/locales\//.exec(path)?.[1] ?? COMMON_NAMESPACE;
    files.push({ path, language: fileLanguage(path), namespace: feature, content });
  }
  return files;
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

function fileLanguage(path: string): string {
  return /([a-z]{2})\.json$/.exec(path)?.[1] ?? DEFAULT_LANGUAGE;
}
