// The first screen's zod-free guards against the zod schemas they stand for: the same JSON
// Schema, and the same verdict and output on answers good and bad.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as schemas from '../src/first-load-schemas.ts';
import * as guards from '../src/first-load.ts';
import type { Parser } from '../src/first-load.ts';
import { jsonGuard } from '../src/json-guard.ts';
import { FIRST_LOAD_SCHEMAS, firstLoadJsonSchemas } from './first-load-sources.ts';

const profile = { createdAt: 1, uid: 'u1', pic: '', nom: 'A', prenom: 'B', gender: '', birthday: '', pays: '', ville: '', email: 'a@b.example', emailVerified: true, ip: '', subscription: 'free', customerId: '' };
const billing = { plan: 'standard', limit: null, status: 'active', currentPeriodEnd: 5, cancelAtPeriodEnd: false, suspended: false, subscribedPlan: 'standard' };
const me = { uid: 'u1', role: 'user', profile, usage: 3, resetDate: '2026-12-01', swapsLeft: 7, colorScheme: 'dark', billing };
const challenge = { algorithm: 'SHA-256', challenge: 'c', maxnumber: 1000, salt: 's', signature: 'x' };
const item = { id: 's1', image_url: '/r.jpg', thumb_url: '/t.jpg', createdAt: 2, status: 'failed', error: { code: 'no_face_source', message: 'No face' }, warnings: ['source_blurry'], original_url: '/o.jpg' };

/** Answers each guard must judge as zod does: the good ones first, then each with one fault. */
const cases: Record<keyof typeof FIRST_LOAD_SCHEMAS, [Parser<unknown>, unknown[]]> = {
  meResponse: [
    guards.meResponseGuard,
    [me, { ...me, billing: undefined, swapsLeft: null, extra: 1 }, { ...me, billing: { ...billing, limit: 10, subscribedPlan: null, status: null, currentPeriodEnd: null } },
      { ...me, usage: -1 }, { ...me, usage: 1.5 }, { ...me, role: 'root' }, { ...me, profile: { ...profile, emailVerified: 'yes' } }, { ...me, colorScheme: undefined }, { ...me, billing: { ...billing, plan: 'gold' } }, null, 'me', []],
  ],
  swapList: [
    guards.swapListGuard,
    [{}, { s1: item, s2: { ...item, id: 's2', status: 'done', error: undefined, warnings: undefined, extra: true } }, { s1: { ...item, status: 'lost' } }, { s1: { ...item, warnings: ['nope'] } }, { s1: { ...item, error: { code: 'x', message: '' } } }, { s1: { ...item, createdAt: '2' } }, [item]],
  ],
  retentionConfig: [guards.retentionConfigGuard, [{ uploadRetentionHours: 0, exportTtlHours: 0.5 }, { uploadRetentionHours: -1, exportTtlHours: 1 }, { uploadRetentionHours: 1, exportTtlHours: 0 }, { uploadRetentionHours: 1 }]],
  supportConfig: [guards.supportConfigGuard, [{ email: 'help@visage.example' }, { email: 'help' }, { email: 'a@b' }, { email: 'a b@c.example' }, {}]],
  apiError: [guards.apiErrorGuard, [{ error: { code: 'x', message: 'y' } }, { error: { code: 'x', message: 'y', details: { a: [1] } } }, { error: { code: 1, message: 'y' } }, { code: 'x', message: 'y' }, 'Bad Gateway']],
  jobEvent: [
    guards.jobEventGuard,
    [{ type: 'queued', jobId: 'j' }, { type: 'running', jobId: 'j', stage: 'swap', progress: 0.5 }, { type: 'done', jobId: 'j', swapId: 's', more: 1 }, { type: 'failed', jobId: 'j', code: 'engine_failed', message: 'm' },
      { type: 'running', jobId: 'j', stage: 'swap', progress: 2 }, { type: 'failed', jobId: 'j', code: 'other', message: 'm' }, { type: 'paused', jobId: 'j' }, { type: 'done', jobId: 'j' }],
  ],
  uploadResponse: [guards.uploadResponseGuard, [{ id: 's', jobId: 'j', status: 'queued' }, { id: 's', jobId: 'j', status: 'gone' }, { id: 's', status: 'queued' }]],
  billingConfig: [guards.billingConfigGuard, [{ enabled: false }, { enabled: 'no' }, {}]],
  authConfigResponse: [
    guards.authConfigResponseGuard,
    [{ oidc: { enabled: true, providerName: 'Google' }, termsVersion: '1', passwordMinLength: 8 }, { oidc: { enabled: true }, termsVersion: '1', passwordMinLength: 8 }, { oidc: { enabled: true, providerName: 'G' }, termsVersion: '1', passwordMinLength: 8.5 }],
  ],
  botChallenge: [guards.botChallengeGuard, [challenge, { ...challenge, maxnumber: undefined }, { ...challenge, algorithm: 'MD5' }, { ...challenge, salt: undefined }]],
  signInBotCheckDetails: [guards.signInBotCheckDetailsGuard, [{ challenge }, { challenge: null }, undefined, 'x']],
  oidcPopupMessage: [guards.oidcPopupMessageGuard, [{ type: 'visage:oidc', ok: true }, { type: 'visage:oidc', ok: false, code: 'consent_required' }, { type: 'other', ok: true }, { type: 'visage:oidc' }, 'visage:oidc']],
  oidcConsentInfo: [guards.oidcConsentInfoGuard, [{ email: 'a@b.example', name: 'A', providerName: 'G' }, { email: 'a@b.example', name: 'A' }]],
};

describe('first-load guards', () => {
  it('read the JSON Schemas zod writes for the same schemas today', () => {
    const written = Object.fromEntries(Object.keys(FIRST_LOAD_SCHEMAS).map((name) => [name, (schemas as Record<string, unknown>)[`${name}Json`]]));
    // On a difference: npx tsx packages/contracts/scripts/write-first-load-schemas.ts
    expect(written).toEqual(firstLoadJsonSchemas());
  });

  for (const [name, [guard, answers]] of Object.entries(cases)) {
    it(`judge ${name} answers as zod does, and return what zod returns`, () => {
      const schema = FIRST_LOAD_SCHEMAS[name as keyof typeof FIRST_LOAD_SCHEMAS];
      let refused = 0;
      for (const answer of answers) {
        const expected = schema.safeParse(answer);
        let got: unknown;
        try {
          got = guard.parse(answer);
        } catch {
          got = undefined;
        }
        expect(got === undefined ? 'refused' : 'accepted', JSON.stringify(answer)).toBe(expected.success ? 'accepted' : 'refused');
        if (expected.success) expect(got).toStrictEqual(expected.data);
        else refused++;
      }
      expect(refused).toBeGreaterThan(0);
    });
  }

  it('checks a tuple (prefixItems) as zod does', () => {
    const box = z.tuple([z.number(), z.number()]);
    const guard = jsonGuard<[number, number]>(z.toJSONSchema(box) as never);
    expect(guard.parse([1, 2.5])).toEqual([1, 2.5]);
    for (const bad of [[1], [1, 2, 3], [1, 'x']]) {
      expect(box.safeParse(bad).success).toBe(false);
      expect(guard.safeParse(bad).success).toBe(false);
    }
  });

  it('refuses a schema keyword it would not check', () => {
    expect(() => jsonGuard({ type: 'string', minLength: 1 } as never)).toThrow(/minLength/);
  });
});
