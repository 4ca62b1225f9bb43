// Which palette a path uses: dark on paths containing /proshoot, soccer on /prosoccer, else light.
export type Theme = 'light' | 'dark' | 'soccer';

export function themeForPath(pathname: string): Theme {
  if (pathname.includes('/proshoot')) return 'dark';
  if (pathname.includes('/prosoccer')) return 'soccer';
  return 'light';
}
