// The page the OIDC popup lands on: it tells the window that opened it how the
// sign-in went (postMessage to our own origin only) and closes itself. Opened
// without an opener (popup blocked, new tab), it goes back to the login screen instead.
import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { OIDC_MESSAGE_TYPE, type OidcPopupMessage } from '@visage/contracts';
import { OIDC_POPUP_COOP } from '../../http/security-headers.ts';

const TEXT = {
  ok: { en: 'Signed in. You can close this window.', fr: 'Connexion réussie. Vous pouvez fermer cette fenêtre.' },
  consent: {
    en: 'One more step: accept the terms in the Visage window.',
    fr: 'Encore une étape : acceptez les conditions dans la fenêtre de Visage.',
  },
  failed: { en: 'Sign-in did not complete. You can close this window.', fr: 'La connexion n’a pas abouti. Vous pouvez fermer cette fenêtre.' },
};

const STYLE = 'body{font-family:system-ui,sans-serif;text-align:center;padding:3rem}';
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The page and the Content-Security-Policy that allows its own inline script and style only. */
export function callbackPage(ok: boolean, code?: string): { html: string; csp: string } {
  const message: OidcPopupMessage = { type: OIDC_MESSAGE_TYPE, ok, ...(code ? { code } : {}) };
  const json = JSON.stringify(message).replace(/</g, '\\u003c');
  // Without an opener the login screen finishes the job (it loads the session or shows the error).
  const target = `/login?oidc=${encodeURIComponent(ok ? 'ok' : (code ?? 'oidc_failed'))}`;
  const text = ok ? TEXT.ok : code === 'consent_required' ? TEXT.consent : TEXT.failed;
  const script = `
(function () {
  var message = ${json};
  if (window.opener && !window.opener.closed) {
    window.opener.postMessage(message, window.location.origin);
    window.close();
  } else {
    window.location.replace(${JSON.stringify(target).replace(/</g, '\\u003c')});
  }
})();
`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Visage</title><style>${STYLE}</style></head>
<body>
<p>${text.en}</p>
<p lang="fr">${text.fr}</p>
<script>${script}</script>
</body></html>`;
  const csp = `default-src 'none'; script-src ${sha256(script)}; style-src ${sha256(STYLE)}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;
  return { html, csp };
}

export function sendCallbackPage(reply: FastifyReply, ok: boolean, code?: string): FastifyReply {
  const page = callbackPage(ok, code);
  return reply
    .header('Content-Security-Policy', page.csp)
    .header('Cross-Origin-Opener-Policy', OIDC_POPUP_COOP)
    .header('Cache-Control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(page.html);
}
