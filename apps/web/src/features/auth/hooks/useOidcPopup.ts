// Sign-in with the OpenID Connect provider in a popup. The popup ends on the server's callback
// page, which posts { type: 'visage:oidc', ok, code } to this window (code 'consent_required':
// a first sign-in, finished by the consent dialog); only messages from our own
// origin and from that popup are believed. The session cookie is already set by then.
import { useCallback, useEffect, useRef, useState } from 'react';
import { oidcPopupMessageGuard } from '@visage/contracts/first-load';
import { OIDC_START_URL } from '../api/auth-api';

/** 'consent': a first sign-in waits for the person to accept the terms (the consent dialog). */
export type OidcPopupState = { status: 'idle' } | { status: 'waiting' } | { status: 'consent' } | { status: 'failed'; code: string };

export function useOidcPopup(onSignedIn: () => void): { state: OidcPopupState; open: () => void; reset: () => void } {
  const [state, setState] = useState<OidcPopupState>({ status: 'idle' });
  const popupRef = useRef<Window | null>(null);
  const doneRef = useRef(onSignedIn);
  useEffect(() => {
    doneRef.current = onSignedIn;
  }, [onSignedIn]);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      if (!popupRef.current || event.source !== popupRef.current) return;
      const parsed = oidcPopupMessageGuard.safeParse(event.data);
      if (!parsed.success) return;
      popupRef.current = null;
      if (parsed.data.ok) {
        setState({ status: 'idle' });
        doneRef.current();
      } else if (parsed.data.code === 'consent_required') {
        setState({ status: 'consent' });
      } else {
        setState({ status: 'failed', code: parsed.data.code ?? 'oidc_failed' });
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  // The user may close the popup without finishing: stop waiting then. The reference is kept:
  // the callback page posts and closes at once, and the opener can see `closed` before the
  // message arrives (they travel separately between processes); that late message still counts.
  useEffect(() => {
    if (state.status !== 'waiting') return;
    const timer = window.setInterval(() => {
      if (popupRef.current?.closed) setState((s) => (s.status === 'waiting' ? { status: 'idle' } : s));
    }, 500);
    return () => window.clearInterval(timer);
  }, [state.status]);

  const open = useCallback(() => {
    const width = 500;
    const height = 640;
    const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2);
    const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2);
    const popup = window.open(OIDC_START_URL, 'visage-oidc', `popup=yes,width=${width},height=${height},left=${left},top=${top}`);
    if (!popup) {
      setState({ status: 'failed', code: 'popup_blocked' });
      return;
    }
    popupRef.current = popup;
    popup.focus();
    setState({ status: 'waiting' });
  }, []);

  const reset = useCallback(() => setState({ status: 'idle' }), []);

  return { state, open, reset };
}
