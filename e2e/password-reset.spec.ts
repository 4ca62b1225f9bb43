// A forgotten password, end to end with mail going to a real SMTP server in this process:
// sign-up answers "check your inbox", "Forgot password?" → the mail's link → a new password →
// log in with it. Then the same screens and mail in French.
import { SmtpInbox } from '../apps/server/test/support/smtp-inbox.ts';
import { expect, test } from './support/test.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { LIMITS, SERVER_HOOK } from './support/limits.ts';

let inbox: SmtpInbox;
let server: RunningServer;
const email = `reset-${Date.now()}@e2e.example`;
const NEW_PASSWORD = 'Quiet-Harbour-77-Maple';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(SERVER_HOOK);
  inbox = await new SmtpInbox().start();
  server = await startServer({ name: 'e2e-mail', env: (url) => ({ SMTP_URL: inbox.url, MAIL_FROM: 'Visage <no-reply@e2e.example>', PUBLIC_URL: url }) });
});

test.afterAll(async () => {
  await server?.stop();
  await inbox?.close();
});

test('forgot password → mail → new password → log in', async ({ page }) => {
  await page.goto(`${server.url}/login`);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  const overlay = page.getByRole('dialog');
  await overlay.getByLabel('First Name').fill('Rita');
  await overlay.getByLabel('Last Name').fill('Reset');
  await overlay.getByLabel('Email').fill(email);
  await overlay.getByLabel('New Password', { exact: true }).fill('Visage-e2e-Passw0rd');
  await overlay.getByRole('checkbox', { name: /I accept the/ }).check();
  await overlay.getByLabel('I confirm that I am 13 years of age or older.').check();
  await overlay.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(overlay.getByTestId('signup-check-inbox')).toContainText(`we sent a message to ${email}`, { timeout: LIMITS.pageWork });
  await overlay.getByRole('button', { name: 'Back to log in' }).click();

  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByTestId('forgot-sent')).toContainText(`If an account uses ${email}`);

  // The first mail is the sign-up's confirmation; the second the reset.
  const mail = await inbox.waitFor(email, 2, LIMITS.ui);
  expect(mail.subject).toBe('Reset your Visage password');
  const link = /http\S+\/reset-password\?token=[\w-]+/.exec(mail.text)?.[0] ?? '';
  expect(link.startsWith(`${server.url}/reset-password?token=`)).toBe(true);
  await page.goto(link);
  await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByTestId('reset-done')).toContainText('Your password is changed');

  await page.getByTestId('reset-login').click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByTestId('login-form').getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL(/\/app\/?$/, { timeout: LIMITS.ui });
});

test.describe('in French', () => {
  test.use({ locale: 'fr-FR' });

  test('the screens and the mail are in French', async ({ page }) => {
    await page.goto(`${server.url}/login`);
    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
    await expect(page.getByRole('heading', { name: 'Mot de passe oublié ?' })).toBeVisible();
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Envoyer le lien' }).click();
    await expect(page.getByTestId('forgot-sent')).toContainText(`Si un compte utilise l’adresse ${email}`);
    const mail = await inbox.waitFor(email, 3, LIMITS.ui);
    expect(mail.subject).toBe('Réinitialisez votre mot de passe Visage');

    await page.goto(`${server.url}/reset-password?token=${'x'.repeat(43)}`);
    await page.getByLabel('Nouveau mot de passe', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Enregistrer le nouveau mot de passe' }).click();
    await expect(page.getByTestId('reset-error')).toContainText('Ce lien n’est pas valide ou a expiré.');
  });
});
