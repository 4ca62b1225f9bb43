// The signed-in home heading: who is signed in. The plan and this month's usage are the
// billing feature's usage panel, just below it on the dashboard.
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/document-title';
import { useAppSelector } from '../../../store/hooks';
import styles from './AccountHome.module.css';

export function AccountHome() {
  const { t } = useTranslation('auth');
  const auth = useAppSelector((state) => state.auth);
  const name = [auth.nom, auth.prenom].filter(Boolean).join(' ');
  useDocumentTitle(t('nav.dashboard'));

  return (
    <section className={styles.home} aria-labelledby="account-home-heading" data-testid="account-home">
      {auth.pic ? <img className={styles.avatar} src={auth.pic} alt="" width={56} height={56} referrerPolicy="no-referrer" /> : null}
      <div className={styles.text}>
        <h1 id="account-home-heading" className={styles.heading}>
          {name ? t('account.welcome', { name }) : t('account.welcomeNoName')}
        </h1>
        {auth.email ? <p className={styles.meta}>{t('account.signedInAs', { email: auth.email })}</p> : null}
      </div>
    </section>
  );
}
