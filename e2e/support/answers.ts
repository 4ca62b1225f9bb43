// Waiting on the server's answer to a request the page makes, instead of guessing how long the
// server takes: start waiting before the action that sends it, then await the answer.
import type { Page, Response } from '@playwright/test';
import { LIMITS } from './limits.ts';

/** The answer to the page's next `method` request to `/app/api<path>` (the path up to any query). */
export function apiAnswer(page: Page, method: string, path: string, timeout: number = LIMITS.ui): Promise<Response> {
  return page.waitForResponse((res) => res.request().method() === method && new URL(res.url()).pathname === `/app/api${path}`, { timeout });
}
