// A form's submit with its busy flag and its error's text key: the e-mail link pages share it.
import { useState, type FormEvent } from 'react';
import { errorKey } from './error-key';

export function useFormAction(action: () => Promise<void>, initialError: string | null = null) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(initialError);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(errorKey(failure));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, submit };
}
