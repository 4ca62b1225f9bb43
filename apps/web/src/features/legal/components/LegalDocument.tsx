// A legal text from the "legal" namespace: title, effective date, contents, then one
// <section> per numbered article. A block is a paragraph (string) or a bullet list (string[]).
import { use } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useDocumentTitle } from '../../../lib/document-title';
import { loadNamespace } from '../../../lib/i18n';
import styles from './LegalDocument.module.css';

export type LegalDocumentId = 'terms' | 'privacy';

interface LegalSection {
  heading: string;
  blocks: Array<string | string[]>;
}

/** Texts for the {{placeholders}} of the sections, made once the namespace is in. */
export type LegalValues = (t: TFunction<'legal'>) => Record<string, string>;

export function LegalDocument({ id, values }: { id: LegalDocumentId; values?: LegalValues }) {
  // The legal texts are not bundled with the app: suspends until they are in (lib/i18n.ts).
  use(loadNamespace(useTranslation().i18n, 'legal'));
  const { t } = useTranslation('legal');
  const title = t(`${id}.title`);
  const sections = t(`${id}.sections`, { returnObjects: true, ...values?.(t) }) as LegalSection[];
  useDocumentTitle(title);

  return (
    <article className={styles.document} data-testid={`legal-${id}`} aria-labelledby={`${id}-title`}>
      <header className={styles.header}>
        <h1 id={`${id}-title`}>{title}</h1>
        <p className={styles.effective}>{t(`${id}.effective`)}</p>
        <p className={styles.intro}>{t(`${id}.intro`)}</p>
      </header>

      <nav className={styles.toc} aria-labelledby={`${id}-toc`}>
        <h2 id={`${id}-toc`} className={styles.tocTitle}>
          {t('onThisPage')}
        </h2>
        <ol>
          {sections.map((section, i) => (
            <li key={section.heading}>
              <a href={`#${id}-${i + 1}`}>{section.heading}</a>
            </li>
          ))}
        </ol>
      </nav>

      {sections.map((section, i) => (
        <section key={section.heading} id={`${id}-${i + 1}`} className={styles.section} aria-labelledby={`${id}-${i + 1}-heading`} data-testid="legal-section">
          <h2 id={`${id}-${i + 1}-heading`}>
            <span className={styles.number}>{i + 1}.</span> {section.heading}
          </h2>
          {section.blocks.map((block, j) =>
            typeof block === 'string' ? (
              <p key={j}>{block}</p>
            ) : (
              <ul key={j}>
                {block.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ),
          )}
        </section>
      ))}

      <p className={styles.top}>
        <a href="#main-content">{t('backToTop')}</a>
      </p>
    </article>
  );
}
