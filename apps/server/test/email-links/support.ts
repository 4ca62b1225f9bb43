// The real app with mail going to an in-process SMTP server, and a sign-up that ends signed in
// (with mail configured, sign-up answers "check your inbox" and opens no session).
import { cookieFrom, GOOD_PASSWORD, makeApp, signIn, solvedChallenge, uniqueEmail, type TestApp } from '../auth/support/app.ts';
import { SmtpInbox } from '../support/smtp-inbox.ts';

export interface MailApp {
  t: TestApp;
  inbox: SmtpInbox;
  close(): Promise<void>;
}

export async function makeMailApp(env: Record<string, string> = {}): Promise<MailApp> {
  const inbox = await new SmtpInbox().start();
  const t = await makeApp({ SMTP_URL: inbox.url, MAIL_FROM: 'Visage <no-reply@visage.test>', PUBLIC_URL: 'http://visage.test', ...env });
  return {
    t,
    inbox,
    async close() {
      await t.close();
      await inbox.close();
    },
  };
}

export async function postSignUp(t: TestApp, email: string, extra: Record<string, unknown> = {}) {
  const payload = { firstName: 'Ada', lastName: 'Lovelace', email, password: GOOD_PASSWORD, termsAccepted: true, ageConfirmed: true, altcha: await solvedChallenge(t.app), ...extra };
  return t.app.inject({ method: 'POST', url: '/app/api/auth/signup', payload });
}

/** Signs up (202, a confirmation mail on its way), then signs in. */
export async function signedUpUser(m: MailApp, email = uniqueEmail()): Promise<{ email: string; uid: string; cookie: string }> {
  const res = await postSignUp(m.t, email);
  if (res.statusCode !== 202) throw new Error(`sign-up: ${res.statusCode} ${res.body}`);
  const signed = await signIn(m.t.app, email, GOOD_PASSWORD);
  if (signed.statusCode !== 200) throw new Error(`sign-in: ${signed.statusCode} ${signed.body}`);
  return { email, uid: signed.json<{ uid: string }>().uid, cookie: cookieFrom(signed) };
}
