// THE route list: the router builds every page from it and the sidebar draws its entries
// from it, in this order. To add a page, add a `page` node (with `label` + `icon` to show it
// in the sidebar, `access` to require a signed-in user or an operator, `layout: 'bare'` to
// leave out header, sidebar and footer). Node types are in src/lib/navigation.ts.
//
// Accounts (features/auth) adds /login and the signed-in pages (/app, /app/proshoot,
// /app/prosoccer, /app/bulk, …) here; the landing page's 'Join Beta' already links to /login.
import type { RouteNode } from '../lib/navigation';
import { AccountHome, LoginPage } from '../features/auth';
import { LandingPage } from '../features/landing';
import { PrivacyPage, TermsPage } from '../features/legal';
import { NotFoundPage } from '../features/shell';
import { ModeCards } from '../features/swap';
import { AccountRoute } from './AccountRoute';
import { DashboardRoute } from './dashboard';

// Signed-in home until each mode's own screen takes its route: who is signed in and the modes.
const signedInHome = (
  <>
    <AccountHome />
    <ModeCards />
  </>
);

export const routeList: RouteNode[] = [
  { type: 'title', label: 'nav.sections.discover' },
  { type: 'page', path: '/', element: <LandingPage />, label: 'nav.home', icon: 'home' },
  { type: 'page', path: '/login', element: <LoginPage /> },

  { type: 'divider', access: 'user' },
  { type: 'title', label: 'auth:nav.section', access: 'user' },
  { type: 'page', path: '/app', element: <DashboardRoute />, label: 'auth:nav.dashboard', icon: 'sparkles', access: 'user' },
  { type: 'page', path: '/app/proshoot', element: signedInHome, label: 'auth:nav.proshoot', icon: 'briefcase', access: 'user' },
  { type: 'page', path: '/app/prosoccer', element: signedInHome, label: 'auth:nav.prosoccer', icon: 'ball', access: 'user' },
  // Linked from the header (AccountLink), not the sidebar.
  { type: 'page', path: '/app/account', element: <AccountRoute />, access: 'user' },

  { type: 'divider' },
  { type: 'title', label: 'nav.sections.legal' },
  {
    type: 'group',
    id: 'legal',
    label: 'nav.legal',
    icon: 'scale',
    defaultOpen: true,
    children: [
      { type: 'page', path: '/terms', element: <TermsPage />, label: 'nav.terms', icon: 'document' },
      { type: 'page', path: '/privacy', element: <PrivacyPage />, label: 'nav.privacy', icon: 'shield' },
    ],
  },

  { type: 'divider' },
  { type: 'title', label: 'nav.sections.about' },
  { type: 'external', href: 'https://github.com/SelfishGene/SFHQ-T2I-dataset', label: 'nav.demoFaces', icon: 'image' },

  // Anything else: not found (keep last).
  { type: 'page', path: '*', element: <NotFoundPage /> },
];
