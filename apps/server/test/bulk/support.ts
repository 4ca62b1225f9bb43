// Helpers for the issue-36 suites: accounts with a role, multipart bodies, waiting for swaps.
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../auth/support/app.ts';
import { signUp } from '../auth/support/app.ts';
import { multipart, type Part } from '../support/multipart.ts';

export interface Who {
  cookie: string;
  uid: string;
}

export async function account(t: TestApp, role: 'user' | 'operator' | 'admin'): Promise<Who> {
  const { cookie, me } = await signUp(t.app);
  if (role !== 'user') await t.ctx.db.updateTable('users').set({ role }).where('uid', '=', me.uid).execute();
  return { cookie, uid: me.uid };
}

export const jpeg = (name: string, body: Buffer, field: string): Part => ({ name: field, filename: name, contentType: 'image/jpeg', body });

export function post(t: TestApp, who: Who | null, url: string, parts: Part[]): Promise<LightMyRequestResponse> {
  const form = multipart(parts);
  return t.app.inject({ method: 'POST', url, payload: form.payload, headers: { ...form.headers, ...(who ? { cookie: who.cookie } : {}) } });
}

export function get(t: TestApp, who: Who | null, url: string): Promise<LightMyRequestResponse> {
  return t.app.inject({ url, headers: who ? { cookie: who.cookie } : {} });
}

export function postJson(t: TestApp, who: Who | null, url: string, payload: unknown): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url, payload: payload as object, headers: who ? { cookie: who.cookie } : {} });
}

/** `who` with the grant the gate sets once `value` is entered: its cookie added to their session's. */
export async function unlock(t: TestApp, who: Who, gate: 'bulk' | 'admin-test', value: string): Promise<Who> {
  const res = await postJson(t, who, `/app/api/gate/${gate}`, { value });
  const grant = res.cookies.find((c) => c.name === `visage_gate_${gate}`);
  if (res.statusCode !== 200 || !grant) throw new Error(`gate ${gate} did not open: ${res.statusCode} ${res.body}`);
  return { ...who, cookie: `${who.cookie}; ${grant.name}=${grant.value}` };
}

/** Waits until every swap id has ended (done or failed); returns their rows. */
export async function waitForSwaps(t: TestApp, ids: string[], timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const rows = await t.ctx.db.selectFrom('swaps').selectAll().where('id', 'in', ids).execute();
    if (rows.length === ids.length && rows.every((r) => r.status === 'done' || r.status === 'failed')) return rows;
    if (Date.now() > until) throw new Error(`swaps still pending: ${rows.map((r) => r.status).join(',')}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Done swaps written straight into the table (the browser's paging does not need real results). */
export async function seedSwaps(t: TestApp, uid: string, n: number, faceId: string | null = null, start = 1_700_000_000_000): Promise<string[]> {
  const ids: string[] = [];
  const rows = Array.from({ length: n }, (_, i) => {
    const id = crypto.randomUUID();
    ids.push(id);
    return {
      id, uid, mode: 'main' as const, status: 'done' as const, job_id: `seed-${id}`, source_key: 'uploads/x/s.jpg', target_key: 'uploads/x/t.jpg',
      result_key: `results/${uid}/${id}.jpg`, thumb_key: null, error_code: null, error_message: null, metrics: null,
      created_at: start + i, completed_at: start + i, face_id: faceId, kind: 'image' as const, video: null,
    };
  });
  for (let i = 0; i < rows.length; i += 200) await t.ctx.db.insertInto('swaps').values(rows.slice(i, i + 200)).execute();
  // Written behind the service's back: tell it, as a finished job does.
  t.ctx.swaps.changed(uid);
  return ids;
}
