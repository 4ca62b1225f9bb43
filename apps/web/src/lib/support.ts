// The support address the operator configured (SUPPORT_EMAIL); the footer and the legal pages
// link to it. Asked once per page load; an answer that never came is null, and the texts then
// name no address.
import { useEffect, useState } from 'react';
import { supportConfigGuard } from '@visage/contracts/first-load';
import { api } from './api-client';

let cached: Promise<string | null> | null = null;

/** One request per page load, shared by every caller; a failure is kept as null until forgotten. */
export function loadSupportEmail(): Promise<string | null> {
  cached ??= api.get('/support', { schema: supportConfigGuard }).then(
    (answer) => answer.email,
    () => null,
  );
  return cached;
}

/** `undefined` while asking, then the address (or null when the server did not say). */
export function useSupportEmail(): string | null | undefined {
  const [value, setValue] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void loadSupportEmail().then((v) => {
      if (live) setValue(v);
    });
    return () => {
      live = false;
    };
  }, []);
  return value;
}

/** Asks the server again on next use (tests). */
export function forgetSupportEmail(): void {
  cached = null;
}
