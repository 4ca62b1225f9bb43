// Keeps the pages' colours on the account's choice once /me has told it (a sign-in on a new
// device included), and remembers the choice on this device for the next first paint.
import { useEffect } from 'react';
import { rememberColorScheme } from '../lib/color-scheme';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { setColorScheme } from '../store/ui-slice';

export function ColorSchemeSync() {
  const dispatch = useAppDispatch();
  const accountChoice = useAppSelector((state) => state.auth.colorScheme);
  const current = useAppSelector((state) => state.ui.colorScheme);
  useEffect(() => {
    if (accountChoice) dispatch(setColorScheme(accountChoice));
  }, [accountChoice, dispatch]);
  useEffect(() => rememberColorScheme(current), [current]);
  return null;
}
