// Which palette a page uses: dark on paths containing /proshoot, soccer on /prosoccer (the pro
// modes keep their own themes); elsewhere light, or dark when the user's choice makes it dark.
// public/color-scheme.js applies the same rule before the first paint: change both together.
export type Theme = 'light' | 'dark' | 'soccer';

export function themeForPath(pathname: string, dark = false): Theme {
  if (pathname.includes('/proshoot')) return 'dark';
  if (pathname.includes('/prosoccer')) return 'soccer';
  return dark ? 'dark' : 'light';
}
