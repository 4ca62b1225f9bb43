// The landing page's plans section: the three plans side by side and a link to /app/plans.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PlanCards } from './PlanCards';
import styles from './Plans.module.css';

export function PlansSection() {
  const { t } = useTranslation('billing');
  return (
    <section className={styles.section} id="plans" aria-labelledby="plans-heading" data-testid="plans-section">
      <div className={styles.sectionInner}>
        <h2 id="plans-heading">{t('section.heading')}</h2>
        <p>{t('section.intro')}</p>
        <PlanCards />
        <Link to="/app/plans" className="btn btn-primary">
          {t('section.seeAll')}
        </Link>
      </div>
    </section>
  );
}
