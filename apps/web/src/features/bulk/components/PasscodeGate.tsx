// The passcode box of /app/bulk, /app/bulk2 and /admin/swaps: placeholder 'First Name' (it does not announce itself),
// checked by the server on Enter; a wrong entry shows nothing. A right one earns a grant (a cookie
// bound to this session, for an hour) that the server asks for on every call the screen makes; the
// gate opens while the server says it holds (`granted`), so /app/bulk and /app/bulk2 ask once.
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { GateName } from '@visage/contracts';
import { checkGate, gateState } from '../api/bulk-api';
import styles from './bulk.module.css';

export function PasscodeGate({ gate, children }: { gate: GateName; children: ReactNode }) {
  const { t } = useTranslation('bulk');
  const [state, setState] = useState<'loading' | 'locked' | 'open'>('loading');
  const [value, setValue] = useState('');
  const [checking, setChecking] = useState(false);

  useEffect(() => {
    let live = true;
    gateState(gate).then(
      (status) => live && setState(status.required && !status.granted ? 'locked' : 'open'),
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
          () => setState('open'),
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
