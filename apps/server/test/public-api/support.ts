// Helpers for the public API suites: an account with a key, and calls made with that key.
import type { LightMyRequestResponse } from 'fastify';
import type { CreatedApiKey } from '@visage/contracts';
import { signUp, type TestApp } from '../auth/support/app.ts';
import { fixture } from '../support/fixtures.ts';
import { multipart } from '../support/multipart.ts';

export const TARGET = '012_ai-sfhq-east-asian-woman.jpg';
export const FACE = '008_ai-sfhq-frontal-glasses-darkskin.jpg';

export interface Developer {
  uid: string;
  cookie: string;
  email: string;
  key: CreatedApiKey;
}

/** A new account and one key created through the account page's route. */
export async function developer(t: TestApp, keyName = 'my script'): Promise<Developer> {
  const { cookie, me } = await signUp(t.app);
  const res = await t.app.inject({ method: 'POST', url: '/app/api/account/api-keys', headers: { cookie }, payload: { name: keyName } });
  if (res.statusCode !== 201) throw new Error(`key not created: ${res.statusCode} ${res.body}`);
  return { uid: me.uid, cookie, email: me.profile.email, key: res.json<CreatedApiKey>() };
}

export const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

/** POST /app/api/v1/swaps with two files, as a program sends them. */
export function createSwap(t: TestApp, secret: string, headers: Record<string, string> = {}, files = { target: fixture(TARGET), source: fixture(FACE) }): Promise<LightMyRequestResponse> {
  const form = multipart([
    { name: 'target', filename: 'target.jpg', contentType: 'image/jpeg', body: files.target },
    { name: 'source', filename: 'face.jpg', contentType: 'image/jpeg', body: files.source },
  ]);
  return t.app.inject({ method: 'POST', url: '/app/api/v1/swaps', payload: form.payload, headers: { ...form.headers, ...bearer(secret), ...headers } });
}
