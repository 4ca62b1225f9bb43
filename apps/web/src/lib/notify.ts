// The app's alerts: shown with window.alert and also logged, so a dismissed alert still leaves a trace.
export function notify(message: string, level: 'info' | 'error' = 'info'): void {
  if (level === 'error') console.error(message);
  else console.info(message);
  if (typeof window !== 'undefined' && typeof window.alert === 'function') window.alert(message);
}
