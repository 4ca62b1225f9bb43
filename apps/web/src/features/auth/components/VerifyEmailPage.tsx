// /verify-email?token=…: the link of a confirmation (or change of address) mail, followed once
// on arrival; the answer says which address is now confirmed.
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ConfirmEmailResponse } from '@visage/contracts';
import { useDocumentTitle } from '../../../lib/document-title';
import { useAppSelector } from '../../../store/hooks';
import { postConfirmEmail } from '../api/auth-api';
import { errorKey } from '../lib/error-key';
import styles from './LoginPage.module.css';

export function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('verify.pageTitle'));
  const signedIn = useAppSelector((state) => state.auth.signedIn);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [result, setResult] = useState<ConfirmEmailResponse | null>(null);
  const [error, setError] = useState<string | null>(token ? null : 'errors.invalid_link');
  // The link is single-use: React's development double effect must not spend it twice.
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    postConfirmEmail(token).then(setResult, (failure: unknown) => setError(errorKey(failure)));
  }, [token]);

  return (
    <div className={styles.page}>
      <section className={`card ${styles.panel}`} aria-labelledby="verify-heading">
        <h1 id="verify-heading" className={styles.heading}>
          {t('verify.heading')}
        </h1>
        {result ? (
          <p className={styles.subtitle} role="status" data-testid="verify-done">
            {t(result.status === 'changed' ? 'verify.changed' : 'verify.confirmed', { email: result.email })}
          </p>
        ) : error ? (
          <p className={styles.error} role="alert" data-testid="verify-error">
            {t(error)}
          </p>
        ) : (
          <p className={styles.subtitle} role="status" aria-busy="true">
            {t('verify.checking')}
          </p>
        )}
        <Link className="btn btn-primary btn-lg" to={signedIn ? '/app/account' : '/login'}>
          {signedIn ? t('verify.toAccount') : t('login.submit')}
        </Link>
      </section>
    </div>
  );
}
