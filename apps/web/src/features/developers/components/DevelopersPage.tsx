// /developers: how to call the public API (create a key, send it, a curl example) above the
// OpenAPI document rendered by Swagger UI. This chunk is the only one that carries Swagger UI.
import { use } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import SwaggerUI from 'swagger-ui-react';
import 'swagger-ui-react/swagger-ui.css';
import { API_BASE } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { loadNamespace } from '../../../lib/i18n';
import styles from './DevelopersPage.module.css';

const OPENAPI_URL = `${API_BASE}/v1/openapi.json`;

export function DevelopersPage() {
  // Texts read on this page only: not bundled with the app (lib/i18n.ts).
  use(loadNamespace(useTranslation().i18n, 'developers'));
  const { t } = useTranslation('developers');
  useDocumentTitle(t('title'));
  const origin = window.location.origin;
  const curl = [
    `curl -X POST ${origin}${API_BASE}/v1/swaps \\`,
    `  -H "Authorization: Bearer $VISAGE_KEY" \\`,
    '  -H "Idempotency-Key: $(uuidgen)" \\',
    '  -F source=@face.jpg -F target=@photo.jpg',
  ].join('\n');

  return (
    <article className={styles.page} data-testid="developers-page">
      <header className={styles.intro}>
        <h1>{t('title')}</h1>
        <p>{t('intro')}</p>
        <ol>
          <li>
            {t('steps.key')} <Link to="/app/account">{t('steps.keyLink')}</Link>
          </li>
          <li>
            {t('steps.header')} <code>Authorization: Bearer vsk_…</code>
          </li>
          <li>{t('steps.poll')}</li>
        </ol>
        <h2>{t('example')}</h2>
        <pre className={styles.code} data-testid="developers-curl">
          <code>{curl}</code>
        </pre>
        <p>
          {t('limits')} <a href={OPENAPI_URL}>{t('document')}</a>
        </p>
      </header>
      <div className={styles.swagger} data-testid="developers-swagger">
        <SwaggerUI url={OPENAPI_URL} docExpansion="list" defaultModelsExpandDepth={0} />
      </div>
    </article>
  );
}
