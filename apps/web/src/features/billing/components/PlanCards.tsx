// The three plans side by side, as the terms of use state them: price, image and video
// allowances, and one action per card given by the page that shows them.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PlanId } from '@visage/contracts';
import { PLAN_IDS, PLANS } from '@visage/contracts/constants';
import styles from './Plans.module.css';

export interface PlanCardsProps {
  /** The caller's plan, marked on its card. */
  current?: PlanId | null;
  action?: (plan: PlanId) => ReactNode;
}

export function PlanCards({ current, action }: PlanCardsProps) {
  const { t } = useTranslation('billing');
  return (
    <ul className={styles.cards} data-testid="plan-cards">
      {PLAN_IDS.map((id) => {
        const p = PLANS[id];
        return (
          <li key={id} className={`card ${styles.card} ${current === id ? styles.current : ''}`} data-testid={`plan-${id}`}>
            <h3 className={styles.name}>{t(`plans.${id}`)}</h3>
            <p className={styles.price}>{p.priceEur === 0 ? t('price.free') : t('price.monthly', { price: p.priceEur })}</p>
            <ul className={styles.features}>
              <li>{p.imageSwaps === null ? t('features.imageUnlimited') : t('features.imageLimited', { count: p.imageSwaps })}</li>
              <li>{p.videoSwaps === 0 ? t('features.videoNone') : p.videoSwaps === null ? t('features.videoUnlimited') : t('features.videoLimited', { count: p.videoSwaps })}</li>
              <li>{t('features.noExplicit')}</li>
            </ul>
            {action ? <div className={styles.action}>{action(id)}</div> : null}
          </li>
        );
      })}
    </ul>
  );
}

/** The legal text's rules for paid plans, in plain words. */
export function PlanRules() {
  const { t } = useTranslation('billing');
  return (
    <section className={styles.rules} aria-labelledby="plan-rules-heading" data-testid="plan-rules">
      <h3 id="plan-rules-heading">{t('rules.heading')}</h3>
      <ul>
        {(['advance', 'change', 'cancel', 'refund', 'failed', 'explicit'] as const).map((k) => (
          <li key={k}>{t(`rules.${k}`)}</li>
        ))}
      </ul>
      <Link to="/terms">{t('rules.terms')}</Link>
    </section>
  );
}
