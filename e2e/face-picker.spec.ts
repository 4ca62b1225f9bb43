// The face picker on the dashboard through the real server and engine: a group photo's two faces
// chosen, each given its own face, one result with both swapped; by pointer at 390 px in English
// with face photos, then from the keyboard at 1440 px in French with two saved faces.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { FACES_DIR } from '../fixtures/index.mjs';
import { signUpThroughOverlay } from './support/accounts';
import { engineTest, LIMITS } from './support/limits.ts';

const face = (file: string) => join(FACES_DIR, file);
const FACE_A = face('008_ai-sfhq-frontal-glasses-darkskin.jpg');
const FACE_B = face('013_ai-sfhq-beard-glasses-elderly.jpg');

let dir: string;
let group: string;

/** Two people side by side on a plain wall: the right one's face is the larger (face 1). */
test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'visage-picker-'));
  const left = await sharp(face('001_nasa-eileen-collins.png')).resize(520, 520).removeAlpha().toBuffer();
  const right = await sharp(face('012_ai-sfhq-east-asian-woman.jpg')).resize(400, 400).toBuffer();
  group = join(dir, 'group.jpg');
  writeFileSync(group, await sharp({ create: { width: 1040, height: 560, channels: 3, background: '#8090a0' } })
    .composite([{ input: left, left: 10, top: 20 }, { input: right, left: 600, top: 80 }])
    .jpeg({ quality: 92 })
    .toBuffer());
});

test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Mean change per channel between the group photo and the result, over a box's middle. */
async function change(result: Buffer, box: [number, number, number, number]): Promise<number> {
  const [a, b] = await Promise.all([group, result].map((img) => sharp(img).raw().toBuffer({ resolveWithObject: true })));
  const w = a!.info.width;
  let sum = 0, n = 0;
  for (let y = Math.round(box[1] + box[3] * 0.3); y < box[1] + box[3] * 0.7; y++) {
    for (let x = Math.round(box[0] + box[2] * 0.3); x < box[0] + box[2] * 0.7; x++) {
      for (let c = 0; c < 3; c++) { sum += Math.abs(a!.data[(y * w + x) * 3 + c]! - b!.data[(y * w + x) * 3 + c]!); n += 1; }
    }
  }
  return sum / n;
}

/** The newest result: both faces changed, the wall did not. */
async function expectBothSwapped(page: Page, uid: string, tiles: number): Promise<void> {
  await expect(page.locator('[data-testid="gallery-grid"] li')).toHaveCount(tiles, { timeout: LIMITS.engine });
  const list = (await (await page.request.get(`/app/api/swaps/${uid}`)).json()) as Record<string, { image_url: string }>;
  const newest = Object.values(list)[0]!;
  const result = await (await page.request.get(newest.image_url)).body();
  expect(await change(result, [672, 124, 173, 216])).toBeGreaterThan(8);
  expect(await change(result, [191, 89, 96, 111])).toBeGreaterThan(8);
  expect(await change(result, [20, 480, 60, 60])).toBeLessThan(4);
}

test('two faces of a group photo, each with its own face: photos by pointer (390 px, English), saved faces by keyboard (1440 px, French)', async ({ page }) => {
  test.setTimeout(engineTest(2));
  await page.setViewportSize({ width: 390, height: 844 });
  const { uid } = await signUpThroughOverlay(page, { lastName: 'picker' });

  await page.getByTestId('swap-input-target').setInputFiles(group);
  await page.getByTestId('swap-input-source').setInputFiles(FACE_A);
  const picker = page.getByRole('group', { name: 'This photo shows several faces: choose the ones to swap' });
  await expect(picker).toBeVisible({ timeout: LIMITS.pageWork });
  // The largest face is chosen by default; the other is tapped.
  await expect(picker.getByRole('checkbox', { name: 'Face 1' })).toBeChecked();
  await expect(picker.getByRole('checkbox', { name: 'Face 2' })).not.toBeChecked();
  await page.getByTestId('face-picker-target-face-2').click();
  await expect(picker.getByRole('checkbox', { name: 'Face 2' })).toBeChecked();
  await expect(page.getByTestId('face-photo-1')).toContainText('Your face photo');
  await page.getByTestId('face-photo-input-2').setInputFiles(FACE_B);
  await expect(page.getByTestId('face-photo-2')).toContainText('013_ai-sfhq-beard-glasses-elderly');
  const swap = page.getByRole('button', { name: 'Swap Faces', exact: true });
  await expect(swap).toBeEnabled({ timeout: LIMITS.pageWork });
  await swap.click();
  await expectBothSwapped(page, uid, 1);

  // The same in French at 1440 px, from the keyboard only, each face given one of two saved faces.
  for (const [name, photo] of [['Ana', FACE_A], ['Ben', FACE_B]] as const) {
    const saved = await page.request.post('/app/api/me/faces', {
      headers: { origin: new URL(page.url()).origin },
      multipart: { name, photo: { name: `${name}.jpg`, mimeType: 'image/jpeg', buffer: readFileSync(photo) } },
    });
    expect(saved.status()).toBe(201);
  }
  await page.evaluate(() => localStorage.setItem('visage.language', 'fr'));
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.reload();
  await page.getByTestId('swap-input-target').setInputFiles(group);
  const press = async (button: ReturnType<Page['getByRole']>) => { await button.focus(); await page.keyboard.press('Enter'); };
  await press(page.getByTestId('swap-picker-source').getByRole('button', { name: 'ou choisir l’un de mes visages' }));
  await press(page.getByTestId('swap-picker-source').getByRole('button', { name: 'Utiliser Ana' }));
  const groupFr = page.getByRole('group', { name: 'Cette photo montre plusieurs visages : choisissez ceux à échanger' });
  await expect(groupFr).toBeVisible({ timeout: LIMITS.pageWork });
  await groupFr.getByRole('checkbox', { name: 'Visage 1' }).focus();
  await page.keyboard.press('Tab');
  await expect(groupFr.getByRole('checkbox', { name: 'Visage 2' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(groupFr.getByRole('checkbox', { name: 'Visage 2' })).toBeChecked();
  const row = page.getByTestId('face-photo-2');
  await press(row.getByRole('button', { name: 'ou choisir l’un de mes visages' }));
  await press(row.getByRole('button', { name: 'Utiliser Ben' }));
  await expect(row).toContainText('Ben');
  const submit = page.getByRole('button', { name: 'Échanger les visages', exact: true });
  await expect(submit).toBeEnabled({ timeout: LIMITS.pageWork });
  await submit.focus();
  await page.keyboard.press('Enter');
  await expectBothSwapped(page, uid, 2);
});
