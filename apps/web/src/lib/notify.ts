// The spec's alerts: shown with window.alert and also logged (spec §8).
export function notify(message: string, level: 'info' | 'error' = 'info'): void {
  if (level === 'error') console.error(message);
  else console.info(message);
  if (typeof window !== 'undefined' && typeof window.alert === 'function') window.alert(message);
}
