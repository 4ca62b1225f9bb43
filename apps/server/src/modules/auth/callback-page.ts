// The page the OIDC popup lands on: it tells the window that opened it how the
// sign-in went (postMessage to our own origin only) and closes itself. Opened
// without an opener (popup blocked, new tab), it goes back to the login screen instead.
import { OIDC_MESSAGE_TYPE, type OidcPopupMessage } from '@visage/contracts';

export function callbackPage(ok: boolean, code?: string): string {
  const message: OidcPopupMessage = { type: OIDC_MESSAGE_TYPE, ok, ...(code ? { code } : {}) };
  const json = JSON.stringify(message).replace(/</g, '\\u003c');
  // Without an opener the login screen finishes the job (it loads the session or shows the error).
  const target = `/login?oidc=${encodeURIComponent(ok ? 'ok' : (code ?? 'oidc_failed'))}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Visage</title></head>
<body style="font-family:system-ui,sans-serif;text-align:center;padding:3rem">
<p>${ok ? 'Signed in. You can close this window.' : 'Sign-in did not complete. You can close this window.'}</p>
<p lang="fr">${ok ? 'Connexion réussie. Vous pouvez fermer cette fenêtre.' : 'La connexion n’a pas abouti. Vous pouvez fermer cette fenêtre.'}</p>
<script>
(function () {
  var message = ${json};
  if (window.opener && !window.opener.closed) {
    window.opener.postMessage(message, window.location.origin);
    window.close();
  } else {
    window.location.replace(${JSON.stringify(target)});
  }
})();
</script>
</body></html>`;
}

export const CALLBACK_PAGE_CSP = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'";
