// The sign-up overlay: names, e-mail, new password, the terms and the age (13 or older) checkboxes. The dimmed backdrop
// (and Escape) closes it. When the server asks for the bot check, the form shows "Verifying…"
// while a proof-of-work runs in a worker, then sends itself again.
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/Icon';
import { isSupportedLanguage } from '../../../lib/language';
import { useAppDispatch } from '../../../store/hooks';
import { signUpWithBotCheck } from '../api/sign-up';
import { errorKey } from '../lib/error-key';
import { ConsentChecks } from './ConsentChecks';
import { startSession } from '../store/auth-slice';
import styles from './SignUpOverlay.module.css';

type Status = 'idle' | 'submitting' | 'verifying';

export function SignUpOverlay({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('auth');
  const dispatch = useAppDispatch();
  const titleId = useId();
  const firstFieldRef = useRef<HTMLInputElement>(null);
  const [form, setForm] = useState({ firstName: '', lastName: '', email: '', password: '', termsAccepted: false, ageConfirmed: false });
  const [status, setStatus] = useState<Status>('idle');
  const [error, setError] = useState<string | null>(null);
  // Set when the server sends mail: the account (if the address was free) waits for its link.
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { i18n } = useTranslation();

  useEffect(() => {
    firstFieldRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  const set = (key: keyof typeof form) => (event: ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({ ...f, [key]: event.target.type === 'checkbox' ? event.target.checked : event.target.value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setStatus('submitting');
    try {
      const language = isSupportedLanguage(i18n.language) ? i18n.language : 'en';
      const answer = await signUpWithBotCheck({ ...form, language }, () => setStatus('verifying'));
      if ('status' in answer) {
        setSentTo(form.email.trim());
        setStatus('idle');
      } else dispatch(startSession(answer));
    } catch (failure) {
      setError(errorKey(failure));
      setStatus('idle');
    }
  };

  const busy = status !== 'idle';
  return (
    <div
      className={styles.backdrop}
      data-testid="signup-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className={`card ${styles.dialog}`} role="dialog" aria-modal="true" aria-labelledby={titleId} data-testid="signup-overlay">
        <button type="button" className={styles.close} onClick={onClose} aria-label={t('signup.close')}>
          <Icon name="close" size={20} />
        </button>
        <h2 id={titleId} className={styles.title}>
          {t('signup.title')}
        </h2>
        {sentTo ? (
          <div className={styles.form}>
            <p role="status" data-testid="signup-check-inbox">
              {t('signup.checkInbox', { email: sentTo })}
            </p>
            <button type="button" className="btn btn-primary btn-lg" onClick={onClose}>
              {t('signup.checkInboxDone')}
            </button>
          </div>
        ) : (
        <form className={styles.form} onSubmit={(e) => void submit(e)}>
          <div className={styles.row}>
            <label className={styles.field}>
              <span>{t('signup.firstName')}</span>
              <input ref={firstFieldRef} className="input" name="firstName" autoComplete="given-name" required value={form.firstName} onChange={set('firstName')} />
            </label>
            <label className={styles.field}>
              <span>{t('signup.lastName')}</span>
              <input className="input" name="lastName" autoComplete="family-name" required value={form.lastName} onChange={set('lastName')} />
            </label>
          </div>
          <label className={styles.field}>
            <span>{t('signup.email')}</span>
            <input className="input" type="email" name="email" autoComplete="email" required value={form.email} onChange={set('email')} />
          </label>
          <div className={styles.field}>
            <label htmlFor={`${titleId}-password`}>{t('signup.password')}</label>
            <input
              id={`${titleId}-password`}
              className="input"
              type="password"
              name="password"
              autoComplete="new-password"
              required
              minLength={8}
              aria-describedby={`${titleId}-hint`}
              value={form.password}
              onChange={set('password')}
            />
            <small id={`${titleId}-hint`} className={styles.hint}>
              {t('signup.passwordHint')}
            </small>
          </div>
          <ConsentChecks
            texts="signup"
            termsAccepted={form.termsAccepted}
            ageConfirmed={form.ageConfirmed}
            onChange={(field, checked) => setForm((f) => ({ ...f, [field]: checked }))}
          />
          {error ? (
            <p className={styles.error} role="alert" data-testid="signup-error">
              {t(error)}
            </p>
          ) : null}
          {status === 'verifying' ? (
            <p className={styles.verifying} role="status" data-testid="signup-verifying">
              <span className={styles.spinner} aria-hidden="true" />
              {t('signup.verifying')}
            </p>
          ) : null}
          <button type="submit" className="btn btn-primary btn-lg" disabled={busy}>
            {status === 'idle' ? t('signup.submit') : status === 'verifying' ? t('signup.verifying') : t('signup.submitting')}
          </button>
        </form>
        )}
      </div>
    </div>
  );
}
