// The dashboard's plan panel: plan, swaps used and left, the reset date, and the state of a
// paid plan (cancelled, suspended). Read again from /me each time a swap finishes.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../store/hooks';
import { useMePlan } from '../hooks/useMePlan';
import { usageFigures } from '../lib/usage';
import styles from './Plans.module.css';

export function UsagePanel({ refreshSignal = 0 }: { refreshSignal?: number }) {
  const { t, i18n } = useTranslation('billing');
  const signedIn = useAppSelector((state) => state.auth.signedIn);
  const me = useMePlan(signedIn, refreshSignal);
  if (!me) return null;
  const f = usageFigures(me);
  const date = (value: string | number) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' }).format(typeof value === 'number' ? new Date(value) : new Date(`${value}T00:00:00Z`));
  const b = me.billing;

  return (
    <section className={`card ${styles.usage}`} aria-labelledby="usage-heading" data-testid="usage-panel">
      <div>
        <h2 id="usage-heading">{t('usage.plan', { plan: t(`plans.${f.plan}`) })}</h2>
        <p data-testid="usage-figures">
          {f.limit === null ? t('usage.unlimited', { used: f.used }) : `${t('usage.used', { used: f.used, limit: f.limit })} · ${t('usage.left', { count: f.left ?? 0 })}`}
        </p>
        {f.limit !== null ? <p>{t('usage.reset', { date: date(f.resetDate) })}</p> : null}
        {b?.cancelAtPeriodEnd && b.currentPeriodEnd && f.plan !== 'free' ? <p>{t('usage.cancelled', { date: date(b.currentPeriodEnd) })}</p> : null}
        {b?.suspended ? <p className={styles.warn}>{t('usage.suspended')}</p> : null}
        {f.limit !== null ? (
          <div className={styles.meter} aria-hidden="true">
            <span style={{ width: `${Math.min(100, (100 * f.used) / f.limit)}%` }} />
          </div>
        ) : null}
      </div>
      <Link to="/app/plans" className="btn btn-secondary" data-testid="usage-plans-link">
        {f.plan === 'free' ? t('usage.upgrade') : t('usage.change')}
      </Link>
    </section>
  );
}
