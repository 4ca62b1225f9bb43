import { describe, expect, it } from 'vitest';
import { hasAccess } from './access';
import { isPathActive, navFor, pagesOf, type RouteNode } from './navigation';

const nodes: RouteNode[] = [
  { type: 'title', label: 'sections.public' },
  { type: 'page', path: '/', element: null, label: 'home', icon: 'home' },
  { type: 'page', path: '/hidden', element: null },
  { type: 'divider' },
  { type: 'title', label: 'sections.studio', access: 'user' },
  { type: 'page', path: '/app', element: null, label: 'app', icon: 'sparkles', access: 'user' },
  {
    type: 'group',
    id: 'ops',
    label: 'ops',
    icon: 'users',
    children: [
      { type: 'page', path: '/app/bulk', element: null, label: 'bulk', icon: 'layers', access: 'operator' },
      { type: 'page', path: '/admin/swaps', element: null, label: 'swaps', icon: 'image', access: 'admin' },
    ],
  },
  { type: 'divider' },
  { type: 'external', href: 'https://example.org', label: 'ext', icon: 'external' },
  { type: 'page', path: '*', element: null },
];

describe('route list', () => {
  it('pagesOf lists every page, groups flattened, in order', () => {
    expect(pagesOf(nodes).map((p) => p.path)).toEqual(['/', '/hidden', '/app', '/app/bulk', '/admin/swaps', '*']);
  });

  it('an anonymous visitor sees public entries only, with no empty group, orphan title or doubled divider', () => {
    const nav = navFor(nodes, 'public');
    expect(nav.map((n) => n.type + ':' + ('label' in n ? n.label : ''))).toEqual([
      'title:sections.public',
      'page:home',
      'divider:',
      'external:ext',
    ]);
  });

  it('an operator sees the studio and the operator pages of the group, not the admin one', () => {
    const nav = navFor(nodes, 'operator');
    const group = nav.find((n) => n.type === 'group');
    expect(group?.type === 'group' && group.children.map((c) => c.label)).toEqual(['bulk']);
    expect(nav.some((n) => n.type === 'page' && n.path === '/app')).toBe(true);
    expect(nav.some((n) => n.type === 'page' && n.path === '/hidden')).toBe(false);
  });

  it('access levels are ordered public < user < operator < admin', () => {
    expect(hasAccess('public', undefined)).toBe(true);
    expect(hasAccess('public', 'user')).toBe(false);
    expect(hasAccess('user', 'user')).toBe(true);
    expect(hasAccess('operator', 'user')).toBe(true);
    expect(hasAccess('operator', 'admin')).toBe(false);
    expect(hasAccess('admin', 'operator')).toBe(true);
  });

  it('isPathActive matches a path and what is below it; / only itself', () => {
    expect(isPathActive('/', '/')).toBe(true);
    expect(isPathActive('/', '/terms')).toBe(false);
    expect(isPathActive('/app', '/app/bulk')).toBe(true);
    expect(isPathActive('/app', '/apparel')).toBe(false);
  });
});
