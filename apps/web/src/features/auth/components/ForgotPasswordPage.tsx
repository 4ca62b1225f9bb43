// /forgot-password: asks for the address and always answers the same, so the page never tells
// whether the address has an account; the link arrives by mail (valid 1 hour).
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/document-title';
import { isSupportedLanguage } from '../../../lib/language';
import { postForgotPassword } from '../api/auth-api';
import { useFormAction } from '../lib/use-form-action';
import styles from './LoginPage.module.css';

export function ForgotPasswordPage() {
  const { t, i18n } = useTranslation('auth');
  useDocumentTitle(t('forgot.pageTitle'));
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);

  const { busy, error, submit } = useFormAction(async () => {
    await postForgotPassword(email, isSupportedLanguage(i18n.language) ? i18n.language : 'en');
    setSentTo(email.trim());
  });

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
