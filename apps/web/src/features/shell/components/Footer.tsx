import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import styles from './Footer.module.css';

export function Footer() {
  const { t } = useTranslation('shell');
  return (
    <footer className={styles.footer} data-testid="app-footer">
      <p className={styles.copy}>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
      <nav aria-label={t('footer.label')}>
        <ul className={styles.links}>
          <li>
            <Link to="/terms">{t('footer.terms')}</Link>
          </li>
          <li>
            <Link to="/privacy">{t('footer.privacy')}</Link>
          </li>
        </ul>
      </nav>
    </footer>
  );
}
