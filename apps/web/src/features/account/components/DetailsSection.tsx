// What the account is linked to and has agreed to: sign-in provider, plan and usage, consent.
import { useTranslation } from 'react-i18next';
import type { AccountResponse } from '@visage/contracts';
import styles from './AccountPage.module.css';

export function DetailsSection({ account }: { account: AccountResponse }) {
  const { t, i18n } = useTranslation('account');
  const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' });
  const { plan, consent } = account;
  // The reset date is a calendar day (YYYY-MM-DD, UTC), written like the dashboard's.
  const resetOn = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${plan.resetDate}T00:00:00Z`));
  return (
    <section className={`card ${styles.section}`} aria-labelledby="account-details">
      <h2 id="account-details">{t('details.title')}</h2>
      <dl className={styles.details}>
        <dt>{t('details.signIn')}</dt>
        <dd data-testid="account-identities">
          {account.identities.length === 0
            ? t('details.passwordOnly')
            : account.identities.map((i) => t('details.linked', { provider: i.provider, date: dates.format(i.linkedAt) })).join(', ')}
        </dd>
        <dt>{t('details.plan')}</dt>
        <dd data-testid="account-plan">
          {t(`details.plans.${plan.subscription}`, { defaultValue: plan.subscription })}
          {' · '}
          {plan.limit === null ? t('details.usageUnlimited', { used: plan.usage }) : t('details.usage', { used: plan.usage, limit: plan.limit, date: resetOn })}
        </dd>
        <dt>{t('details.video')}</dt>
        <dd data-testid="account-video">
          {plan.videoLimit === 0
            ? t('details.videoNone')
            : plan.videoLimit === null
              ? t('details.videoUnlimited', { count: plan.videoUsage })
              : t('details.videoUsage', { count: plan.videoUsage, limit: plan.videoLimit })}
        </dd>
        <dt>{t('details.consent')}</dt>
        <dd data-testid="account-consent">
          {consent.termsVersion && consent.acceptedAt
            ? t('details.consentGiven', { version: consent.termsVersion, date: dates.format(consent.acceptedAt) })
            : t('details.consentNone')}
        </dd>
        <dt>{t('details.member')}</dt>
        <dd>{dates.format(account.createdAt)}</dd>
      </dl>
    </section>
  );
}
