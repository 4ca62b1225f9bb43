// Your results and your data in the browser, through the real server and face engine: the
// viewer's compare slider, download and delete (asked once); the account page's export and
// download; deleting the account lands signed out on the landing page.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import type { Page } from '@playwright/test';
import { expect, SCREENSHOT_DIR, test } from './support/test.ts';
import { FACES_DIR } from '../fixtures/index.mjs';
import { signUpThroughOverlay } from './support/accounts';
import { engineTest, LIMITS } from './support/limits.ts';

const FACES = FACES_DIR;
const TARGET = join(FACES, '008_ai-sfhq-frontal-glasses-darkskin.jpg');
const FACE = join(FACES, '012_ai-sfhq-east-asian-woman.jpg');

async function signUp(page: Page, who: string): Promise<string> {
  const { email } = await signUpThroughOverlay(page, { lastName: who });
  await expect(page.getByTestId('gallery')).toBeVisible();
  return email;
}

async function swapOnce(page: Page): Promise<void> {
  await page.getByTestId('swap-input-target').setInputFiles(TARGET);
  await page.getByTestId('swap-input-source').setInputFiles(FACE);
  await expect(page.getByRole('button', { name: 'Swap Faces', exact: true })).toBeEnabled({ timeout: LIMITS.pageWork });
  await page.getByRole('button', { name: 'Swap Faces', exact: true }).click();
  await expect(page.getByTestId('gallery-grid').getByRole('button')).toHaveCount(1, { timeout: LIMITS.engine });
}

test.describe('a result in the viewer', () => {
  test.setTimeout(engineTest(1));

  test('compares before and after with the slider, downloads it labelled, and deletes it after one question', async ({ page }) => {
    await signUp(page, 'viewer');
    await swapOnce(page);
    await page.getByTestId('gallery-grid').getByRole('button').first().click();
    const viewer = page.getByTestId('gallery-viewer');

    // Compare: the target photo over the result, cut where the slider stands.
    await viewer.getByTestId('viewer-compare').click();
    const before = viewer.getByTestId('compare-before');
    await expect(before).toBeVisible();
    await expect.poll(() => before.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await expect(before).toHaveCSS('clip-path', 'inset(0px 50% 0px 0px)');
    const slider = viewer.getByTestId('compare-slider');
    await slider.fill('80');
    await expect(before).toHaveCSS('clip-path', 'inset(0px 20% 0px 0px)');
    await page.screenshot({ path: `${SCREENSHOT_DIR}/viewer-compare.png` });
    await slider.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(before).toHaveCSS('clip-path', 'inset(0px 21% 0px 0px)');
    await expect(viewer).toBeVisible();

    // Download: an attachment named as an AI image, carrying the XMP label.
    const [download] = await Promise.all([page.waitForEvent('download'), viewer.getByTestId('viewer-download').click()]);
    expect(download.suggestedFilename()).toMatch(/^visage-ai-\d{4}-\d\d-\d\d-[0-9a-f]{8}\.jpg$/);
    const bytes = readFileSync((await download.path())!);
    expect(bytes.includes(Buffer.from('compositeWithTrainedAlgorithmicMedia'))).toBe(true);

    // On a phone the actions show as icons, and the close button stays on screen.
    await page.setViewportSize({ width: 390, height: 844 });
    const close = viewer.getByRole('button', { name: 'Close' });
    for (const control of [close, viewer.getByTestId('viewer-download'), viewer.getByTestId('viewer-delete')]) {
      const box = (await control.boundingBox())!;
      expect(box.width).toBeGreaterThan(30);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    await page.screenshot({ path: `${SCREENSHOT_DIR}/viewer-phone.png` });

    // Delete: asked once, then gone from the gallery.
    await viewer.getByTestId('viewer-delete').click();
    await expect(viewer.getByTestId('viewer-delete-confirm')).toContainText('Delete this result? This cannot be undone.');
    await viewer.getByTestId('viewer-delete-yes').click();
    await expect(viewer).toBeHidden();
    await expect(page.getByTestId('gallery-empty')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('gallery-empty')).toBeVisible();
  });
});

test.describe('your data on the account page', () => {
  test.setTimeout(engineTest(1));

  test('exports and downloads the data, then deletes the account and lands signed out on the landing page', async ({ page, context }) => {
    const email = await signUp(page, 'leaver');
    await swapOnce(page);
    await page.getByTestId('account-link').click();
    await expect(page).toHaveURL(/\/app\/account$/);
    await expect(page.getByRole('heading', { name: 'Your account', level: 1 })).toBeVisible();
    await expect(page.getByTestId('account-email')).toHaveValue(email);
    await expect(page.getByTestId('account-sessions')).toContainText('This device');
    await expect(page.getByTestId('account-consent')).toContainText('version');
    await page.screenshot({ path: `${SCREENSHOT_DIR}/account-page.png`, fullPage: true });

    // A new name is saved, and says so.
    await page.getByLabel('First Name', { exact: true }).fill('Ada-Grace');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your profile is saved.' })).toBeVisible();
    await expect(page.getByLabel('First Name', { exact: true })).toHaveValue('Ada-Grace');

    await page.getByTestId('account-export-start').click();
    const link = page.getByTestId('account-export-download');
    // The export is a job in the server's queue, maybe behind a swap.
    await expect(link).toBeVisible({ timeout: LIMITS.engine });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^visage-my-data-\d{4}-\d\d-\d\d\.zip$/);
    const zip = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
    const data = JSON.parse(strFromU8(zip['data.json']!)) as { profile: { email: string }; swaps: unknown[] };
    expect(data.profile.email).toBe(email);
    expect(data.swaps).toHaveLength(1);
    expect(Object.keys(zip).filter((k) => k.startsWith('files/results/'))).toHaveLength(2);

    const confirm = page.getByTestId('account-delete');
    await expect(confirm).toBeDisabled();
    await page.getByTestId('account-delete-email').fill(email);
    await confirm.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('account-link')).toHaveCount(0);
    expect((await context.cookies()).find((c) => c.name === 'visage_session')).toBeUndefined();
    await page.goto('/app/account');
    await expect(page).not.toHaveURL(/\/app\/account$/);
  });

  test('says it in French', async ({ page }) => {
    await signUp(page, 'francais');
    await page.goto('/app/account');
    await page.evaluate(() => localStorage.setItem('visage.language', 'fr'));
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Votre compte', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Supprimer mon compte' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Préparer mes données' })).toBeVisible();
    // The test browser says it is Chrome (its system depends on the configured user agent): worded in French too.
    await expect(page.getByTestId('account-sessions')).toContainText(/Chrome sous \w+/);
  });
});
