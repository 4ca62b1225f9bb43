// Keeps the client's sign-in state in step with the server session: checks /me at start when
// the local flags say "signed in", signs the client out cleanly on any 401 and when another
// tab logs out, and tells route guards and the sidebar the visitor's access level.
import { useEffect, type ReactNode } from 'react';
import { AccessContext, type AccessLevel } from '../../../lib/access';
import { onUnauthorized } from '../../../lib/api-client';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { AUTH_STORAGE_KEY, readFlags } from '../lib/local-flags';
import { endSession, loadUser, sessionEnded } from '../store/auth-slice';

export function AuthProvider({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector((state) => state.auth.signedIn);
  const role = useAppSelector((state) => state.auth.role);

  useEffect(() => {
    if (readFlags()) void dispatch(loadUser());
  }, [dispatch]);

  useEffect(
    () =>
      onUnauthorized(() => {
        if (readFlags()) dispatch(endSession());
      }),
    [dispatch],
  );

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === AUTH_STORAGE_KEY && !readFlags()) dispatch(sessionEnded());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [dispatch]);

  const level: AccessLevel = signedIn ? role : 'public';
  return <AccessContext.Provider value={level}>{children}</AccessContext.Provider>;
}
