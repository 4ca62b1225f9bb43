import { describe, expect, it } from 'vitest';
import { themeForPath } from './theme';

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
});
