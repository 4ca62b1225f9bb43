// "My faces" in the browser with the real server and engine: a face saved with two photos of one
// person, then chosen on the dashboard instead of a face photo, and swapped onto a target.
import { join } from 'node:path';
import { expect, SCREENSHOT_DIR, test } from './support/test.ts';
import { FACES_DIR } from '../fixtures/index.mjs';
import { collectAlerts, signUpThroughOverlay } from './support/accounts';
import { engineTest, LIMITS } from './support/limits.ts';

const PERSON = join(FACES_DIR, '012_ai-sfhq-east-asian-woman.jpg');
const TARGET = join(FACES_DIR, '010_ai-sfhq-threequarter-elderly-man.jpg');

test('save a face with two photos, then swap with it from the dashboard', async ({ page }) => {
  test.setTimeout(engineTest(3));
  const alerts = collectAlerts(page);
  await signUpThroughOverlay(page, { lastName: 'faces' });

  await page.goto('/app/faces');
  await expect(page.getByRole('heading', { name: 'My faces', level: 1 })).toBeVisible();
  await expect(page.getByText('These photos are kept until you delete them', { exact: false })).toBeVisible();
  const create = page.getByTestId('my-faces-create');
  await create.getByLabel('Name').fill('Mei');
  await create.getByTestId('my-faces-create-photo').setInputFiles(PERSON);
  await create.getByRole('button', { name: 'Save the face' }).click();
  const face = page.getByTestId('my-face');
  await expect(face.getByRole('heading', { name: 'Mei' })).toBeVisible({ timeout: LIMITS.engine });
  // The second photo: the same person mirrored, made in the page from the first.
  const mirrored = await page.evaluate(async () => {
    const img = await createImageBitmap(await (await fetch(document.querySelector<HTMLImageElement>('[data-testid="my-face"] img')!.src)).blob());
    const canvas = new OffscreenCanvas(img.width, img.height);
    const ctx = canvas.getContext('2d')!;
    ctx.scale(-1, 1);
    ctx.drawImage(img, -img.width, 0);
    return Array.from(new Uint8Array(await (await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.92 })).arrayBuffer()));
  });
  await face.getByTestId('my-face-add-photo').setInputFiles({ name: 'mirrored.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(mirrored) });
  await expect(face.getByRole('img')).toHaveCount(2, { timeout: LIMITS.engine });
  await expect(face).toContainText('Photos: 2 / 5');
  // Phone and desktop widths: nothing wider than the window.
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/my-faces-${width}.png`, fullPage: true });
  }

  await page.goto('/app');
  await page.getByTestId('swap-input-target').setInputFiles(TARGET);
  await page.getByRole('button', { name: 'or choose one of my faces' }).click();
  await page.getByRole('button', { name: 'Use Mei' }).click();
  await expect(page.getByTestId('swap-picker-source').locator('[data-saved-face]')).toBeVisible();
  const swap = page.getByRole('button', { name: 'Swap Faces', exact: true });
  await expect(swap).toBeEnabled({ timeout: LIMITS.pageWork });
  await swap.click();
  await expect(page.locator('[data-testid="gallery-grid"] li')).toHaveCount(1, { timeout: LIMITS.engine });
  await expect.poll(() => alerts).toContain('Faces swapped successfully!');
});
