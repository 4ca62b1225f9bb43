// Turns the route list into react-router route objects.
import type { RouteObject } from 'react-router';
import { pagesOf, type RouteNode } from '../lib/navigation';
import { RootLayout, ShellLayout } from './layouts';
import { RouteGuard } from './RouteGuard';

export function routeObjects(nodes: readonly RouteNode[]): RouteObject[] {
  const pages = pagesOf(nodes);
  const toRoute = (page: (typeof pages)[number]): RouteObject => ({
    path: page.path,
    element: <RouteGuard access={page.access}>{page.element}</RouteGuard>,
  });
  return [
    {
      element: <RootLayout />,
      children: [
        { element: <ShellLayout nodes={nodes} />, children: pages.filter((p) => p.layout !== 'bare').map(toRoute) },
        ...pages.filter((p) => p.layout === 'bare').map(toRoute),
      ],
    },
  ];
}
