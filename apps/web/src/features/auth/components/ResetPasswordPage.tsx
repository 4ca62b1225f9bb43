// /reset-password?token=…: the link of the reset mail. The new password signs out every
// session; the person then logs in with it.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/document-title';
import { postResetPassword } from '../api/auth-api';
import { useFormAction } from '../lib/use-form-action';
import styles from './LoginPage.module.css';

export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('reset.pageTitle'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [done, setDone] = useState(false);

  const { busy, error, submit } = useFormAction(async () => {
    await postResetPassword(token, password);
    setDone(true);
  }, token ? null : 'errors.invalid_link');

  return (
    <div className={styles.page}>
      <section className={`card ${styles.panel}`} aria-labelledby="reset-heading">
        <h1 id="reset-heading" className={styles.heading}>
          {t('reset.heading')}
        </h1>
        {done ? (
          <>
            <p className={styles.subtitle} role="status" data-testid="reset-done">
              {t('reset.done')}
            </p>
            <Link className="btn btn-primary btn-lg" to="/login" data-testid="reset-login">
              {t('login.submit')}
            </Link>
          </>
        ) : (
          <form className={styles.form} onSubmit={(e) => void submit(e)} data-testid="reset-form">
            <label className={styles.field}>
              <span>{t('reset.password')}</span>
              <input
                className="input"
                type="password"
                name="password"
                autoComplete="new-password"
                required
                minLength={8}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </label>
            <small className={styles.hint}>{t('signup.passwordHint')}</small>
            {error ? (
              <p className={styles.error} role="alert" data-testid="reset-error">
                {t(error)} {error === 'errors.invalid_link' ? <Link to="/forgot-password">{t('reset.again')}</Link> : null}
              </p>
            ) : null}
            <button type="submit" className="btn btn-primary btn-lg" disabled={busy || !token}>
              {busy ? t('reset.submitting') : t('reset.submit')}
            </button>
          </form>
        )}
      </section>
    </div>
  );
}
