// /app/account: profile, colours, password, sessions, linked sign-in, plan, consent, saved faces, API keys,
// webhooks, and the person's data (export and erasure). `onSignedOut` (from app/) clears the client's
// session after "sign out everywhere" or an erased account, and lands on the landing page.
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/document-title';
import { useAccount } from '../hooks/useAccount';
import { ApiKeysSection } from './ApiKeysSection';
import { AppearanceSection } from './AppearanceSection';
import { DataSection } from './DataSection';
import { DetailsSection } from './DetailsSection';
import { EmailSection } from './EmailSection';
import { FacesSection } from './FacesSection';
import { PasswordSection } from './PasswordSection';
import { ProfileSection } from './ProfileSection';
import { SessionsSection } from './SessionsSection';
import { WebhooksSection } from './WebhooksSection';
import styles from './AccountPage.module.css';

export interface AccountPageProps {
  onSignedOut: () => void;
  /** Called after the profile changed (name, avatar), so the header can show it. */
  onProfileChanged?: () => void;
}

export function AccountPage({ onSignedOut, onProfileChanged }: AccountPageProps) {
  const { t } = useTranslation('account');
  useDocumentTitle(t('title'));
  const { account, failed, reload } = useAccount();
  const changed = async () => {
    await reload();
    onProfileChanged?.();
  };

  return (
    <div className={styles.page} data-testid="account-page">
      <h1>{t('title')}</h1>
      {failed && <p role="alert">{t('errors.generic')}</p>}
      {!account && !failed && <div role="status" aria-busy="true" />}
      {account && (
        <>
          {/* Not keyed by the name: a remount would drop the saved message. */}
          <ProfileSection account={account} onChanged={changed} />
          <EmailSection account={account} onChanged={reload} />
          <AppearanceSection />
          {account.hasPassword && <PasswordSection onChanged={reload} />}
          <SessionsSection account={account} onChanged={reload} onSignedOut={onSignedOut} />
          <DetailsSection account={account} />
          <FacesSection />
          <ApiKeysSection />
          <WebhooksSection />
          <DataSection account={account} onDeleted={onSignedOut} />
        </>
      )}
    </div>
  );
}
