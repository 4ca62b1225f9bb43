import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/document-title';
import styles from './NotFoundPage.module.css';

export function NotFoundPage() {
  const { t } = useTranslation('shell');
  useDocumentTitle(t('notFound.title'));
  return (
    <section className={styles.page} data-testid="not-found">
      <p className={styles.code}>404</p>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <Link to="/" className="btn btn-primary">
        {t('notFound.home')}
      </Link>
    </section>
  );
}
