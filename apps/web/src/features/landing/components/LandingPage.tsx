// Landing (/): the hero with the call to join the beta (a way in for returning visitors, and the
// way to the app for signed-in ones), then "Swap, Smile, Share".
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/Icon';
import { Logo } from '../../../components/Logo';
import { useAccessLevel } from '../../../lib/access';
import { useDocumentTitle } from '../../../lib/document-title';
import { SwapShowcase } from './SwapShowcase';
import styles from './LandingPage.module.css';

export function LandingPage() {
  const { t } = useTranslation('landing');
  useDocumentTitle(t('title'));
  const signedIn = useAccessLevel() !== 'public';

  return (
    <div className={styles.page}>
      <section className={styles.hero} aria-labelledby="landing-headline">
        <div className={styles.heroInner}>
          <Logo size={72} className={styles.heroLogo} label={t('common:app.name')} />
          <p className={styles.badge}>
            <Icon name="sparkles" size={16} />
            {t('hero.badge')}
          </p>
          <h1 id="landing-headline" className={styles.headline}>
            {t('hero.headline')}
          </h1>
          <p className={styles.tagline}>{t('hero.tagline')}</p>
          <div className={styles.actions}>
            {signedIn ? (
              <Link to="/app" className="btn btn-primary btn-lg" data-testid="open-app">
                {t('hero.openApp')}
                <Icon name="arrow-right" size={18} />
              </Link>
            ) : (
              <Link to="/login" className="btn btn-primary btn-lg" data-testid="join-beta">
                {t('hero.joinBeta')}
                <Icon name="arrow-right" size={18} />
              </Link>
            )}
            <a href="#swap-smile-share" className="btn btn-secondary btn-lg">
              {t('hero.howItWorks')}
            </a>
          </div>
          {signedIn ? null : (
            <p className={styles.returning}>
              {t('hero.returning')}{' '}
              <Link to="/login" data-testid="landing-login">
                {t('hero.logIn')}
              </Link>
            </p>
          )}
          <ul className={styles.points}>
            <li>
              <Icon name="briefcase" size={18} />
              {t('hero.points.portraits')}
            </li>
            <li>
              <Icon name="ball" size={18} />
              {t('hero.points.soccer')}
            </li>
            <li>
              <Icon name="layers" size={18} />
              {t('hero.points.bulk')}
            </li>
          </ul>
        </div>
      </section>
      <SwapShowcase />
    </div>
  );
}
