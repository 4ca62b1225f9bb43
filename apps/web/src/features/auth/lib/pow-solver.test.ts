import { createHash } from 'node:crypto';
import { createChallenge, verifySolution } from 'altcha-lib';
import { describe, expect, it } from 'vitest';
import { encodePayload } from './bot-check';
import { sha256Hex, solveSha256 } from './pow-solver';

describe('proof-of-work solver', () => {
  it('computes SHA-256 exactly like node:crypto, across block boundaries', () => {
    for (const text of ['', 'abc', 'a'.repeat(55), 'a'.repeat(56), 'a'.repeat(64), 'é€😀'.repeat(20), 'salt?expires=1700000000&123456']) {
      expect(sha256Hex(text), text).toBe(createHash('sha256').update(text).digest('hex'));
    }
  });

  it('solves an altcha challenge the server accepts', async () => {
    const hmacKey = 'test-key-0123456789';
    const challenge = await createChallenge({ hmacKey, maxnumber: 5000, expires: new Date(Date.now() + 60_000) });
    const number = solveSha256(challenge.challenge, challenge.salt, challenge.maxnumber ?? 5000);
    expect(number).not.toBeNull();
    const payload = encodePayload(challenge, number ?? -1);
    expect(await verifySolution(payload, hmacKey)).toBe(true);
    expect(await verifySolution(encodePayload(challenge, (number ?? 0) + 1), hmacKey)).toBe(false);
  });

  it('answers null when no number up to max solves it', () => {
    expect(solveSha256(sha256Hex('salt&999'), 'salt&', 10)).toBeNull();
    expect(solveSha256(sha256Hex('salt&999'), 'salt&', 1000)).toBe(999);
  });
});
