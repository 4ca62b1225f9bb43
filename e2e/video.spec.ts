// Video swaps through the real server, ffmpeg and the face engine: a Standard user chooses a clip
// of two people as the target, picks the second person, follows the frames' progress, finds the
// result in the gallery and plays it in the viewer (then, at phone width in French, plays it
// again); a Free user is told that video needs a paid plan. One 2.5 s clip (60 frames) is swapped.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { FACES_DIR, videoPath } from '../fixtures/index.mjs';
import { signUpThroughOverlay } from './support/accounts';
import { engineTest, LIMITS } from './support/limits.ts';

const CLIP = videoPath('two-people.mp4');
const FACE = join(FACES_DIR, '012_ai-sfhq-east-asian-woman.jpg');

/** The shared server's database, for what only billing could set and what the page does not show. */
function withDatabase<T>(use: (db: Database.Database) => T): T {
  const dataDir = process.env.VISAGE_E2E_DATA_DIR;
  if (!dataDir) throw new Error('VISAGE_E2E_DATA_DIR is not set: run the e2e tests through playwright.config.ts.');
  const db = new Database(join(dataDir, 'visage.db'));
  try {
    return use(db);
  } finally {
    db.close();
  }
}

/** Puts the account on Standard as billing would. */
function makeStandard(uid: string): void {
  withDatabase((db) => expect(db.prepare("UPDATE users SET subscription = 'standard' WHERE uid = ?").run(uid).changes).toBe(1));
}

/** The person index each of the user's video swaps was made for, as the upload stored it. */
function chosenPeople(uid: string): number[] {
  const rows = withDatabase((db) => db.prepare("SELECT video FROM swaps WHERE uid = ? AND kind = 'video'").all(uid) as Array<{ video: string }>);
  return rows.map((r) => (JSON.parse(r.video) as { person: number }).person);
}

/** Plays the viewer's video (muted: no gesture is needed) and waits for its time to move on. */
async function expectPlays(page: Page, name: string | RegExp): Promise<void> {
  const video = page.getByRole('dialog').locator('video').and(page.getByLabel(name));
  await expect(video).toBeVisible();
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: LIMITS.ui }).toBeGreaterThan(0.3);
}

test('a Standard user swaps a face in a clip, picks the person, follows the frames and plays the result', async ({ page }) => {
  test.setTimeout(engineTest(1));
  await page.setViewportSize({ width: 1440, height: 900 });
  const { uid } = await signUpThroughOverlay(page, { lastName: 'Video' });
  makeStandard(uid);
  await page.reload();

  await page.getByTestId('swap-input-target').setInputFiles(CLIP);
  await page.getByTestId('swap-input-source').setInputFiles(FACE);
  const people = page.getByRole('group', { name: 'People in this clip' });
  await expect(people.getByRole('radio')).toHaveCount(2, { timeout: LIMITS.engine });
  // The largest, longest seen is chosen at first; the user takes the other one.
  await expect(people.getByRole('radio', { name: /Person 1/ })).toBeChecked();
  await people.getByText('Person 2', { exact: true }).click();
  await expect(people.getByRole('radio', { name: /Person 2/ })).toBeChecked();

  const swap = page.getByRole('button', { name: 'Swap Faces in the Video' });
  await expect(swap).toBeEnabled({ timeout: LIMITS.pageWork });
  await swap.click();
  await expect(page.getByRole('progressbar', { name: 'Video swap progress' })).toBeVisible();
  await expect(page.getByTestId('video-progress-text')).toContainText(/Frame \d+ of 60/, { timeout: LIMITS.engine });

  const tile = page.getByRole('img', { name: /^Open the video swap from .*, 0:0[23] long$/ });
  await expect(tile).toBeVisible({ timeout: LIMITS.engine });
  expect(chosenPeople(uid), 'the second person was swapped').toEqual([1]);
  await tile.click();
  await expectPlays(page, 'Swapped video 1 of 1');
  await page.keyboard.press('Escape');

  // At phone width, in French, the same result opens and plays.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('language-switcher').getByRole('button', { name: 'FR' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  const tileFr = page.getByRole('img', { name: /^Ouvrir l'échange vidéo du .*, d'une durée de 0:0[23]$/ });
  await tileFr.scrollIntoViewIfNeeded();
  await tileFr.click();
  await expectPlays(page, 'Vidéo échangée 1 sur 1');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, 'no sideways scroll at 390 px').toBeLessThanOrEqual(390);
});

test('a Free user choosing a clip is told that video swaps need a paid plan', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpThroughOverlay(page, { lastName: 'Free' });
  await page.getByTestId('swap-input-target').setInputFiles(CLIP);
  const notice = page.getByTestId('video-problem');
  await expect(notice).toHaveText(/^Video swaps need a paid plan: Standard includes 5 a month, Premium has no limit\./);
  await expect(notice.getByRole('link')).toHaveAttribute('href', '/app/plans');
  await expect(page.getByRole('button', { name: 'Swap Faces in the Video' })).toBeDisabled();
});
