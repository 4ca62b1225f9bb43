// Shown with a swap refused for an unconfirmed address: sends the confirmation link again.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSupportedLanguage } from '../../../lib/language';
import { resendConfirmationLink } from '../api/confirmation';

export function ResendLinkButton() {
  const { t, i18n } = useTranslation('swap');
  const [state, setState] = useState<'idle' | 'busy' | 'sent' | 'failed'>('idle');

  const send = async () => {
    setState('busy');
    try {
      await resendConfirmationLink(isSupportedLanguage(i18n.language) ? i18n.language : 'en');
      setState('sent');
    } catch {
      setState('failed');
    }
  };

  if (state === 'sent') return <span role="status"> {t('reasons.resent')}</span>;
  return (
    <>
      {' '}
      <button type="button" className="btn btn-secondary" onClick={() => void send()} disabled={state === 'busy'} data-testid="swap-resend-link">
        {t('reasons.resendLink')}
      </button>
      {state === 'failed' ? <span role="alert"> {t('reasons.resendFailed')}</span> : null}
    </>
  );
}
