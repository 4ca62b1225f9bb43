// Helpers for the catalogue suites: an operator account, the operator upload form, metadata.
import type { TestApp } from '../auth/support/app.ts';
import { signUp } from '../auth/support/app.ts';
import { multipart } from '../support/multipart.ts';

export interface Caller { cookie: string; uid: string }

export async function signUpAs(t: TestApp, role: 'user' | 'operator'): Promise<Caller> {
  const { cookie, me } = await signUp(t.app);
  if (role !== 'user') await t.ctx.db.updateTable('users').set({ role }).where('uid', '=', me.uid).execute();
  return { cookie, uid: me.uid };
}

export const META = {
  gender: 'female', ethnicity: 'asian', ageRange: '36-45', faceShape: 'oval', hairType: 'straight', hairLength: 'long',
  hairColor: 'other', eyesShape: '', noseShape: '', lipsShape: '', cheeksShape: '',
};
export const SOCCER_META = { ...META, gender: 'male', playerName: 'Lionel Messi', country: 'Argentina', club: 'Inter Miami' };

export function uploadCatalogue(t: TestApp, who: Caller, kind: string, photos: Array<{ name: string; body: Buffer }>, metadata: unknown = META) {
  const form = multipart([
    ...(metadata === null ? [] : [{ name: 'metadata', value: typeof metadata === 'string' ? metadata : JSON.stringify(metadata) }]),
    ...photos.map((p) => ({ name: 'images', filename: p.name, contentType: 'image/jpeg', body: p.body })),
  ]);
  return t.app.inject({ method: 'POST', url: `/app/api/admin/${kind}/upload`, payload: form.payload, headers: { ...form.headers, cookie: who.cookie } });
}

export function proUpload(t: TestApp, who: Caller, kind: string, fields: Record<string, string>, files: Record<string, Buffer>) {
  const form = multipart([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    ...Object.entries(files).map(([name, body]) => ({ name, filename: `${name}.jpg`, contentType: 'image/jpeg', body })),
  ]);
  return t.app.inject({ method: 'POST', url: `/app/api/${kind}/upload`, payload: form.payload, headers: { ...form.headers, cookie: who.cookie } });
}
