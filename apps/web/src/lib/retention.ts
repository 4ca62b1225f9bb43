// How long the server keeps uploads and data exports, as its operator configured them; the
// privacy page and the account page state these figures. Asked once per page load; an answer
// that never came is null, and the texts then name no figure.
import { useEffect, useState } from 'react';
import type { RetentionConfig } from '@visage/contracts';
import { retentionConfigGuard } from '@visage/contracts/first-load';
import type { TFunction } from 'i18next';
import { api } from './api-client';

let cached: Promise<RetentionConfig | null> | null = null;

/** One request per page load, shared by every caller; a failure is kept as null until forgotten. */
export function loadRetention(): Promise<RetentionConfig | null> {
  cached ??= api.get('/retention', { schema: retentionConfigGuard }).catch(() => null);
  return cached;
}

/** `undefined` while asking, then the settings (or null when the server did not say). */
export function useRetention(): RetentionConfig | null | undefined {
  const [value, setValue] = useState<RetentionConfig | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void loadRetention().then((v) => {
      if (live) setValue(v);
    });
    return () => {
      live = false;
    };
  }, []);
  return value;
}

/** "24 hours" / "1 heure" in the current language, or a phrase naming no figure when unknown. */
export function hoursText(t: TFunction, hours: number | null | undefined): string {
  return hours == null ? t('common:duration.unknown') : t('common:duration.hours', { count: hours });
}

/** Asks the server again on next use (tests). */
export function forgetRetention(): void {
  cached = null;
}
