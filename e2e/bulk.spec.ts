// The operator screens through the real built server and the real face engine: the bulk screen
// (a bad file skipped, real per-target progress, each result or reason), a saved face used in
// bulk2 with its results tagged, the swap browser (filter, infinite scroll over 250 seeded swaps,
// re-tagging), and the admin test page. The server runs with its own passcodes and an admin account.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { FACES_DIR } from '../fixtures/index.mjs';
import { startServer, type RunningServer } from './support/server.ts';
import { collectAlerts } from './support/accounts';
import { apiAnswer } from './support/answers.ts';
import { engineTest, engineWait, LIMITS, SERVER_HOOK } from './support/limits.ts';

const FACES = FACES_DIR;
const fx = (file: string) => join(FACES, file);
const FACE = fx('008_ai-sfhq-frontal-glasses-darkskin.jpg');
const TARGETS = [fx('012_ai-sfhq-east-asian-woman.jpg'), fx('013_ai-sfhq-beard-glasses-elderly.jpg'), fx('016_cc0-coffee-noface.png')];
const ADMIN = { email: 'ops@e2e.example', password: 'Granite-Falcon-907' };
const PASSCODE = 'Bulk-Gertrude';
const WORD = 'Test-Ophelia';

let server: RunningServer;
let tmp: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(SERVER_HOOK);
  server = await startServer({
    name: 'e2e-bulk',
    env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, BULK_PASSCODE: PASSCODE, ADMIN_TEST_WORD: WORD, ENGINE_WORKERS: '2', WORKER_CONCURRENCY: '2' },
  });
  tmp = mkdtempSync(join(tmpdir(), 'visage-bulk-e2e-'));
});

test.afterAll(async () => {
  await server?.stop();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

async function signIn(page: Page): Promise<void> {
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL(/\/app\/?$/, { timeout: LIMITS.pageWork });
}

/** Opens a gated page: a wrong entry shows nothing, the right one opens it. */
async function openGated(page: Page, path: string, secret: string, heading: string): Promise<void> {
  await page.goto(`${server.url}${path}`);
  const box = page.getByPlaceholder('First Name');
  const gate = page.locator('form', { has: box });
  await box.fill('wrong');
  const refused = apiAnswer(page, 'POST', `/gate/${path === '/admin/swaps' ? 'admin-test' : 'bulk'}`);
  await box.press('Enter');
  expect((await refused).status()).toBe(403);
  // The refusal is handled once the form is no longer busy; only then does Enter take the next entry.
  await expect(gate).toHaveAttribute('aria-busy', 'false');
  await expect(box).toBeVisible();
  await expect(page.getByRole('heading', { name: heading })).toHaveCount(0);
  await box.fill(secret);
  await box.press('Enter');
  await expect(page.getByRole('heading', { name: heading })).toBeVisible();
}

test('a bulk of 3 (a bad file skipped): real progress to 3 of 3, each result or its reason', async ({ page }) => {
  test.setTimeout(engineTest(3));
  const alerts = collectAlerts(page);
  await signIn(page);
  await openGated(page, '/app/bulk', PASSCODE, "Let's Swap. (69 B)");
  await expect(page.getByRole('button', { name: 'Upload Target Images (up to 15)' })).toBeVisible();
  const bad = join(tmp, 'notes.txt');
  writeFileSync(bad, 'not an image');
  await page.getByTestId('bulk-targets-input').setInputFiles([TARGETS[0]!, bad, TARGETS[1]!, TARGETS[2]!]);
  await expect.poll(() => alerts).toContain('Please select a valid image file (jpeg, png, or jpg).');
  await expect(page.getByTestId('bulk-targets').getByRole('listitem')).toHaveCount(3);
  await page.getByTestId('bulk-face-input').setInputFiles(FACE);
  const swap = page.getByRole('button', { name: 'Swap Faces' });
  await expect(swap).toBeEnabled({ timeout: LIMITS.pageWork });
  // The count shows once the upload is answered (every photo through the content check first).
  const uploaded = apiAnswer(page, 'POST', '/69/bulk-upload', LIMITS.pageWork);
  await swap.click();
  expect((await uploaded).ok()).toBe(true);
  await expect(page.getByTestId('bulk-count')).toHaveText(/of 3 done/);
  await expect(page.getByTestId('bulk-count')).toHaveText('3 of 3 done', { timeout: engineWait(3) });
  const results = page.getByTestId('bulk-result');
  await expect(results).toHaveCount(3);
  await expect(results.nth(0).getByRole('img')).toBeVisible();
  await expect(results.nth(1).getByRole('img')).toBeVisible();
  await expect(results.nth(2)).toContainText('No face was found in the target photo.');
  expect(await results.nth(0).getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});

test('a saved face uploaded, picked in bulk2, and the results tagged with it', async ({ page }) => {
  test.setTimeout(engineTest(3));
  const alerts = collectAlerts(page);
  await signIn(page);
  await page.goto(`${server.url}/app/manage-faces`);
  await page.getByRole('button', { name: 'Upload Image' }).click();
  await expect.poll(() => alerts).toContain('Please select an image.');
  await page.getByTestId('face-id').fill('grace');
  await page.getByTestId('face-image-input').setInputFiles(FACE);
  await page.getByRole('button', { name: 'Upload Image' }).click();
  // A saved face is checked by the face engine before it is kept.
  await expect(page.getByText('Image and metadata uploaded successfully.')).toBeVisible({ timeout: LIMITS.engine });
  await expect(page.getByTestId('face-list').getByText('grace')).toBeVisible();
  // The same id again: asked before replacing (the dialog is accepted).
  await page.getByTestId('face-id').fill('grace');
  await page.getByTestId('face-image-input').setInputFiles(FACE);
  await page.getByRole('button', { name: 'Upload Image' }).click();
  await expect.poll(() => alerts.some((a) => a.startsWith('A face with the id "grace" exists already')), { timeout: LIMITS.engine }).toBe(true);
  // Accepted: the photo is sent again to replace it; leave the page only once that is done.
  await expect.poll(() => alerts.filter((a) => a === 'Image and metadata uploaded successfully.').length, { timeout: LIMITS.engine }).toBe(2);

  await openGated(page, '/app/bulk2', PASSCODE, "Let's Swap. (69 B)");
  await page.getByRole('button', { name: 'Select a Face' }).click();
  const modal = page.getByTestId('face-modal');
  await modal.getByTestId('face-option').filter({ hasText: 'grace' }).click();
  await expect(modal).toHaveCount(0);
  await expect(page.getByTestId('bulk2-face')).toContainText('grace');
  await page.getByTestId('bulk-targets-input').setInputFiles([TARGETS[0]!]);
  const swap = page.getByRole('button', { name: 'Swap Faces' });
  await expect(swap).toBeEnabled({ timeout: LIMITS.pageWork });
  await swap.click();
  await expect(page.getByTestId('bulk-count')).toHaveText('1 of 1 done', { timeout: LIMITS.pageWork + LIMITS.engine });
  await page.getByTestId('browser-filter').selectOption('grace');
  await expect(page.getByTestId('browser-total')).toHaveText('1 result');
  await expect(page.getByTestId('browser-check')).toHaveCount(1);
});

test('the swap browser: infinite scroll over 250 swaps, filter back to page 1, re-tagging', async ({ page }) => {
  const alerts = collectAlerts(page);
  // 250 more done swaps, straight into the server's database, reusing a real result's files.
  const db = new Database(join(server.dataDir, 'visage.db'));
  const real = db.prepare("SELECT uid, result_key, thumb_key FROM swaps WHERE status = 'done' LIMIT 1").get() as { uid: string; result_key: string; thumb_key: string };
  const insert = db.prepare(
    "INSERT INTO swaps (id, uid, mode, status, job_id, source_key, target_key, result_key, thumb_key, created_at, completed_at) VALUES (?, ?, 'main', 'done', ?, 'uploads/x/s.jpg', 'uploads/x/t.jpg', ?, ?, ?, ?)",
  );
  db.transaction(() => {
    for (let i = 0; i < 250; i++) {
      const id = crypto.randomUUID();
      insert.run(id, real.uid, `seed-${id}`, real.result_key, real.thumb_key, 1_600_000_000_000 + i, 1_600_000_000_000 + i);
    }
  })();
  db.close();

  await signIn(page);
  await openGated(page, '/app/bulk2', PASSCODE, "Let's Swap. (69 B)");
  const tiles = page.getByTestId('browser-check');
  await expect(page.getByTestId('browser-total')).toHaveText('253 results');
  await expect(tiles).toHaveCount(100);
  await expect(page.getByTestId('browser-filter-floating')).toHaveCount(0);
  // Images keep loading and growing the page: scroll to the bottom until the next page came,
  // and stop scrolling once it has (one more scroll would rightly ask for the page after).
  const scrollUntil = (n: number) =>
    expect
      .poll(async () => {
        const count = await tiles.count();
        if (count < n) await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        return count;
      })
      .toBeGreaterThanOrEqual(n);
  await scrollUntil(101);
  // Pages come 100 at a time; the third may follow at once when the window is still near the
  // bottom as page 2 arrives (seen once with two suites running), which the product rightly does.
  await expect.poll(() => tiles.count()).toBeGreaterThanOrEqual(200);
  expect([200, 253]).toContain(await tiles.count());
  await expect(page.getByTestId('browser-filter-floating')).toBeVisible();
  await scrollUntil(201);
  await expect(tiles).toHaveCount(253);

  // A filter starts again at page 1; 'All' brings back the first 100.
  await page.getByTestId('browser-filter-floating-select').selectOption('grace');
  await expect(tiles).toHaveCount(1);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByTestId('browser-filter').selectOption({ label: 'All' });
  await expect(tiles).toHaveCount(100);

  await tiles.nth(5).check();
  await tiles.nth(6).check();
  const bar = page.getByTestId('browser-bar');
  await expect(bar).toBeVisible();
  await bar.getByTestId('browser-tag-face').selectOption('grace');
  await bar.getByRole('button', { name: 'Submit Selected Images' }).click();
  await expect.poll(() => alerts).toContain('Metadata updated successfully!');
  await expect(bar).toHaveCount(0);
  await page.getByTestId('browser-filter').selectOption('grace');
  await expect(page.getByTestId('browser-total')).toHaveText('3 results');
});

test('the admin test page: the secret word, one swap, its gallery', async ({ page }) => {
  test.setTimeout(engineTest(1));
  collectAlerts(page);
  await signIn(page);
  await openGated(page, '/admin/swaps', WORD, "Let's Swap. (S)");
  const gallery = page.getByTestId('admin-gallery').getByRole('img');
  await expect(gallery).toHaveCount(3); // the bulk's two results and the bulk2 one
  await page.getByTestId('admin-target-input').setInputFiles(TARGETS[1]!);
  await page.getByTestId('admin-face-input').setInputFiles(FACE);
  const swap = page.getByRole('button', { name: 'Swap Faces' });
  await expect(swap).toBeEnabled({ timeout: LIMITS.pageWork });
  await swap.click();
  await expect(page.getByTestId('bulk-count')).toHaveText('1 of 1 done', { timeout: LIMITS.pageWork + LIMITS.engine });
  await expect(gallery).toHaveCount(4);
});

test('French texts of the operator screens; the passcodes are nowhere in what the browser loads', async ({ page }) => {
  const reads: Promise<string>[] = [];
  page.on('response', (res) => {
    if (/\.(js|css|html)(\?|$)|\/app\/bulk$/.test(res.url())) reads.push(res.text().catch(() => ''));
  });
  await signIn(page);
  await page.evaluate(() => localStorage.setItem('visage.language', 'fr'));
  await page.goto(`${server.url}/app/bulk`);
  await expect(page.getByPlaceholder('Prénom')).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Each body is read on its own: wait for every read, not for whichever finished by now.
  const bodies = await Promise.all(reads);
  expect(bodies.length).toBeGreaterThan(3);
  for (const body of bodies) {
    expect(body).not.toContain(PASSCODE);
    expect(body).not.toContain(WORD);
  }
});
