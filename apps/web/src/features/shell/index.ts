// What the shell feature offers the app layer.
export { AppShell, type AppShellProps } from './components/AppShell';
export { LanguageSwitcher } from './components/LanguageSwitcher';
export { NotFoundPage } from './components/NotFoundPage';
export { ThemeSync } from './components/ThemeSync';
export { themeForPath, type Theme } from './lib/theme';
