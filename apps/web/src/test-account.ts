// A signed-in account as GET /app/api/account answers it, for unit tests of the account page's
// sections: Ada on `plan` (a Free plan by default).
import type { AccountResponse } from '@visage/contracts';

export function testAccount(plan: Partial<AccountResponse['plan']> = {}): AccountResponse {
  return {
    uid: 'u1',
    email: 'a@example.com',
    firstName: 'Ada',
    lastName: '',
    avatarUrl: '',
    hasPassword: true,
    emailVerified: true,
    emailConfirmBy: null,
    pendingEmail: null,
    identities: [],
    plan: { subscription: 'free', usage: 0, limit: 10, resetDate: '2026-12-01', videoUsage: 0, videoLimit: 0, ...plan },
    consent: { termsVersion: null, acceptedAt: null },
    sessions: [],
    createdAt: 1,
  };
}
