// Layout and titles as an admin sees them, at 390 and 1440 px, in English and French: the swap
// browser's floating filter leaves the header usable, the gallery reads newest first row by row,
// usage shows as unlimited, /admin/users fits a phone, and every operator page has its own title.
// 120 done swaps are written straight into the server's database, over one real image.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { FACES_DIR } from '../fixtures/index.mjs';
import { startServer, type RunningServer } from './support/server.ts';
import { LIMITS, SERVER_HOOK } from './support/limits.ts';

const ADMIN = { email: 'layout-ops@e2e.example', password: 'Granite-Falcon-907' };
const PASSCODE = 'Bulk-Gertrude';
const WIDTHS = [390, 1440] as const;

let server: RunningServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(SERVER_HOOK);
  server = await startServer({ name: 'e2e-operator-layout', env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, BULK_PASSCODE: PASSCODE } });
  seed();
});

test.afterAll(async () => {
  await server?.stop();
});

async function signIn(page: Page, language: 'en' | 'fr'): Promise<void> {
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL(/\/app\/?$/, { timeout: LIMITS.pageWork });
  await page.evaluate((lang) => localStorage.setItem('visage.language', lang), language);
}

/** The admin's swaps: one real image stored once, 120 rows a second apart, plus 103 swaps used this month. */
function seed(): void {
  const db = new Database(join(server.dataDir, 'visage.db'));
  const { uid } = db.prepare('SELECT uid FROM users WHERE email = ?').get(ADMIN.email) as { uid: string };
  const key = `results/${uid}/seed.jpg`;
  const media = join(server.dataDir, 'media');
  for (const [path, body] of [[join(media, key), readFileSync(join(FACES_DIR, '012_ai-sfhq-east-asian-woman.jpg'))], [join(media, '.meta', `${key}.json`), JSON.stringify({ contentType: 'image/jpeg' })]] as const) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, body);
  }
  const insert = db.prepare(
    "INSERT INTO swaps (id, uid, mode, status, job_id, source_key, target_key, result_key, thumb_key, created_at, completed_at) VALUES (?, ?, 'main', 'done', ?, 'uploads/x/s.jpg', 'uploads/x/t.jpg', ?, ?, ?, ?)",
  );
  db.transaction(() => {
    for (let i = 0; i < 120; i++) insert.run(crypto.randomUUID(), uid, `seed-${i}`, key, key, 1_700_000_000_000 + i * 1000, 1_700_000_000_000 + i * 1000);
  })();
  db.prepare('UPDATE users SET usage = 103 WHERE uid = ?').run(uid);
  db.close();
}

for (const width of WIDTHS) {
  const language = width === 390 ? 'fr' : 'en';

  test(`${width} px (${language}): the floating filter leaves the header usable, usage is unlimited, the gallery reads row by row`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await signIn(page, language);
    await page.goto(`${server.url}/app`);
    await expect(page.getByTestId('usage-figures')).toHaveText(language === 'fr' ? "Échanges d'images illimités · 103 utilisés ce mois-ci" : 'Unlimited image swaps · 103 used this month');

    // Tab order is newest first and the screen agrees: tiles 1 and 2 share the top row, tile 3 sits under tile 1.
    const tiles = page.getByTestId('gallery-grid').getByRole('button');
    await expect(tiles).toHaveCount(120);
    expect(await tiles.evaluateAll((buttons) => buttons.slice(0, 4).map((b) => b.getAttribute('data-index')))).toEqual(['0', '1', '2', '3']);
    await expect.poll(() => tiles.first().evaluate((b) => b.getBoundingClientRect().height)).toBeGreaterThan(60);
    const [a, b] = [(await tiles.nth(0).boundingBox())!, (await tiles.nth(1).boundingBox())!];
    const columns = Number(await page.getByTestId('gallery-grid').getAttribute('data-columns'));
    const below = (await tiles.nth(columns).boundingBox())!;
    expect(Math.abs(a.y - b.y)).toBeLessThan(2);
    expect(b.x).toBeGreaterThan(a.x);
    expect(Math.abs(below.x - a.x)).toBeLessThan(2);
    expect(below.y).toBeGreaterThanOrEqual(a.y + a.height);
    await tiles.nth(0).focus();
    await page.keyboard.press('Tab');
    await expect(tiles.nth(1)).toBeFocused();

    await page.goto(`${server.url}/app/bulk2`);
    await page.getByPlaceholder(language === 'fr' ? 'Prénom' : 'First Name').fill(PASSCODE);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('browser-check')).toHaveCount(100);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
    const floating = page.getByTestId('browser-filter-floating');
    await expect(floating).toBeVisible();
    const header = page.getByTestId('app-header');
    const headerBox = (await header.boundingBox())!;
    expect((await floating.boundingBox())!.y).toBeGreaterThanOrEqual(headerBox.y + headerBox.height);
    // Every control in the header is the topmost element at its centre, and answers a click.
    for (const control of await header.locator('button:visible, a:visible').all()) {
      const box = (await control.boundingBox())!;
      const onTop = await control.evaluate((el, [x, y]) => el.contains(document.elementFromPoint(x!, y!)), [box.x + box.width / 2, box.y + box.height / 2]);
      expect(onTop, await control.evaluate((el) => el.outerHTML.slice(0, 120))).toBe(true);
    }
    await header.getByRole('button', { name: language === 'fr' ? 'EN' : 'FR', exact: true }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', language === 'fr' ? 'en' : 'fr');
  });

  test(`${width} px (${language}): /admin/users fits the screen, no column cut off`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await signIn(page, language);
    await page.goto(`${server.url}/admin/users`);
    const table = page.getByTestId('admin-users').getByRole('table');
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table).toContainText(language === 'fr' ? '103 (illimité)' : '103 (unlimited)');
    // No page-wide sideways scroll, and nothing cut off: every cell lies within the screen as it is.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    expect(await table.evaluate((el) => el.parentElement!.scrollWidth - el.parentElement!.clientWidth)).toBeLessThanOrEqual(0);
    for (const cell of await table.locator('td').all()) {
      const box = (await cell.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    }
    // Stacked on a phone, each value still says which column it belongs to.
    if (width === 390) await expect(table.locator('td').nth(2)).toHaveAttribute('data-label', 'Échanges ce mois-ci');
  });
}

test('every operator page has its own title, in French and English', async ({ page }) => {
  await signIn(page, 'fr');
  for (const language of ['fr', 'en'] as const) {
    await page.evaluate((lang) => localStorage.setItem('visage.language', lang), language);
    const titles: string[] = [];
    for (const path of ['/app/bulk', '/app/bulk2', '/app/manage-faces', '/admin/proshoot', '/admin/prosoccer', '/admin/users', '/admin/swaps']) {
      await page.goto(`${server.url}${path}`);
      await expect(page).toHaveTitle(/^.+ · Visage$/);
      titles.push(await page.title());
    }
    expect(new Set(titles).size).toBe(titles.length);
    if (language === 'fr') expect(titles).toContain('Échange en lot · Visage');
    else expect(titles).toContain('Saved faces · Visage');
  }
});
