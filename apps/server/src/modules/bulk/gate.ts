// The passcode gates of /app/bulk, /app/bulk2 (BULK_PASSCODE) and /admin/swaps (ADMIN_TEST_WORD):
// configured secrets, checked here and never sent to the browser. Compared in constant time (on
// SHA-256 digests, so the lengths match too); an unset one means no gate (the role alone opens).
import { createHash, timingSafeEqual } from 'node:crypto';
import type { GateName } from '@visage/contracts';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

export class Gates {
  private readonly secrets: Record<GateName, Buffer | null>;

  constructor(secrets: { bulk?: string; adminTest?: string }) {
    this.secrets = {
      bulk: secrets.bulk ? digest(secrets.bulk) : null,
      'admin-test': secrets.adminTest ? digest(secrets.adminTest) : null,
    };
  }

  required(name: GateName): boolean {
    return this.secrets[name] !== null;
  }

  check(name: GateName, value: string): boolean {
    const secret = this.secrets[name];
    if (!secret) return true;
    return timingSafeEqual(secret, digest(value));
  }
}
