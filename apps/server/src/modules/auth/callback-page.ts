// The page the OIDC popup lands on: it tells the window that opened it how the
// sign-in went (postMessage to our own origin only) and closes itself. Opened
// without an opener (popup blocked, new tab), it goes back to the login screen instead.
import type { FastifyReply } from 'fastify';
import { OIDC_MESSAGE_TYPE, type OidcPopupMessage } from '@visage/contracts';

const TEXT = {
  ok: { en: 'Signed in. You can close this window.', fr: 'Connexion réussie. Vous pouvez fermer cette fenêtre.' },
  consent: {
    en: 'One more step: accept the terms in the Visage window.',
    fr: 'Encore une étape : acceptez les conditions dans la fenêtre de Visage.',
  },
  failed: { en: 'Sign-in did not complete. You can close this window.', fr: 'La connexion n’a pas abouti. Vous pouvez fermer cette fenêtre.' },
};

export function callbackPage(ok: boolean, code?: string): string {
  const message: OidcPopupMessage = { type: OIDC_MESSAGE_TYPE, ok, ...(code ? { code } : {}) };
  const json = JSON.stringify(message).replace(/</g, '\\u003c');
  // Without an opener the login screen finishes the job (it loads the session or shows the error).
  const target = `/login?oidc=${encodeURIComponent(ok ? 'ok' : (code ?? 'oidc_failed'))}`;
  const text = ok ? TEXT.ok : code === 'consent_required' ? TEXT.consent : TEXT.failed;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Visage</title></head>
<body style="font-family:system-ui,sans-serif;text-align:center;padding:3rem">
<p>${text.en}</p>
<p lang="fr">${text.fr}</p>
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

export function sendCallbackPage(reply: FastifyReply, ok: boolean, code?: string): FastifyReply {
  return reply
    .header('Content-Security-Policy', CALLBACK_PAGE_CSP)
    .header('Cache-Control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(callbackPage(ok, code));
}
