// /forgot-password: asks for the address and always answers the same, so the page never tells
// whether the address has an account; the link arrives by mail (valid 1 hour).
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/document-title';
import { isSupportedLanguage } from '../../../lib/language';
import { postForgotPassword } from '../api/auth-api';
import { errorKey } from '../lib/error-key';
import styles from './LoginPage.module.css';

export function ForgotPasswordPage() {
  const { t, i18n } = useTranslation('auth');
  useDocumentTitle(t('forgot.pageTitle'));
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await postForgotPassword(email, isSupportedLanguage(i18n.language) ? i18n.language : 'en');
      setSentTo(email.trim());
    } catch (failure) {
      setError(errorKey(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.page}>
      <section className={`card ${styles.panel}`} aria-labelledby="forgot-heading">
        <h1 id="forgot-heading" className={styles.heading}>
          {t('forgot.heading')}
        </h1>
        {sentTo ? (
          <p className={styles.subtitle} role="status" data-testid="forgot-sent">
            {t('forgot.sent', { email: sentTo })}
          </p>
        ) : (
          <>
            <p className={styles.subtitle}>{t('forgot.intro')}</p>
            <form className={styles.form} onSubmit={(e) => void submit(e)} data-testid="forgot-form">
              <label className={styles.field}>
                <span>{t('login.email')}</span>
                <input className="input" type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
              </label>
              {error ? (
                <p className={styles.error} role="alert">
                  {t(error)}
                </p>
              ) : null}
              <button type="submit" className="btn btn-primary btn-lg" disabled={busy}>
                {busy ? t('forgot.submitting') : t('forgot.submit')}
              </button>
            </form>
          </>
        )}
        <p className={styles.hint}>
          <Link to="/login">{t('forgot.back')}</Link>
        </p>
      </section>
    </div>
  );
}
