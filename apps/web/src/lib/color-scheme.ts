// The pages' colours: the user's choice ('light', 'dark' or 'system') and the device's own
// setting that 'system' follows. The choice is kept on this device too, so that
// public/color-scheme.js can put it on the page before the first paint, under the key below.
import { useSyncExternalStore } from 'react';
import type { ColorScheme } from '@visage/contracts';
import { COLOR_SCHEMES as SCHEMES } from '@visage/contracts/constants';

export const COLOR_SCHEMES = SCHEMES;
export const COLOR_SCHEME_STORAGE_KEY = 'visage.colorScheme';
export const DEFAULT_COLOR_SCHEME: ColorScheme = 'system';
const DARK_QUERY = '(prefers-color-scheme: dark)';

export function isColorScheme(value: unknown): value is ColorScheme {
  return typeof value === 'string' && (COLOR_SCHEMES as readonly string[]).includes(value);
}

/** The choice this device remembers, else 'system'. */
export function initialColorScheme(storage: Pick<Storage, 'getItem'> | undefined = localStorageOrNone()): ColorScheme {
  try {
    const stored = storage?.getItem(COLOR_SCHEME_STORAGE_KEY);
    return isColorScheme(stored) ? stored : DEFAULT_COLOR_SCHEME;
  } catch {
    // Storage can be disabled (private mode, policies): follow the device.
    return DEFAULT_COLOR_SCHEME;
  }
}

export function rememberColorScheme(scheme: ColorScheme, storage: Pick<Storage, 'setItem'> | undefined = localStorageOrNone()): void {
  try {
    storage?.setItem(COLOR_SCHEME_STORAGE_KEY, scheme);
  } catch {
    // Not remembering only costs a light first paint on the next visit.
  }
}

/** Whether the pages are dark: the choice, or the device's setting for 'system'. */
export function isDark(scheme: ColorScheme, deviceDark: boolean): boolean {
  return scheme === 'dark' || (scheme === 'system' && deviceDark);
}

function subscribe(onChange: () => void): () => void {
  const query = typeof window === 'undefined' ? undefined : window.matchMedia?.(DARK_QUERY);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

const deviceDark = () => (typeof window === 'undefined' ? false : (window.matchMedia?.(DARK_QUERY).matches ?? false));

/** The device's setting (prefers-color-scheme), followed as it changes. */
export function useDeviceDark(): boolean {
  return useSyncExternalStore(subscribe, deviceDark, () => false);
}

function localStorageOrNone(): Storage | undefined {
  return typeof localStorage === 'undefined' ? undefined : localStorage;
}
