// The client-side local flags, kept across reloads: the stored user id and the signed-in flag (the string
// 'true'), under one product-specific key. The role rides along as a hint for the UI only;
// the server checks every request itself.
import type { Role } from '@visage/contracts';

export const AUTH_STORAGE_KEY = 'visage.auth';

export interface LocalFlags {
  uid: string;
  loggedIn: 'true';
  role: Role;
}

const ROLES: readonly Role[] = ['user', 'operator', 'admin'];

export function readFlags(storage: Storage | undefined = safeStorage()): LocalFlags | null {
  try {
    const raw = storage?.getItem(AUTH_STORAGE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<LocalFlags>;
    if (value.loggedIn !== 'true' || typeof value.uid !== 'string' || !value.uid) return null;
    return { uid: value.uid, loggedIn: 'true', role: ROLES.includes(value.role as Role) ? (value.role as Role) : 'user' };
  } catch {
    return null;
  }
}

export function writeFlags(uid: string, role: Role, storage: Storage | undefined = safeStorage()): void {
  try {
    storage?.setItem(AUTH_STORAGE_KEY, JSON.stringify({ uid, loggedIn: 'true', role } satisfies LocalFlags));
  } catch {
    // Private mode or a full quota: the session cookie still works for this page's life.
  }
}

export function clearFlags(storage: Storage | undefined = safeStorage()): void {
  try {
    storage?.removeItem(AUTH_STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}

function safeStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}
