import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSupportEmail } from '../../../lib/support';
import styles from './Footer.module.css';

export function Footer() {
  const { t } = useTranslation('shell');
  const supportEmail = useSupportEmail();
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
          {supportEmail ? (
            <li>
              <a href={`mailto:${supportEmail}`} data-testid="footer-support">
                {t('footer.support', { email: supportEmail })}
              </a>
            </li>
          ) : null}
        </ul>
      </nav>
    </footer>
  );
}
