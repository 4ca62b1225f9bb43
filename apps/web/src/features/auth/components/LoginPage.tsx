// /login: e-mail + password sign-in, the sign-up overlay, and the provider popup button when
// the server has a provider configured. A signed-in visitor goes straight to /app/.
import { useEffect, useState, type FormEvent } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../../components/Logo';
import { useDocumentTitle } from '../../../lib/document-title';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { signInWithBotCheck } from '../api/sign-in';
import { useAuthConfig } from '../hooks/useAuthConfig';
import { useOidcPopup } from '../hooks/useOidcPopup';
import { errorKey } from '../lib/error-key';
import { loadUser, startSession } from '../store/auth-slice';
import { OidcConsentDialog } from './OidcConsentDialog';
import { SignUpOverlay } from './SignUpOverlay';
import styles from './LoginPage.module.css';

export function LoginPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('login.pageTitle'));
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector((state) => state.auth.signedIn);
  const fetching = useAppSelector((state) => state.auth.fetching);
  const config = useAuthConfig();
  const provider = config?.oidc.providerName ?? '';
  const [params, setParams] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState<false | 'submitting' | 'verifying'>(false);
  // The OIDC callback page sends a window without an opener back here with ?oidc=…
  const oidcResult = params.get('oidc');
  const [error, setError] = useState<string | null>(() =>
    oidcResult && oidcResult !== 'ok' && oidcResult !== 'consent_required' ? errorKey(oidcResult) : null,
  );
  // A first sign-in with the provider ends in the consent dialog (popup message or, without an opener, ?oidc=consent_required).
  const [consentFromUrl, setConsentFromUrl] = useState(oidcResult === 'consent_required');
  const [overlayOpen, setOverlayOpen] = useState(false);
  const oidc = useOidcPopup(() => void dispatch(loadUser()));

  useEffect(() => {
    if (!oidcResult) return;
    if (oidcResult === 'ok') void dispatch(loadUser());
    setParams({}, { replace: true });
  }, [oidcResult, dispatch, setParams]);

  if (signedIn) return <Navigate to="/app/" replace />;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy('submitting');
    setError(null);
    try {
      dispatch(startSession(await signInWithBotCheck({ email, password }, () => setBusy('verifying'))));
    } catch (failure) {
      setError(errorKey(failure));
      setBusy(false);
    }
  };

  const shownError = error ?? (oidc.state.status === 'failed' ? errorKey(oidc.state.code) : null);

  return (
    <div className={styles.page}>
      <section className={`card ${styles.panel}`} aria-labelledby="login-heading">
        <Logo size={56} className={styles.logo} />
        <h1 id="login-heading" className={styles.heading}>
          {t('login.heading')}
        </h1>
        <p className={styles.subtitle}>{t('login.subtitle')}</p>

        <form className={styles.form} onSubmit={(e) => void submit(e)} data-testid="login-form">
          <label className={styles.field}>
            <span>{t('login.email')}</span>
            <input
              className="input"
              type="email"
              name="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </label>
          <label className={styles.field}>
            <span>{t('login.password')}</span>
            <input
              className="input"
              type="password"
              name="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </label>
          <Link className={styles.forgot} to="/forgot-password" data-testid="forgot-link">
            {t('login.forgot')}
          </Link>
          {shownError ? (
            <p className={styles.error} role="alert" data-testid="login-error">
              {t(shownError, { provider })}
            </p>
          ) : null}
          <button type="submit" className="btn btn-primary btn-lg" disabled={busy !== false || fetching}>
            {busy === 'verifying' ? t('login.verifying') : busy ? t('login.submitting') : t('login.submit')}
          </button>
        </form>

        {config?.oidc.enabled ? (
          <>
            <div className={styles.or} aria-hidden="true">
              <span>{t('login.or')}</span>
            </div>
            <button
              type="button"
              className={`btn btn-secondary btn-lg ${styles.oidc}`}
              onClick={oidc.open}
              disabled={oidc.state.status === 'waiting'}
              data-testid="oidc-button"
            >
              <span className={styles.oidcMark} aria-hidden="true">
                {provider.charAt(0)}
              </span>
              {t('login.oidc', { provider })}
            </button>
            {oidc.state.status === 'waiting' ? (
              <p className={styles.hint} role="status">
                {t('login.oidcWaiting')}
              </p>
            ) : null}
          </>
        ) : null}

        <p className={styles.signUpRow}>
          <span>{t('login.newHere')}</span>
          <button type="button" className="btn btn-secondary" onClick={() => setOverlayOpen(true)} data-testid="open-signup">
            {t('login.signUp')}
          </button>
        </p>
      </section>
      {overlayOpen ? <SignUpOverlay onClose={() => setOverlayOpen(false)} /> : null}
      {consentFromUrl || oidc.state.status === 'consent' ? (
        <OidcConsentDialog
          provider={provider}
          onClose={() => {
            setConsentFromUrl(false);
            oidc.reset();
          }}
        />
      ) : null}
    </div>
  );
}
