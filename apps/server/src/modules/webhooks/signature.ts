// Webhook signing: `Visage-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">` with the
// endpoint's `whsec_` secret, as Stripe does, so a receiver can check origin and freshness.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'Visage-Signature';

/** A new signing secret: 32 random bytes. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** One `v1` per secret, the current one first: a receiver that still holds the old secret after a rotation checks the second. */
export function signatureHeader(secrets: string | readonly string[], body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = (typeof secrets === 'string' ? [secrets] : secrets).map((s) => `v1=${createHmac('sha256', s).update(`${t}.${body}`).digest('hex')}`);
  return [`t=${t}`, ...v1].join(',');
}

/** The receiver's check (used by the tests the way the README shows it): age, and any `v1` made with the secret. */
export function verifySignature(secret: string, body: string, header: string, toleranceS = 300, now = Date.now()): boolean {
  const parts = header.split(',').map((p) => p.split('=', 2) as [string, string]);
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  if (!Number.isFinite(t) || Math.abs(now / 1000 - t) > toleranceS) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  return parts.some(([k, v]) => {
    const given = Buffer.from(k === 'v1' ? (v ?? '') : '', 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
