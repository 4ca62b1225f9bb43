// What several specs do as a person would: sign a new user up through the login screen's overlay
// (the proof-of-work runs in the page; the terms and age boxes are ticked; `base` for specs with
// their own server), and answer the page's alerts.
import type { Page } from '@playwright/test';
import { LIMITS } from './limits.ts';

export interface SignedUp {
  email: string;
  uid: string;
}

export async function signUpThroughOverlay(page: Page, opts: { firstName?: string; lastName?: string; base?: string } = {}): Promise<SignedUp> {
  const lastName = opts.lastName ?? 'E2e';
  const email = `${lastName.toLowerCase()}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@e2e.example`;
  await page.goto(`${opts.base ?? ''}/login`);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  const overlay = page.getByRole('dialog');
  await overlay.getByLabel('First Name').fill(opts.firstName ?? 'Ada');
  await overlay.getByLabel('Last Name').fill(lastName);
  await overlay.getByLabel('Email').fill(email);
  await overlay.getByLabel('New Password').fill('Visage-e2e-Passw0rd');
  await overlay.getByRole('checkbox', { name: /I accept the/ }).check();
  await overlay.getByLabel('I confirm that I am 13 years of age or older.').check();
  await overlay.getByRole('button', { name: 'Sign Up', exact: true }).click();
  // The proof-of-work runs in the page before the account is created.
  await page.waitForURL(/\/app\/?$/, { timeout: LIMITS.pageWork });
  const uid = await page.evaluate(() => (JSON.parse(localStorage.getItem('visage.auth') ?? '{}') as { uid?: string }).uid ?? '');
  return { email, uid };
}

/** Records every alert the page shows and accepts it, as a user clicking OK. */
export function collectAlerts(page: Page): string[] {
  const messages: string[] = [];
  page.on('dialog', (dialog) => {
    messages.push(dialog.message());
    // A navigation may close the dialog before this runs; it was seen all the same.
    dialog.accept().catch(() => undefined);
  });
  return messages;
}
