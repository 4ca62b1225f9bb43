// A user agent read simply for the sessions list: 'Firefox on Windows'. Good enough to recognise
// one's own devices; nothing here decides access.
const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
  [/curl\//, 'curl'],
];

const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** The browser's and the system's names, each null when not recognised; product names, the same in every language. */
export function readUserAgent(ua: string): { browser: string | null; system: string | null } {
  return { browser: BROWSERS.find(([re]) => re.test(ua))?.[1] ?? null, system: SYSTEMS.find(([re]) => re.test(ua))?.[1] ?? null };
}

/** In English, for the data export; the account page words the parts in the reader's language. */
export function describeUserAgent(ua: string): string {
  const { browser, system } = readUserAgent(ua);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? (ua.trim() ? ua.trim().slice(0, 40) : 'Unknown device');
}
