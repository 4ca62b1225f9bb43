// /app/plans: the plans side by side with the rules in plain words. A signed-in free user
// picks a paid plan and goes to Stripe Checkout; back from it, the page waits for Stripe's
// confirmation and then goes to the app on the new plan.
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PlanId } from '@visage/contracts';
import { useDocumentTitle } from '../../../lib/document-title';
import { isApiError } from '../../../lib/api-client';
import { useAppSelector } from '../../../store/hooks';
import { startCheckout } from '../api/billing-api';
import { useBillingEnabled } from '../hooks/useBillingConfig';
import { useCheckoutReturn } from '../hooks/useCheckoutReturn';
import { openBillingPortal } from '../lib/portal';
import { PlanCards, PlanRules } from './PlanCards';
import styles from './Plans.module.css';

export interface PlansPageProps {
  /** Called once Stripe confirmed a new plan (the app reloads the signed-in user). */
  onPlanChanged?: () => void;
}

export function PlansPage({ onPlanChanged }: PlansPageProps) {
  const { t } = useTranslation('billing');
  useDocumentTitle(t('page.title'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const auth = useAppSelector((state) => state.auth);
  const enabled = useBillingEnabled();
  const [busy, setBusy] = useState<PlanId | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const back = useCheckoutReturn(params.get('checkout'), () => {
    onPlanChanged?.();
    void navigate('/app', { replace: true });
  });
  const current = auth.signedIn ? ((auth.subsription || 'free') as PlanId) : null;

  const choose = (plan: PlanId) => {
    if (plan === 'free') return;
    setBusy(plan);
    setProblem(null);
    startCheckout(plan).then(
      (url) => window.location.assign(url),
      (error: unknown) => {
        console.error(error);
        setBusy(null);
        setProblem(isApiError(error) && error.code === 'already_subscribed' ? error.message : t('checkout.failed'));
      },
    );
  };

  const action = (plan: PlanId) => {
    if (!auth.signedIn) {
      // Paid plans can be started only where billing is on.
      if (plan !== 'free' && !enabled) return null;
      return <Link to="/login" className="btn btn-secondary">{t('actions.signUp')}</Link>;
    }
    if (plan === current) {
      if (plan !== 'free' && auth.customerId && enabled) {
        return (
          <button type="button" className="btn btn-secondary" onClick={() => void openBillingPortal(auth.uid).catch(() => setProblem(t('portal.failed')))}>
            {t('actions.manage')}
          </button>
        );
      }
      return <span className="btn btn-secondary" aria-disabled="true">{t('actions.current')}</span>;
    }
    if (plan === 'free' || !enabled || current !== 'free') return null;
    return (
      <button type="button" className="btn btn-primary" disabled={busy !== null} onClick={() => choose(plan)} data-testid={`choose-${plan}`}>
        {busy === plan ? t('actions.redirecting') : t('actions.choose', { plan: t(`plans.${plan}`) })}
      </button>
    );
  };

  return (
    <div className={styles.page} data-testid="plans-page">
      <h1>{t('page.heading')}</h1>
      <p>{t('page.intro')}</p>
      {back.state !== 'none' ? (
        <p className={styles.notice} role="status" data-testid="checkout-status">
          {back.state === 'confirmed' && back.plan ? t('checkout.confirmed', { plan: t(`plans.${back.plan}`) }) : t(`checkout.${back.state}`)}
        </p>
      ) : null}
      {problem ? (
        <p className={`${styles.notice} ${styles.warn}`} role="alert">
          {problem}
        </p>
      ) : null}
      <PlanCards current={current} action={action} />
      {enabled === false ? <p className={styles.notice}>{t('actions.unavailable')}</p> : null}
      <PlanRules />
    </div>
  );
}
