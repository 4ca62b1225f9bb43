// The consent step of a first sign-in with the provider: the account is created only once the
// person accepts the Terms and the Privacy Policy and confirms being 13 or older. Cancel (or
// Escape) drops the pending sign-up on the server.
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { OidcConsentInfo } from '@visage/contracts';
import { useAppDispatch } from '../../../store/hooks';
import { cancelOidcConsent, fetchOidcConsent, postOidcConsent } from '../api/auth-api';
import { errorKey } from '../lib/error-key';
import { ConsentChecks } from './ConsentChecks';
import { startSession } from '../store/auth-slice';
import styles from './SignUpOverlay.module.css';

export function OidcConsentDialog({ provider, onClose }: { provider: string; onClose: () => void }) {
  const { t } = useTranslation('auth');
  const dispatch = useAppDispatch();
  const titleId = useId();
  const [info, setInfo] = useState<OidcConsentInfo | null>(null);
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [ageConfirmed, setAgeConfirmed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    fetchOidcConsent().then(
      (found) => live && setInfo(found),
      (failure: unknown) => live && setError(errorKey(failure)),
    );
    return () => {
      live = false;
    };
  }, []);

  const cancel = useCallback(() => {
    void cancelOidcConsent().catch(() => undefined);
    onClose();
  }, [onClose]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') cancel();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [cancel]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      dispatch(startSession(await postOidcConsent({ termsAccepted, ageConfirmed })));
    } catch (failure) {
      setError(errorKey(failure));
      setBusy(false);
    }
  };

  const name = info?.providerName ?? provider;
  return (
    <div className={styles.backdrop} data-testid="consent-backdrop">
      <div className={`card ${styles.dialog}`} role="dialog" aria-modal="true" aria-labelledby={titleId} data-testid="oidc-consent">
        <h2 id={titleId} className={styles.title}>
          {t('consent.title')}
        </h2>
        <form className={styles.form} onSubmit={(e) => void submit(e)}>
          <p>
            {info?.email ? t('consent.intro', { provider: name }) : t('consent.introNoEmail', { provider: name })}
            {info?.email ? (
              <>
                {' '}
                <strong data-testid="consent-email">{info.email}</strong>
              </>
            ) : null}
          </p>
          <ConsentChecks
            texts="consent"
            termsAccepted={termsAccepted}
            ageConfirmed={ageConfirmed}
            onChange={(field, checked) => (field === 'termsAccepted' ? setTermsAccepted : setAgeConfirmed)(checked)}
          />
          {error ? (
            <p className={styles.error} role="alert" data-testid="consent-error">
              {t(error, { provider: name })}
            </p>
          ) : null}
          <button type="submit" className="btn btn-primary btn-lg" disabled={busy}>
            {busy ? t('consent.submitting') : t('consent.submit')}
          </button>
          <button type="button" className="btn btn-secondary" onClick={cancel} disabled={busy}>
            {t('consent.cancel')}
          </button>
        </form>
      </div>
    </div>
  );
}
