// The account's own part of "Download my data": profile, consent, plan and billing references,
// sessions and linked sign-in identities; and on erasure its avatar and export files.
import type { Storage } from '../../infra/storage/index.ts';
import type { UsersRepository } from '../users/repository.ts';
import type { DataSection, Eraser } from './registry.ts';
import type { AccountRepository } from './repository.ts';
import { describeUserAgent } from './user-agent.ts';

const iso = (ms: number | null | undefined) => (typeof ms === 'number' ? new Date(ms).toISOString() : null);

/** The storage key behind an uploaded avatar's URL (/app/api/media/avatars/<uid>/<name>), else null. */
export function avatarKey(pic: string): string | null {
  const m = /^\/app\/api\/media\/avatars\/([A-Za-z0-9]+)\/([A-Za-z0-9]+\.jpg)$/.exec(pic);
  return m ? `avatars/${m[1]}/${m[2]}` : null;
}

export function accountDataSections(users: UsersRepository, repo: AccountRepository): DataSection[] {
  const row = async (uid: string) => {
    const r = await users.findByUid(uid);
    if (!r) throw new Error('account not found');
    return r;
  };
  return [
    {
      name: 'profile',
      async collect(uid) {
        const u = await row(uid);
        const key = avatarKey(u.pic);
        return {
          data: {
            uid: u.uid,
            email: u.email,
            emailVerified: u.email_verified === 1,
            firstName: u.nom,
            lastName: u.prenom,
            avatar: key ? `files/${key}` : u.pic,
            gender: u.gender,
            birthday: u.birthday,
            country: u.pays,
            city: u.ville,
            role: u.role,
            colorScheme: u.color_scheme,
            signUpIp: u.ip,
            createdAt: iso(u.created_at),
            updatedAt: iso(u.updated_at),
          },
          keys: key ? [key] : [],
        };
      },
    },
    {
      name: 'consent',
      async collect(uid) {
        // Every consent column the users table has (terms now; method and age confirmation when added).
        const u = (await row(uid)) as unknown as Record<string, unknown>;
        const data: Record<string, string | number | boolean | null> = {};
        for (const [k, v] of Object.entries(u)) {
          if (!/^(terms_|consent_|age_)/.test(k)) continue;
          data[k] = k.endsWith('_at') && typeof v === 'number' ? iso(v) : (v as string | number | boolean | null);
        }
        return { data, keys: [] };
      },
    },
    {
      name: 'plan',
      async collect(uid) {
        const u = await row(uid);
        return { data: { subscription: u.subscription, usageThisPeriod: u.usage, resetDate: u.reset_date, billingCustomerId: u.customer_id || null }, keys: [] };
      },
    },
    {
      name: 'sessions',
      async collect(uid) {
        const rows = await repo.listSessions(uid, Date.now());
        const data = rows.map((s) => ({ device: describeUserAgent(s.user_agent), userAgent: s.user_agent, ip: s.ip, createdAt: iso(s.created_at), lastUsedAt: iso(s.last_used_at), expiresAt: iso(s.expires_at) }));
        return { data, keys: [] };
      },
    },
    {
      name: 'signInIdentities',
      async collect(uid) {
        const rows = await repo.identities(uid);
        return { data: rows.map((r) => ({ issuer: r.issuer, subject: r.subject, linkedAt: iso(r.created_at) })), keys: [] };
      },
    },
  ];
}

/**
 * Avatar and export files (their rows go with the account's own rows), and any saved-face photo
 * left without its row (a face removed while a swap still read it).
 */
export function accountFilesEraser(storage: Storage): Eraser {
  return {
    name: 'account-files',
    again: true,
    async erase(uid) {
      for (const prefix of [`avatars/${uid}/`, `exports/${uid}/`, `faces/${uid}/`]) {
        for (const key of await storage.list(prefix)) await storage.delete(key);
      }
    },
  };
}
