import { describe, expect, it } from 'vitest';
import { allLocaleFiles, createI18n, LAZY_NAMESPACES, loadNamespace, switchLanguage, type LocaleFile } from './i18n';
import { SUPPORTED_LANGUAGES } from './language';

/** Every leaf of a locale file as a dotted path (array items by index) with its text. */
function leaves(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === 'string') {
    out.set(prefix, value);
  } else if (Array.isArray(value) || (value && typeof value === 'object')) {
    for (const [key, child] of Object.entries(value)) {
      for (const [path, text] of leaves(child, prefix ? `${prefix}.${key}` : key)) out.set(path, text);
    }
  } else {
    out.set(prefix, `<${typeof value}>`);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*(?:,[^}]*)?}}/g)].map((m) => m[1]).sort();

const files = await allLocaleFiles();
// A lazy namespace's first-load file and the rest of it make one namespace: merged here.
const byNamespace = new Map<string, LocaleFile[]>();
for (const file of files) {
  const group = byNamespace.get(file.namespace) ?? [];
  const same = group.find((f) => f.language === file.language);
  if (same) same.content = { ...same.content, ...file.content };
  else group.push({ ...file });
  byNamespace.set(file.namespace, group);
}
const isFirstLoad = (file: LocaleFile) => file.path.includes('/locales/first-load/');

describe('locale files', () => {
  it('are found for common and for each feature with text', () => {
    expect([...byNamespace.keys()]).toEqual(expect.arrayContaining(['common', 'shell', 'landing', 'legal', 'auth', 'swap', 'gallery']));
  });

  it('split a namespace only when it is lazy, into parts that share no key', () => {
    const firstLoad = files.filter(isFirstLoad);
    expect(firstLoad.length).toBeGreaterThan(0);
    for (const part of firstLoad) {
      expect(LAZY_NAMESPACES, part.path).toContain(part.namespace);
      const rest = files.find((f) => !isFirstLoad(f) && f.namespace === part.namespace && f.language === part.language);
      const shared = Object.keys(part.content).filter((key) => key in (rest?.content ?? {}));
      expect(shared, part.path).toEqual([]);
    }
  });

  for (const [namespace, group] of byNamespace) {
    describe(`namespace "${namespace}"`, () => {
      it('exists in every supported language', () => {
        expect(group.map((f) => f.language).sort()).toEqual([...SUPPORTED_LANGUAGES].sort());
      });

      it('has exactly the same keys in en and fr', () => {
        const en = leaves(group.find((f) => f.language === 'en')?.content);
        const fr = leaves(group.find((f) => f.language === 'fr')?.content);
        expect([...fr.keys()].sort()).toEqual([...en.keys()].sort());
      });

      it('has no empty text, only strings, and the same {{placeholders}} in both languages', () => {
        const en = leaves(group.find((f) => f.language === 'en')?.content);
        const fr = leaves(group.find((f) => f.language === 'fr')?.content);
        for (const [path, text] of [...en, ...fr]) {
          expect(text, path).not.toMatch(/^<|^\s*$/);
        }
        for (const [path, text] of en) {
          expect(placeholders(fr.get(path) ?? ''), path).toEqual(placeholders(text));
        }
      });
    });
  }
});

describe('i18n instance', () => {
  it('translates feature namespaces in both languages', async () => {
    const en = createI18n('en');
    await loadNamespace(en, 'landing');
    expect(en.t('landing:hero.headline')).toBe('Revolutionize Your Content with Seamless Face Swapping');
    expect(en.t('shell:footer.terms')).toBe('Terms of Use');
    const fr = createI18n('fr');
    expect(fr.t('shell:footer.privacy')).toBe('Politique de confidentialité');
    expect(fr.t('nav.home')).toBe('Accueil');
  });

  it('bundles only the first-load part of a lazy namespace, and keeps it once the page loads the rest', async () => {
    const en = createI18n('en');
    expect(en.t('billing:usage.upgrade')).toBe('See the plans');
    expect(en.exists('billing:page.heading')).toBe(false);
    await loadNamespace(en, 'billing');
    expect(en.exists('billing:page.heading')).toBe(true);
    expect(en.t('billing:usage.upgrade')).toBe('See the plans');
    // Switching language after the page loaded the namespace still brings its first-load part.
    await switchLanguage(en, 'fr');
    expect(en.t('billing:usage.upgrade')).toBe('Voir les formules');
    expect(en.t('bulk:nav.section')).toBe('Opérateurs');
  });

  it('the legal texts have 11 and 14 sections in both languages', async () => {
    for (const language of SUPPORTED_LANGUAGES) {
      const i18n = createI18n(language);
      await loadNamespace(i18n, 'legal');
      expect(i18n.t('legal:terms.sections', { returnObjects: true }), language).toHaveLength(11);
      expect(i18n.t('legal:privacy.sections', { returnObjects: true }), language).toHaveLength(14);
    }
  });
});
