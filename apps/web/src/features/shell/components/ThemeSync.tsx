// Puts the current page's theme on <html> so the page background, scrollbars and browser UI
// colour follow it, not only the shell.
import { useEffect } from 'react';
import { useTheme } from '../hooks/useTheme';

const BROWSER_COLOUR = { light: '#0a3f2f', dark: '#0e1014', soccer: '#0a5a28' } as const;

export function ThemeSync() {
  const theme = useTheme();
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', BROWSER_COLOUR[theme]);
  }, [theme]);
  return null;
}
