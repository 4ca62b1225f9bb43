// A legal text from the "legal" namespace: title, effective date, contents, then one
// <section> per numbered article. A block is a paragraph (string) or a bullet list (string[]).
// The support address, when the page is given one, is a mailto: link wherever a text names it.
import { use, type ReactNode } from 'react';
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

/** `text` with every occurrence of `email` made a mailto: link (none when there is no address). */
function withMailto(text: string, email: string | null | undefined): ReactNode {
  if (!email || !text.includes(email)) return text;
  return text.split(email).flatMap((part, i) =>
    i === 0
      ? [part]
      : [
          <a key={i} href={`mailto:${email}`} data-testid="legal-support">
            {email}
          </a>,
          part,
        ],
  );
}

export function LegalDocument({ id, values, supportEmail }: { id: LegalDocumentId; values?: LegalValues; supportEmail?: string | null }) {
  // The legal texts are not bundled with the app: suspends until they are in (lib/i18n.ts).
  use(loadNamespace(useTranslation().i18n, 'legal'));
  const { t } = useTranslation('legal');
  const title = t(`${id}.title`);
  const support = supportEmail ?? t('supportUnknown');
  const sections = t(`${id}.sections`, { returnObjects: true, supportEmail: support, ...values?.(t) }) as LegalSection[];
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
              <p key={j}>{withMailto(block, supportEmail)}</p>
            ) : (
              <ul key={j}>
                {block.map((item) => (
                  <li key={item}>{withMailto(item, supportEmail)}</li>
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
