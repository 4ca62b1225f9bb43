// The mails' texts in English and French: plain text plus simple HTML, built from the same lines.
import type { MailLanguage } from '@visage/contracts';

export type MailKind = 'reset' | 'verify' | 'change' | 'taken';

interface Wording {
  subject: string;
  /** Paragraphs before the link. */
  intro: string[];
  button: string;
  /** Paragraphs after the link. */
  outro: string[];
}

const WORDING: Record<MailLanguage, Record<MailKind, Wording>> = {
  en: {
    reset: {
      subject: 'Reset your Visage password',
      intro: ['Someone asked to reset the password of the Visage account that uses this address.', 'To choose a new password, open this link within 1 hour:'],
      button: 'Choose a new password',
      outro: ['The link works once. Setting a new password signs you out everywhere else.', 'If you did not ask for this, ignore this message: your password stays as it is.'],
    },
    verify: {
      subject: 'Confirm your e-mail address for Visage',
      intro: ['Welcome to Visage! Please confirm that this address is yours by opening this link within 48 hours:'],
      button: 'Confirm my address',
      outro: ['Without confirmation you can swap for 7 days after signing up. If you did not create this account, ignore this message.'],
    },
    change: {
      subject: 'Confirm your new e-mail address for Visage',
      intro: ['You asked to use this address for your Visage account. It takes effect when you open this link, within 48 hours:'],
      button: 'Use this address',
      outro: ['If you did not ask for this, ignore this message: the account keeps its current address.'],
    },
    taken: {
      subject: 'Someone tried to sign up to Visage with your address',
      intro: ['Someone tried to create a Visage account with this address, which already has one. No new account was created.', 'If it was you and you forgot your password, you can choose a new one here:'],
      button: 'Reset my password',
      outro: ['If it was not you, you can ignore this message: your account has not changed.'],
    },
  },
  fr: {
    reset: {
      subject: 'Réinitialisez votre mot de passe Visage',
      intro: ['Quelqu’un a demandé à réinitialiser le mot de passe du compte Visage associé à cette adresse.', 'Pour choisir un nouveau mot de passe, ouvrez ce lien dans l’heure :'],
      button: 'Choisir un nouveau mot de passe',
      outro: ['Le lien ne fonctionne qu’une fois. Le nouveau mot de passe vous déconnecte de tous vos autres appareils.', 'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.'],
    },
    verify: {
      subject: 'Confirmez votre adresse e-mail pour Visage',
      intro: ['Bienvenue sur Visage ! Confirmez que cette adresse est bien la vôtre en ouvrant ce lien dans les 48 heures :'],
      button: 'Confirmer mon adresse',
      outro: ['Sans confirmation, vous pouvez échanger des visages pendant 7 jours après votre inscription. Si vous n’avez pas créé ce compte, ignorez ce message.'],
    },
    change: {
      subject: 'Confirmez votre nouvelle adresse e-mail pour Visage',
      intro: ['Vous avez demandé à utiliser cette adresse pour votre compte Visage. Le changement prendra effet lorsque vous ouvrirez ce lien, dans les 48 heures :'],
      button: 'Utiliser cette adresse',
      outro: ['Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : le compte garde son adresse actuelle.'],
    },
    taken: {
      subject: 'Quelqu’un a tenté de s’inscrire sur Visage avec votre adresse',
      intro: ['Quelqu’un a tenté de créer un compte Visage avec cette adresse, qui en a déjà un. Aucun nouveau compte n’a été créé.', 'Si c’était vous et que vous avez oublié votre mot de passe, vous pouvez en choisir un nouveau ici :'],
      button: 'Réinitialiser mon mot de passe',
      outro: ['Si ce n’était pas vous, vous pouvez ignorer ce message : votre compte n’a pas changé.'],
    },
  },
};

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Subject, text and HTML of one mail; `link` is absolute. */
export function composeMail(kind: MailKind, language: MailLanguage, link: string): { subject: string; text: string; html: string } {
  const w = WORDING[language][kind];
  const text = [...w.intro, link, ...w.outro, '— Visage'].join('\n\n');
  const p = (line: string) => `<p>${escapeHtml(line)}</p>`;
  const html = [
    `<!doctype html><html lang="${language}"><body style="font-family:sans-serif;line-height:1.5;color:#1d2b27">`,
    ...w.intro.map(p),
    `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#2f7a64;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(w.button)}</a></p>`,
    `<p style="font-size:13px;color:#55645f">${escapeHtml(link)}</p>`,
    ...w.outro.map(p),
    '<p>— Visage</p></body></html>',
  ].join('\n');
  return { subject: w.subject, text, html };
}
