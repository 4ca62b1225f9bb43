// THE route list: the router builds every page from it and the sidebar draws its entries
// from it, in this order. To add a page, add a `page` node (with `label` + `icon` to show it
// in the sidebar, `access` to require a signed-in user or an operator, `layout: 'bare'` to
// leave out header, sidebar and footer). Node types are in src/lib/navigation.ts.
//
// Accounts (features/auth) adds /login and the signed-in pages (/app, /app/proshoot,
// /app/prosoccer, /app/bulk, …) here; the landing page's 'Join Beta' already links to /login.
import type { RouteNode } from '../lib/navigation';
import { LandingPage } from '../features/landing';
import { PrivacyPage, TermsPage } from '../features/legal';
import { NotFoundPage } from '../features/shell';

export const routeList: RouteNode[] = [
  { type: 'title', label: 'nav.sections.discover' },
  { type: 'page', path: '/', element: <LandingPage />, label: 'nav.home', icon: 'home' },

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
