// The two boxes every new account ticks, on the sign-up form and in the first OIDC sign-in's
// consent step: the Terms of Use and Privacy Policy (links open in a new tab), and being 13 or
// older. `texts` picks that screen's wording in the auth namespace.
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import styles from './SignUpOverlay.module.css';

export type ConsentField = 'termsAccepted' | 'ageConfirmed';

export interface ConsentChecksProps {
  texts: 'signup' | 'consent';
  termsAccepted: boolean;
  ageConfirmed: boolean;
  onChange: (field: ConsentField, checked: boolean) => void;
}

export function ConsentChecks({ texts, termsAccepted, ageConfirmed, onChange }: ConsentChecksProps) {
  const { t } = useTranslation('auth');
  return (
    <>
      <label className={styles.terms}>
        <input type="checkbox" name="termsAccepted" required checked={termsAccepted} onChange={(e) => onChange('termsAccepted', e.target.checked)} />
        <span>
          <Trans
            t={t}
            i18nKey={`${texts}.terms`}
            components={{
              terms: <Link to="/terms" target="_blank" rel="noopener" />,
              privacy: <Link to="/privacy" target="_blank" rel="noopener" />,
            }}
          />
        </span>
      </label>
      <label className={styles.terms}>
        <input type="checkbox" name="ageConfirmed" required checked={ageConfirmed} onChange={(e) => onChange('ageConfirmed', e.target.checked)} />
        <span>{t(`${texts}.age`)}</span>
      </label>
    </>
  );
}
