// THE route list: the router builds every page from it and the sidebar draws its entries
// from it, in this order. To add a page, add a `page` node (with `label` + `icon` to show it
// in the sidebar, `access` to require a signed-in user or an operator, `layout: 'bare'` to
// leave out header, sidebar and footer). Node types are in src/lib/navigation.ts.
//
// Accounts (features/auth) adds /login and the signed-in pages (/app, /app/proshoot,
// /app/prosoccer, /app/bulk, …) here; the landing page's 'Join Beta' already links to /login.
import type { RouteNode } from '../lib/navigation';
import { NotFoundPage } from '../features/shell';
import { DashboardRoute } from './dashboard';
import { ProModeRoute } from './promode';
import { AdminTestRoute, Bulk2Route, BulkRoute, ManageFacesRoute } from './operator';
import { MyFacesRoute } from './my-faces';
import { lazyRoute } from './lazy-route';

// Pages few visitors open load on first use (the first load of /app stays small); so do the
// home and plans pages, which a signed-in visitor does not start on.
const HomePage = lazyRoute(() => import('./home').then((m) => m.HomePage), ['landing', 'billing']);
const LoginPage = lazyRoute(() => import('../features/auth/pages').then((m) => m.LoginPage), ['auth']);
const ForgotPasswordPage = lazyRoute(() => import('../features/auth/pages').then((m) => m.ForgotPasswordPage), ['auth']);
const ResetPasswordPage = lazyRoute(() => import('../features/auth/pages').then((m) => m.ResetPasswordPage), ['auth']);
const VerifyEmailPage = lazyRoute(() => import('../features/auth/pages').then((m) => m.VerifyEmailPage), ['auth']);
const AdminUsersPage = lazyRoute(() => import('../features/admin-users').then((m) => m.AdminUsersPage), ['admin-users']);
const OperatorCataloguePage = lazyRoute(() => import('../features/catalogue').then((m) => m.OperatorCataloguePage), ['catalogue']);
const PlansRoute = lazyRoute(() => import('./plans').then((m) => m.PlansRoute), ['billing']);
const AccountRoute = lazyRoute(() => import('./AccountRoute').then((m) => m.AccountRoute), ['account']);
const TermsPage = lazyRoute(() => import('../features/legal').then((m) => m.TermsPage));
const PrivacyPage = lazyRoute(() => import('../features/legal').then((m) => m.PrivacyPage));
// Carries Swagger UI: its own chunk, loaded only on /developers.
const DevelopersPage = lazyRoute(() => import('../features/developers').then((m) => m.DevelopersPage));

export const routeList: RouteNode[] = [
  { type: 'title', label: 'nav.sections.discover' },
  {
    type: 'page',
    path: '/',
    element: <HomePage />,
    label: 'nav.home',
    icon: 'home',
  },
  { type: 'page', path: '/app/plans', element: <PlansRoute />, label: 'billing:nav.plans', icon: 'card' },
  { type: 'page', path: '/login', element: <LoginPage /> },
  // Reached from the sign-in screen and from the links of our mails; no sidebar entry.
  { type: 'page', path: '/forgot-password', element: <ForgotPasswordPage /> },
  { type: 'page', path: '/reset-password', element: <ResetPasswordPage /> },
  { type: 'page', path: '/verify-email', element: <VerifyEmailPage /> },

  { type: 'divider', access: 'user' },
  { type: 'title', label: 'auth:nav.section', access: 'user' },
  { type: 'page', path: '/app', element: <DashboardRoute />, label: 'auth:nav.dashboard', icon: 'sparkles', access: 'user' },
  { type: 'page', path: '/app/proshoot', element: <ProModeRoute kind="proshoot" />, label: 'auth:nav.proshoot', icon: 'briefcase', access: 'user' },
  { type: 'page', path: '/app/prosoccer', element: <ProModeRoute kind="prosoccer" />, label: 'auth:nav.prosoccer', icon: 'ball', access: 'user' },
  { type: 'page', path: '/app/faces', element: <MyFacesRoute />, label: 'my-faces:nav.faces', icon: 'user', access: 'user' },

  // Operator screens; /admin/swaps is a hidden test page, reached by its address only, so it has no entry.
  { type: 'divider', access: 'operator' },
  { type: 'title', label: 'bulk:nav.section', access: 'operator' },
  { type: 'page', path: '/app/bulk', element: <BulkRoute />, label: 'bulk:nav.bulk', icon: 'layers', access: 'operator' },
  { type: 'page', path: '/app/bulk2', element: <Bulk2Route />, label: 'bulk:nav.bulk2', icon: 'users', access: 'operator' },
  { type: 'page', path: '/app/manage-faces', element: <ManageFacesRoute />, label: 'bulk:nav.faces', icon: 'user', access: 'operator' },
  { type: 'page', path: '/admin/proshoot', element: <OperatorCataloguePage kind="proshoot" />, label: 'catalogue:nav.adminProshoot', icon: 'briefcase', access: 'operator' },
  { type: 'page', path: '/admin/prosoccer', element: <OperatorCataloguePage kind="prosoccer" />, label: 'catalogue:nav.adminProsoccer', icon: 'ball', access: 'operator' },
  { type: 'page', path: '/admin/users', element: <AdminUsersPage />, label: 'admin-users:nav.users', icon: 'users', access: 'operator' },
  { type: 'page', path: '/admin/swaps', element: <AdminTestRoute />, access: 'operator' },
  // Linked from the header (AccountLink), not the sidebar.
  { type: 'page', path: '/app/account', element: <AccountRoute />, access: 'user' },
  // The public API's documentation, open to anyone; linked from the account page's API keys.
  { type: 'page', path: '/developers', element: <DevelopersPage /> },

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
