// A clip's length as the tiles show it: minutes and two-digit seconds (0:07, 1:00).

/** `seconds` rounded to the nearest second, as m:ss. */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
