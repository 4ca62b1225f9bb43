import { afterEach, describe, expect, it, vi } from 'vitest';
import { themeForPath } from './theme';
import { isDark } from '../../../lib/color-scheme';
import script from '../../../../public/color-scheme.js?raw';

describe('themeForPath', () => {
  it('is dark on paths containing /proshoot, soccer on /prosoccer, light elsewhere', () => {
    expect(themeForPath('/')).toBe('light');
    expect(themeForPath('/terms')).toBe('light');
    expect(themeForPath('/app')).toBe('light');
    expect(themeForPath('/app/proshoot')).toBe('dark');
    expect(themeForPath('/admin/proshoot')).toBe('dark');
    expect(themeForPath('/app/prosoccer')).toBe('soccer');
    expect(themeForPath('/admin/prosoccer')).toBe('soccer');
  });

  it('is dark elsewhere when the user’s choice is dark; the pro modes keep their themes', () => {
    expect(themeForPath('/', true)).toBe('dark');
    expect(themeForPath('/app/account', true)).toBe('dark');
    expect(themeForPath('/app/prosoccer', true)).toBe('soccer');
    expect(themeForPath('/app/proshoot', false)).toBe('dark');
  });
});

// public/color-scheme.js runs before the app, in <head>: it must reach the app's own answer.
describe('the pre-paint script', () => {
  afterEach(() => {
    localStorage.clear();
    window.history.replaceState(null, '', '/');
    delete document.documentElement.dataset.theme;
    vi.unstubAllGlobals();
  });

  it('puts the same theme on <html> as the app, for every choice, device setting and path', () => {
    for (const path of ['/', '/app/account', '/app/proshoot', '/admin/prosoccer']) {
      for (const choice of ['light', 'dark', 'system', null] as const) {
        for (const deviceDark of [false, true]) {
          window.history.replaceState(null, '', path);
          if (choice) localStorage.setItem('visage.colorScheme', choice);
          else localStorage.clear();
          vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(prefers-color-scheme: dark)' && deviceDark }));
          new Function(script)();
          expect(document.documentElement.dataset.theme, `${path} ${choice} ${deviceDark}`).toBe(themeForPath(path, isDark(choice ?? 'system', deviceDark)));
        }
      }
    }
  });
});
