// The main swap flow through the real server and the real face engine: sign up, pick a target
// and a face, swap, see the result in the gallery, browse it in the viewer; the client checks
// (wrong type, oversize), a target without a face, and another user's access to the results.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Browser, Page } from '@playwright/test';
import { expect, SCREENSHOT_DIR, test, WIDTHS } from './support/test.ts';
import { FACES_DIR } from '../fixtures/index.mjs';
import { collectAlerts, signUpThroughOverlay } from './support/accounts';
import { engineTest, LIMITS } from './support/limits.ts';

const FACES = FACES_DIR;
const face = (file: string) => join(FACES, file);
const TARGET_A = face('008_ai-sfhq-frontal-glasses-darkskin.jpg');
const FACE_A = face('012_ai-sfhq-east-asian-woman.jpg');
const TARGET_B = face('013_ai-sfhq-beard-glasses-elderly.jpg');
const FACE_B = face('007_ai-tpdne-older-woman.jpg');
const NO_FACE_TARGET = face('016_cc0-coffee-noface.png');
const SCARF_FACE = face('014_ai-sfhq-scarf-over-mouth.jpg');
const TINY_FACE = face('005_cc0-codait-bryan-115px.png');

const SIZE_MESSAGE = '(EN) The file size should be less than 10 MB.(FR) La taille du fichier doit être inférieur à 10 MB.';
const TYPE_MESSAGE = 'Please select a valid image file (jpeg, png, or jpg).';

interface Account {
  email: string;
  uid: string;
}

/** Signs a new user up through the login screen's overlay and waits for the gallery. */
async function signUp(page: Page, who: string): Promise<Account> {
  const account = await signUpThroughOverlay(page, { lastName: who });
  await expect(page.getByTestId('gallery')).toBeVisible();
  expect(account.uid).not.toBe('');
  return account;
}

async function pickPair(page: Page, target: string, source: string): Promise<void> {
  await page.getByTestId('swap-input-target').setInputFiles(target);
  await page.getByTestId('swap-input-source').setInputFiles(source);
  await expect(page.getByTestId('swap-preview-target')).toBeVisible();
  await expect(page.getByTestId('swap-preview-source')).toBeVisible();
  // Both photos are compressed in the page's worker first.
  await expect(page.getByRole('button', { name: 'Swap Faces', exact: true })).toBeEnabled({ timeout: LIMITS.pageWork });
}

async function swapAndWaitForTile(page: Page, alerts: string[], expectedTiles: number, screenshot?: string): Promise<void> {
  await page.getByRole('button', { name: 'Swap Faces', exact: true }).click();
  await expect(page.getByRole('progressbar', { name: 'Swap progress' })).toBeVisible();
  if (screenshot) await page.getByTestId('swap-form').screenshot({ path: `${SCREENSHOT_DIR}/${screenshot}` });
  await expect(page.locator('[data-testid="gallery-grid"] li')).toHaveCount(expectedTiles, { timeout: LIMITS.engine });
  await expect.poll(() => alerts).toContain('Faces swapped successfully!');
  // The processing state ends with the new result: the button is back.
  await expect(page.getByRole('button', { name: 'Swap Faces', exact: true })).toBeVisible();
}

async function newSignedInPage(browser: Browser, baseURL: string | undefined, who: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const alerts = collectAlerts(page);
  const account = await signUp(page, who);
  return { context, page, alerts, account };
}

test.describe('swap flow', () => {
  test.describe.configure({ timeout: engineTest(1) });

  test('sign up, swap twice, see the results and browse them in the viewer; another user cannot read them', async ({ page, browser, baseURL }) => {
    test.setTimeout(engineTest(2));
    const alerts = collectAlerts(page);
    const a = await signUp(page, 'alice');

    // The dashboard: the two mode cards, the swap form, an empty gallery.
    await expect(page.getByTestId('mode-card-proshoot')).toContainText('Proshoot');
    await expect(page.getByTestId('mode-card-proshoot')).toContainText('Get your Linkedin or CV photo');
    await expect(page.getByTestId('mode-card-prosoccer')).toContainText('Pro Soccer Swap');
    await expect(page.getByTestId('mode-card-prosoccer')).toContainText('You are a soccer star');
    await expect(page.getByTestId('mode-card-proshoot').getByRole('link', { name: /Open/ })).toHaveAttribute('href', '/app/proshoot');
    await expect(page.getByTestId('mode-card-prosoccer').getByRole('link', { name: /Open/ })).toHaveAttribute('href', '/app/prosoccer');
    await expect(page.getByRole('heading', { name: "Let's Swap" })).toBeVisible();
    await expect(page.getByText('Choose a target photo and a face photo, then witness the transformation')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Upload Target Image' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Upload Face Image' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Swap Faces', exact: true })).toBeDisabled();
    await expect(page.getByTestId('gallery-empty')).toContainText('No swaps yet');

    // Compression runs in the page's own worker (nothing fetched from another origin) and
    // yields '<name>-compressed.jpeg' JPEGs of at most 1 MB.
    const foreign: string[] = [];
    page.on('request', (req) => {
      if (!req.url().startsWith(baseURL ?? '') && !req.url().startsWith('blob:') && !req.url().startsWith('data:')) foreign.push(req.url());
    });
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));

    await pickPair(page, TARGET_A, FACE_A);
    const chosen = async (name: 'target' | 'source') => {
      const [file, type, size] = ((await page.getByTestId(`swap-picker-${name}`).locator('figure').getAttribute('data-file')) ?? '').split(';');
      return { file, type, size: Number(size) };
    };
    expect(await chosen('target')).toMatchObject({ file: '008_ai-sfhq-frontal-glasses-darkskin-compressed.jpeg', type: 'image/jpeg' });
    expect(await chosen('source')).toMatchObject({ file: '012_ai-sfhq-east-asian-woman-compressed.jpeg', type: 'image/jpeg' });
    expect((await chosen('target')).size).toBeLessThanOrEqual(1024 * 1024);
    expect(workers.some((url) => /compress\.worker/.test(url))).toBe(true);
    await swapAndWaitForTile(page, alerts, 1, 'app-swap-progress.png');
    expect(foreign).toEqual([]);

    await pickPair(page, TARGET_B, FACE_B);
    await swapAndWaitForTile(page, alerts, 2);

    // Thumbnails in the grid, newest first (the API's order).
    const list = (await (await page.request.get(`/app/api/swaps/${a.uid}`)).json()) as Record<string, { id: string; image_url: string; thumb_url: string }>;
    const swaps = Object.values(list);
    expect(swaps).toHaveLength(2);
    const tiles = page.locator('[data-testid="gallery-grid"] li img');
    await expect(tiles.nth(0)).toHaveAttribute('src', swaps[0]!.thumb_url);
    await expect(tiles.nth(1)).toHaveAttribute('src', swaps[1]!.thumb_url);
    await expect.poll(() => tiles.nth(0).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    // Viewer: opens on the clicked image, wraps both ways (buttons and keys), closes.
    await tiles.nth(0).click();
    const viewer = page.getByRole('dialog', { name: 'Image viewer' });
    const image = viewer.getByTestId('gallery-viewer-image');
    const position = viewer.getByTestId('gallery-viewer-position');
    await expect(viewer).toBeVisible();
    await expect(image).toHaveAttribute('src', swaps[0]!.image_url);
    await expect(position).toHaveText('1 of 2');
    await expect(viewer.getByRole('button', { name: 'Close' })).toBeFocused();
    const open = viewer.getByRole('link', { name: 'Open in the web browser' });
    await expect(open).toHaveAttribute('href', swaps[0]!.image_url);
    await expect(open).toHaveAttribute('target', '_blank');
    await expect(open).toHaveAttribute('rel', /noopener/);

    await viewer.getByRole('button', { name: 'Previous image' }).click();
    await expect(position).toHaveText('2 of 2');
    await expect(image).toHaveAttribute('src', swaps[1]!.image_url);
    await viewer.getByRole('button', { name: 'Next image' }).click();
    await expect(position).toHaveText('1 of 2');
    await page.keyboard.press('ArrowLeft');
    await expect(position).toHaveText('2 of 2');
    await page.keyboard.press('ArrowRight');
    await expect(position).toHaveText('1 of 2');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/app-viewer-desktop.png` });
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    await tiles.nth(1).click();
    await expect(position).toHaveText('2 of 2');
    await viewer.getByRole('button', { name: 'Close' }).click();
    await expect(viewer).toBeHidden();

    // The owner reads the full image with its exact type.
    const own = await page.request.get(swaps[0]!.image_url);
    expect(own.status()).toBe(200);
    expect(own.headers()['content-type']).toMatch(/^image\/(jpeg|png|webp)/);
    expect(own.headers()['x-content-type-options']).toBe('nosniff');

    // Dashboard screenshots with a gallery, at the three widths, each in a fresh page.
    for (const width of Object.values(WIDTHS)) {
      const shot = await page.context().newPage();
      await shot.setViewportSize({ width, height: width < 500 ? 812 : 900 });
      await shot.goto('/app');
      const shotTiles = shot.locator('[data-testid="gallery-grid"] li img');
      await expect(shotTiles).toHaveCount(2);
      await shot.evaluate(() => document.fonts.ready);
      for (const img of await shotTiles.all()) {
        await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
      }
      expect(await shot.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await shot.screenshot({ path: `${SCREENSHOT_DIR}/app-dashboard-${width}.png`, fullPage: true });
      if (width === WIDTHS.mobile) {
        await shotTiles.nth(0).click();
        await expect(shot.getByTestId('gallery-viewer-image')).toBeVisible();
        await expect.poll(() => shot.getByTestId('gallery-viewer-image').evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
        await shot.screenshot({ path: `${SCREENSHOT_DIR}/app-viewer-${width}.png` });
      }
      await shot.close();
    }

    // User B gets 404 for A's list and A's images; nobody signed out reads them either.
    const b = await newSignedInPage(browser, baseURL, 'bob');
    try {
      expect((await b.page.request.get(`/app/api/swaps/${a.uid}`)).status()).toBe(404);
      expect((await b.page.request.get(`/app/api/swaps/${a.uid}?include=pending`)).status()).toBe(404);
      for (const swap of swaps) {
        expect((await b.page.request.get(swap.image_url)).status()).toBe(404);
        expect((await b.page.request.get(swap.thumb_url)).status()).toBe(404);
      }
      const bList = (await (await b.page.request.get(`/app/api/swaps/${b.account.uid}`)).json()) as Record<string, unknown>;
      expect(Object.keys(bList)).toHaveLength(0);
      await expect(b.page.getByTestId('gallery-empty')).toBeVisible();
    } finally {
      await b.context.close();
    }
    const anonymous = await browser.newContext({ baseURL });
    try {
      expect((await anonymous.request.get(`/app/api/swaps/${a.uid}`)).status()).toBe(401);
      expect((await anonymous.request.get(swaps[0]!.image_url)).status()).toBe(401);
    } finally {
      await anonymous.close();
    }
  });

  /** A new user swaps `faceFile` onto TARGET_A and opens the result in the viewer. */
  async function swapIntoViewer(page: Page, who: string, faceFile: string) {
    const alerts = collectAlerts(page);
    await signUp(page, who);
    await pickPair(page, TARGET_A, faceFile);
    await swapAndWaitForTile(page, alerts, 1);
    await page.locator('[data-testid="gallery-grid"] li img').first().click();
    return page.getByRole('dialog', { name: 'Image viewer' });
  }

  test('a face photo with a covered mouth gives a result whose viewer says so, in English and in French', async ({ page }) => {
    const viewer = await swapIntoViewer(page, 'erin', SCARF_FACE);
    const note = viewer.getByRole('note');
    await expect(note).toHaveText('The mouth is covered in your face photo, so the lower face was kept from the target photo. A photo with your face uncovered gives a better result.');
    await expect.poll(() => viewer.getByTestId('gallery-viewer-image').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/app-viewer-warning.png` });
    await viewer.getByRole('button', { name: 'Close' }).click();

    await page.getByTestId('language-switcher').getByRole('button', { name: 'FR' }).click();
    await page.locator('[data-testid="gallery-grid"] li img').first().click();
    await expect(page.getByRole('dialog').getByRole('note')).toHaveText('La bouche est couverte sur votre photo de visage : le bas du visage de la photo cible a été conservé. Une photo du visage découvert donne un meilleur résultat.');
  });

  test('a face photo far smaller than the target\'s face gives a result whose viewer says it is softer', async ({ page }) => {
    // A 43 px face onto a 305 px one.
    const viewer = await swapIntoViewer(page, 'fred', TINY_FACE);
    await expect(viewer.getByRole('note')).toHaveText('Your face photo is small beside the face in the target photo, so the result is softer than the photo around it. A larger photo of your face gives a sharper result.');
  });

  test('a target without a face fails with the reason and gives the button back', async ({ page }) => {
    const alerts = collectAlerts(page);
    await signUp(page, 'carol');
    await pickPair(page, NO_FACE_TARGET, FACE_A);
    await page.getByRole('button', { name: 'Swap Faces', exact: true }).click();
    await expect(page.getByTestId('swap-failure')).toHaveText('Failed to swap faces. No face was found in the target photo.', { timeout: LIMITS.engine });
    await expect.poll(() => alerts).toContain('Failed to swap faces. No face was found in the target photo.');
    await expect(page.getByRole('button', { name: 'Swap Faces', exact: true })).toBeEnabled();
    await expect(page.getByTestId('gallery-empty')).toBeVisible();
  });
});

test.describe('client checks', () => {
  let dir: string;
  test.beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'visage-swap-e2e-'));
  });
  test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('a wrong type and an oversize image are refused with their messages', async ({ page }) => {
    const alerts = collectAlerts(page);
    await signUp(page, 'dave');

    await page.getByTestId('swap-input-target').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await expect.poll(() => alerts).toEqual([TYPE_MESSAGE]);
    await expect(page.getByTestId('swap-picker-target').getByRole('alert')).toHaveText(TYPE_MESSAGE);

    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    await page.getByTestId('swap-input-source').setInputFiles({ name: 'face.gif', mimeType: 'image/gif', buffer: gif });
    await expect.poll(() => alerts).toEqual([TYPE_MESSAGE, TYPE_MESSAGE]);

    // A real PNG just over 10 MB (noise does not compress).
    const big = join(dir, 'big.png');
    await sharp({ create: { width: 2000, height: 1900, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 80 } } })
      .png({ compressionLevel: 0 })
      .toFile(big);
    await page.getByTestId('swap-input-target').setInputFiles(big);
    await expect.poll(() => alerts).toEqual([TYPE_MESSAGE, TYPE_MESSAGE, SIZE_MESSAGE]);
    await expect(page.getByTestId('swap-picker-target').getByRole('alert')).toHaveText(SIZE_MESSAGE);
    await expect(page.getByTestId('swap-preview-target')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Swap Faces', exact: true })).toBeDisabled();

    // The same checks in French, the size message staying bilingual.
    await page.evaluate(() => localStorage.setItem('visage.language', 'fr'));
    await page.setViewportSize({ width: WIDTHS.mobile, height: 812 });
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Échangeons' })).toBeVisible();
    await expect(page.getByTestId('gallery-empty')).toContainText("Aucun échange pour l'instant");
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/app-dashboard-fr-empty-375.png`, fullPage: true });
    await page.getByTestId('swap-input-target').setInputFiles(big);
    await expect.poll(() => alerts.at(-1)).toBe(SIZE_MESSAGE);
    await page.getByTestId('swap-input-target').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await expect.poll(() => alerts.at(-1)).toBe('Veuillez sélectionner un fichier image valide (jpeg, png ou jpg).');
  });
});
