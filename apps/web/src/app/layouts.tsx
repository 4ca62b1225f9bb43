// Route layouts: RootLayout wraps every page (language, colours, theme, scroll position);
// ShellLayout adds header, sidebar and footer around the pages that use the shell.
import { useMemo } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { AuthProvider } from '../features/auth';
import { AppShell, ThemeSync } from '../features/shell';
import { useAccessLevel } from '../lib/access';
import { navFor, type RouteNode } from '../lib/navigation';
import { ColorSchemeSync } from './ColorSchemeSync';
import { HeaderActions } from './HeaderActions';
import { LanguageSync } from './LanguageSync';

export function RootLayout() {
  return (
    <AuthProvider>
      <LanguageSync />
      <ColorSchemeSync />
      <ThemeSync />
      <ScrollRestoration />
      <Outlet />
    </AuthProvider>
  );
}

export function ShellLayout({ nodes }: { nodes: readonly RouteNode[] }) {
  const level = useAccessLevel();
  const nav = useMemo(() => navFor(nodes, level), [nodes, level]);
  return (
    <AppShell nav={nav} actions={<HeaderActions />}>
      <Outlet />
    </AppShell>
  );
}
