// Sends a visitor without the level a page needs back to the landing page: a signed-in
// screen opened without a session redirects to /.
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { hasAccess, useAccessLevel, type AccessLevel } from '../lib/access';

export function RouteGuard({ access, children }: { access?: AccessLevel; children: ReactNode }) {
  const level = useAccessLevel();
  if (!hasAccess(level, access)) return <Navigate to="/" replace />;
  return <>{children}</>;
}
