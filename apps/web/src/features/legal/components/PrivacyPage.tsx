import { use } from 'react';
import type { RetentionConfig } from '@visage/contracts';
import { hoursText, loadRetention } from '../../../lib/retention';
import { loadSupportEmail } from '../../../lib/support';
import { LegalDocument, type LegalValues } from './LegalDocument';

export function PrivacyPage() {
  // How long uploads and exports are kept, and where to write, are the server's settings: the page waits for them.
  const retention = use(loadRetention());
  const supportEmail = use(loadSupportEmail());
  return <LegalDocument id="privacy" values={retentionValues(retention)} supportEmail={supportEmail} />;
}

function retentionValues(retention: RetentionConfig | null): LegalValues {
  return (t) => {
    const upload = retention?.uploadRetentionHours;
    const uploadDelay =
      upload === undefined ? t('privacy.uploadDelay.unknown') : upload === 0 ? t('privacy.uploadDelay.atOnce') : t('privacy.uploadDelay.after', { duration: hoursText(t, upload) });
    return { uploadDelay, exportDuration: hoursText(t, retention?.exportTtlHours) };
  };
}
