// Pro modes through the real built server and the real face engine: an operator uploads models
// and a player with metadata; a user filters (AND), picks, swaps and finds the result in the
// mode's gallery; a custom target in both modes; the screens' texts in English and French.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, SCREENSHOT_DIR, test } from './support/test.ts';
import { FACES_DIR } from '../fixtures/index.mjs';
import { startServer, type RunningServer } from './support/server.ts';
import { collectAlerts, signUpThroughOverlay } from './support/accounts';
import { engineTest, LIMITS, SERVER_HOOK } from './support/limits.ts';

const FACES = FACES_DIR;
const face = (file: string) => join(FACES, file);
const ADMIN = { email: 'operator@e2e.example', password: 'Visage-e2e-Operator-1' };

let server: RunningServer;
// Every test waits for two engine answers at most one after another (two swaps, or a catalogue
// photo's suggestion and its upload check; the operator's later photos find the models loaded).
test.describe.configure({ mode: 'serial', timeout: engineTest(2) });

test.beforeAll(async () => {
  test.setTimeout(SERVER_HOOK);
  server = await startServer({ name: 'e2e-promodes', env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ENGINE_WORKERS: '1' } });
});
test.afterAll(async () => {
  await server?.stop();
});

async function open(browser: Browser, locale = 'en-US') {
  const context = await browser.newContext({ baseURL: server.url, locale });
  const page = await context.newPage();
  return { context, page, alerts: collectAlerts(page) };
}

async function signInAsOperator(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await page.waitForURL(/\/app\/?$/, { timeout: LIMITS.pageWork });
}

async function signUpUser(page: Page): Promise<void> {
  await signUpThroughOverlay(page, { firstName: 'Pro', lastName: 'User' });
}

/** One operator upload: photos, a few metadata selects, 'Upload Images', the success alert. */
async function operatorUpload(page: Page, alerts: string[], files: string[], fields: Record<string, string>): Promise<void> {
  if (files.length > 0) await page.getByTestId('operator-input').setInputFiles(files);
  await expect(page.getByTestId('operator-previews').locator('li')).toHaveCount(Math.max(1, files.length));
  // The suggestion for the first photo (the face engine's reading) pre-fills some fields; ours are set after it arrived.
  await expect(page.getByTestId('operator-suggestion')).not.toHaveText(/Reading/, { timeout: LIMITS.engine });
  for (const [name, value] of Object.entries(fields)) await page.getByTestId(`operator-field-${name}`).selectOption(value);
  await page.getByTestId('operator-upload').click();
  await expect.poll(() => alerts.at(-1), { timeout: LIMITS.engine }).toBe('Images and metadata uploaded successfully.');
}

async function swapAndSee(page: Page, alerts: string[], tiles: number): Promise<void> {
  await page.getByTestId('swap-input-source').setInputFiles(face('008_ai-sfhq-frontal-glasses-darkskin.jpg'));
  await expect(page.getByTestId('promode-submit')).toBeEnabled({ timeout: LIMITS.pageWork });
  await page.getByTestId('promode-submit').click();
  await expect(page.getByRole('progressbar', { name: 'Swap progress' })).toBeVisible();
  await expect(page.locator('[data-testid="gallery-grid"] li')).toHaveCount(tiles, { timeout: LIMITS.engine });
  await expect.poll(() => alerts).toContain('Faces swapped successfully!');
}

test('an operator uploads two models and a player with metadata', async ({ browser }) => {
  const { context, page, alerts } = await open(browser);
  await signInAsOperator(page);
  await page.goto('/admin/proshoot');
  await expect(page.getByRole('heading', { name: 'Proshoot catalogue', level: 1 })).toBeVisible();
  await page.getByTestId('operator-upload').click();
  await expect.poll(() => alerts.at(-1)).toBe('Please select at least one image.');
  await operatorUpload(page, alerts, [face('012_ai-sfhq-east-asian-woman.jpg')], { gender: 'female', ethnicity: 'asian', hairColor: 'other', ageRange: '36-45' });
  await operatorUpload(page, alerts, [face('013_ai-sfhq-beard-glasses-elderly.jpg')], { gender: 'male', ethnicity: 'caucasian', hairColor: 'grey', ageRange: '56+' });
  await expect(page.getByTestId('operator-entries').locator('li')).toHaveCount(2);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/admin-proshoot-1440.png`, fullPage: true });

  // A photo without one usable face is refused on its own, with a reason.
  await page.getByTestId('operator-input').setInputFiles([face('004_nasa-apollo11-crew.jpg')]);
  await page.getByTestId('operator-upload').click();
  await expect.poll(() => alerts.at(-1), { timeout: LIMITS.engine }).toBe('Error uploading images.');
  await expect(page.getByTestId('operator-results')).toContainText('several faces');

  await page.goto('/admin/prosoccer');
  await expect(page.getByTestId('operator-field-gender')).toHaveValue('male');
  await page.getByTestId('operator-input').setInputFiles([face('010_ai-sfhq-threequarter-elderly-man.jpg')]);
  await page.getByTestId('operator-field-playerName').selectOption('Lionel Messi');
  await expect(page.getByTestId('operator-field-club')).toHaveValue('Inter Miami');
  await operatorUpload(page, alerts, [], {});
  await context.close();
});

test('a user filters with AND, picks a model, swaps, then uses a custom target (Proshoot)', async ({ browser }) => {
  const { context, page, alerts } = await open(browser);
  await signUpUser(page);
  await page.goto('/app/proshoot');
  await expect(page.getByRole('heading', { name: 'Get Your Pro Portrait.' })).toBeVisible();
  await expect(page.getByText('Choose a model photo and a face photo, then witness the transformation.')).toBeVisible();
  await expect(page).toHaveTitle(/^Proshoot/);
  await expect(page.locator('nav a[aria-current="page"]')).toHaveCount(1);
  await page.getByRole('button', { name: 'Select Professional Model' }).click();
  const modal = page.getByTestId('catalogue-modal');
  await expect(modal.getByTestId('catalogue-entry')).toHaveCount(2);
  await modal.getByTestId('catalogue-filter-gender').selectOption('female');
  await expect(modal.getByTestId('catalogue-count')).toHaveText('1 match');
  await modal.getByTestId('catalogue-filter-hairColor').selectOption('grey');
  await expect(modal.getByTestId('catalogue-count')).toHaveText('No photo matches these filters.');
  await modal.getByTestId('catalogue-filter-hairColor').selectOption('');
  await page.screenshot({ path: `${SCREENSHOT_DIR}/proshoot-modal-1440.png` });
  await modal.getByRole('button', { name: 'Hide Filters' }).click();
  await expect(modal.getByTestId('catalogue-filters')).toBeHidden();
  await expect(modal.getByRole('button', { name: 'Show Filters' })).toBeVisible();
  await expect(modal.getByText('Upload Custom Image')).toBeVisible();
  await modal.getByTestId('catalogue-entry').click();
  await expect(modal).toBeHidden();
  await expect(page.getByTestId('promode-target-preview')).toBeVisible();
  await swapAndSee(page, alerts, 1);
  await page.locator('[data-testid="gallery-grid"] li button').first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.goto('/app/proshoot');
  await page.screenshot({ path: `${SCREENSHOT_DIR}/proshoot-page-1440.png`, fullPage: true });

  await page.getByRole('button', { name: 'Select Professional Model' }).click();
  await page.getByTestId('catalogue-custom-input').setInputFiles(face('007_ai-tpdne-older-woman.jpg'));
  await expect(page.getByTestId('catalogue-modal')).toBeHidden();
  await expect(page.getByTestId('promode-target-preview')).toHaveAttribute('data-target', 'custom');
  await swapAndSee(page, alerts, 2);
  // The main gallery has none of them.
  await page.goto('/app');
  await expect(page.getByTestId('gallery-empty')).toBeVisible();
  await context.close();
});

test('a user filters by Player, swaps onto the player, then onto a custom target (Pro Soccer)', async ({ browser }) => {
  const { context, page, alerts } = await open(browser);
  await signUpUser(page);
  await page.goto('/app/prosoccer');
  await expect(page.getByRole('heading', { name: 'Become a Soccer Star.' })).toBeVisible();
  await page.getByRole('button', { name: 'Select Professional Player' }).click();
  const modal = page.getByTestId('catalogue-modal');
  await expect(modal.getByTestId('catalogue-filter-gender')).toHaveValue('male');
  await modal.getByTestId('catalogue-filter-playerName').selectOption('Kylian Mbappé');
  await expect(modal.getByTestId('catalogue-count')).toHaveText('No photo matches these filters.');
  await modal.getByTestId('catalogue-filter-playerName').selectOption('Lionel Messi');
  await expect(modal.getByTestId('catalogue-count')).toHaveText('1 match');
  await modal.getByTestId('catalogue-entry').click();
  await swapAndSee(page, alerts, 1);
  await page.getByRole('button', { name: 'Select Professional Player' }).click();
  await page.getByTestId('catalogue-custom-input').setInputFiles(face('007_ai-tpdne-older-woman.jpg'));
  await swapAndSee(page, alerts, 2);
  await page.setViewportSize({ width: 700, height: 900 });
  await expect(page.getByTestId('gallery-grid')).toHaveAttribute('data-columns', '2');
  await page.screenshot({ path: `${SCREENSHOT_DIR}/prosoccer-page-700.png`, fullPage: true });
  await context.close();
});

test('a text file renamed .jpg is not a valid image (EN and FR), not a compression error nor a worker crash', async ({ browser }) => {
  const { context, page, alerts } = await open(browser);
  const errors: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await signUpUser(page);
  await page.goto('/app/proshoot');
  await page.getByTestId('swap-input-source').setInputFiles({ name: 'face.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not an image at all') });
  await expect.poll(() => alerts).toContain('Please select a valid image file (jpeg, png, or jpg).');
  await page.getByTestId('language-switcher').getByRole('button', { name: 'FR' }).click();
  // The French texts arrive in their own chunk: the next check is made once the page shows them.
  await expect(page.getByTestId('promode-submit')).toHaveText('Échanger les visages');
  await page.getByTestId('swap-input-source').setInputFiles({ name: 'visage.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('pas une image') });
  await expect.poll(() => alerts).toContain('Veuillez sélectionner un fichier image valide (jpeg, png ou jpg).');
  expect(alerts.join('\n')).not.toMatch(/compress/);
  expect(errors.join('\n')).not.toContain('Image is not defined');
  await context.close();
});

/** Each filter option whose French text is still its English label ('key=value: text'). */
async function untranslatedOptions(page: Page): Promise<string[]> {
  const options = await page.getByTestId('catalogue-filters').locator('select').evaluateAll((selects) =>
    selects.flatMap((s) => Array.from((s as HTMLSelectElement).options).filter((o) => o.value).map((o) => [(s as HTMLSelectElement).name, o.value, o.text.trim()])));
  expect(options.length).toBeGreaterThan(50);
  return options.filter(([key, value, text]) => {
    if (key === 'playerName' || (key === 'club' && value !== 'Retired') || SAME_IN_BOTH.has(value!)) return false;
    const english = key === 'country' ? EN.countries[value!] : key === 'club' ? EN.clubs[value!] : EN.values[key!]?.[value!];
    return !english || text === english;
  }).map(([key, value, text]) => `${key}=${value}: ${text}`);
}
const EN = JSON.parse(readFileSync(join(import.meta.dirname, '../apps/web/src/features/catalogue/locales/en.json'), 'utf8')) as {
  values: Record<string, Record<string, string>>; countries: Record<string, string>; clubs: Record<string, string>;
};
// Written the same in both languages: age ranges, and the countries French spells as English does.
const SAME_IN_BOTH = new Set(['18-25', '26-35', '36-45', '46-55', '56+', 'France', 'Portugal']);

test('the pro modes speak French, every filter option included, wide and narrow', async ({ browser }) => {
  const { context, page } = await open(browser);
  await signUpUser(page);
  await page.goto('/app/proshoot');
  await page.getByTestId('language-switcher').getByRole('button', { name: 'FR' }).click();
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/app/proshoot');
    await expect(page.getByRole('heading', { name: 'Obtenez votre portrait pro.' })).toBeVisible();
    await page.getByRole('button', { name: 'Choisir un modèle professionnel' }).click();
    await expect(page.getByRole('button', { name: 'Masquer les filtres' })).toBeVisible();
    await expect(page.getByText('Importer une image personnalisée')).toBeVisible();
    await expect(page.getByTestId('catalogue-filter-noseShape').locator('option[value="straight"]')).toHaveText('droit');
    await expect(page.getByTestId('catalogue-filter-eyesShape').locator('option[value="round"]')).toHaveText('ronds');
    expect(await untranslatedOptions(page), `Proshoot at ${width} px`).toEqual([]);
    await page.getByTestId('catalogue-close').click();
    await page.goto('/app/prosoccer');
    await expect(page.getByRole('heading', { name: 'Devenez une star du football.' })).toBeVisible();
    await page.getByRole('button', { name: 'Choisir un joueur professionnel' }).click();
    await expect(page.getByTestId('catalogue-filter-country').locator('option[value="Norway"]')).toHaveText('Norvège');
    expect(await untranslatedOptions(page), `Pro Soccer at ${width} px`).toEqual([]);
    await page.getByTestId('catalogue-close').click();
  }
  await context.close();
});
