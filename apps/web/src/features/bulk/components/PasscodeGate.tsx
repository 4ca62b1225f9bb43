// The passcode box of /app/bulk, /app/bulk2 and /admin/swaps: placeholder 'First Name' (it does not announce itself),
// checked by the server on Enter; a wrong entry shows nothing. When the server has no passcode
// set, the screen opens at once (the operator role is the real check, on every call); an opened
// gate stays open for this tab, so moving between /app/bulk and /app/bulk2 does not ask again.
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { GateName } from '@visage/contracts';
import { checkGate, gateRequired } from '../api/bulk-api';
import styles from './bulk.module.css';

const OPENED = 'visage.gate.';

export function PasscodeGate({ gate, children }: { gate: GateName; children: ReactNode }) {
  const { t } = useTranslation('bulk');
  const [state, setState] = useState<'loading' | 'locked' | 'open'>('loading');
  const [value, setValue] = useState('');
  const [checking, setChecking] = useState(false);

  useEffect(() => {
    let live = true;
    gateRequired(gate).then(
      (required) => live && setState(required && sessionStorage.getItem(OPENED + gate) !== '1' ? 'locked' : 'open'),
      (error: unknown) => {
        console.error(error);
        if (live) setState('locked');
      },
    );
    return () => {
      live = false;
    };
  }, [gate]);

  if (state === 'open') return <>{children}</>;
  if (state === 'loading') return <div className={styles.gate} aria-busy="true" />;
  return (
    <form
      className={styles.gate}
      // Busy while the server checks an entry: Enter is ignored then, so a caller can tell when the box takes the next one.
      aria-busy={checking}
      onSubmit={(event) => {
        event.preventDefault();
        if (!value || checking) return;
        setChecking(true);
        checkGate(gate, value).then(
          () => {
            sessionStorage.setItem(OPENED + gate, '1');
            setState('open');
          },
          // Wrong, or too many tries: nothing is shown, so the box gives no hint to a guesser; only logged.
          (error: unknown) => {
            console.info('Passcode not accepted', error);
            setChecking(false);
          },
        );
      }}
    >
      <input
        type="text"
        name="first-name"
        placeholder={t('gate.placeholder')}
        aria-label={t('gate.placeholder')}
        autoComplete="off"
        required
        value={value}
        onChange={(event) => setValue(event.target.value)}
        data-testid="passcode"
      />
    </form>
  );
}
