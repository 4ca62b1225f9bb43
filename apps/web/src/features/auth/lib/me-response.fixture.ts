// A signed-in user's /me answer for the account tests; each test overrides what it checks.
import type { MeResponse } from '@visage/contracts';

type Overrides = Partial<Omit<MeResponse, 'profile'>> & { profile?: Partial<MeResponse['profile']> };

export function meResponse(over: Overrides = {}): MeResponse {
  const { profile, ...rest } = over;
  return {
    uid: 'u1',
    role: 'user',
    usage: 0,
    resetDate: '2026-12-01',
    swapsLeft: 10,
    colorScheme: 'system',
    ...rest,
    profile: {
      createdAt: 1,
      uid: 'u1',
      pic: '/app/api/avatars/default.svg',
      nom: 'Ada',
      prenom: 'Lovelace',
      gender: '',
      birthday: '',
      pays: '',
      ville: '',
      email: 'ada@example.com',
      emailVerified: false,
      ip: '127.0.0.1',
      subscription: 'free',
      customerId: '',
      ...profile,
    },
  };
}
