// Light, dark, or the device's own setting: kept with the account, so every device the user signs
// in on follows it. The button shows the choice at once; the pages change once the server has it
// (a refused change puts the button back and changes nothing).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColorScheme } from '@visage/contracts';
import { COLOR_SCHEMES } from '../../../lib/color-scheme';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { setColorScheme } from '../../../store/ui-slice';
import { saveColorScheme } from '../api/account-api';
import { errorKey } from '../lib/error-key';
import styles from './AccountPage.module.css';

export function AppearanceSection() {
  const { t } = useTranslation('account');
  const dispatch = useAppDispatch();
  const current = useAppSelector((state) => state.ui.colorScheme);
  const [status, setStatus] = useState<{ ok: boolean; key: string } | null>(null);
  const [pending, setPending] = useState<ColorScheme | null>(null);

  const choose = async (scheme: ColorScheme) => {
    setPending(scheme);
    try {
      await saveColorScheme(scheme);
      dispatch(setColorScheme(scheme));
      setStatus({ ok: true, key: 'appearance.saved' });
    } catch (e) {
      setStatus({ ok: false, key: errorKey(e) });
    } finally {
      setPending(null);
    }
  };

  return (
    <section className={`card ${styles.section}`} aria-labelledby="account-appearance" data-testid="account-appearance">
      <h2 id="account-appearance">{t('appearance.title')}</h2>
      <fieldset className={styles.choices} disabled={pending !== null}>
        <legend>{t('appearance.legend')}</legend>
        {COLOR_SCHEMES.map((scheme) => (
          <label key={scheme} className={styles.choice}>
            <input type="radio" name="color-scheme" value={scheme} checked={(pending ?? current) === scheme} onChange={() => void choose(scheme)} />
            {t(`appearance.${scheme}`)}
          </label>
        ))}
      </fieldset>
      <p className={styles.hint}>{t('appearance.hint')}</p>
      {status && <p role={status.ok ? 'status' : 'alert'} className={status.ok ? styles.ok : styles.error}>{t(status.key)}</p>}
    </section>
  );
}
