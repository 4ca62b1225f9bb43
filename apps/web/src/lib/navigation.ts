// The shape of the app's one route list (src/app/routes.tsx). The router takes every `page`
// from it; the sidebar draws titles, pages with a label, groups, dividers and external links
// from the same list, in order.
import type { ReactNode } from 'react';
import type { IconName } from '../components/Icon';
import { hasAccess, type AccessLevel } from './access';

interface NodeBase {
  /** Level needed to see this node (pages: to open it). Default 'public'. */
  access?: AccessLevel;
}

export interface PageNode extends NodeBase {
  type: 'page';
  path: string;
  element: ReactNode;
  /** i18n key ("ns:key" for a feature namespace) of the sidebar entry; pages without one stay out of the sidebar. */
  label?: string;
  icon?: IconName;
  /** 'shell' (default): inside header, sidebar and footer; 'bare': the page alone. */
  layout?: 'shell' | 'bare';
}

export interface TitleNode extends NodeBase {
  type: 'title';
  label: string;
}

export interface DividerNode extends NodeBase {
  type: 'divider';
}

export interface ExternalNode extends NodeBase {
  type: 'external';
  href: string;
  label: string;
  icon: IconName;
}

export interface GroupNode extends NodeBase {
  type: 'group';
  /** Stable id, used for the collapsed state and test ids. */
  id: string;
  label: string;
  icon: IconName;
  children: Array<PageNode | ExternalNode>;
  /** Open at first even when none of its pages is the current one. */
  defaultOpen?: boolean;
}

export type RouteNode = PageNode | TitleNode | DividerNode | ExternalNode | GroupNode;
export type NavNode = Exclude<RouteNode, PageNode> | (PageNode & { label: string });

/** Every page of the list, groups flattened, in order. */
export function pagesOf(nodes: readonly RouteNode[]): PageNode[] {
  return nodes.flatMap((node) => {
    if (node.type === 'page') return [node];
    if (node.type === 'group') return node.children.filter((c): c is PageNode => c.type === 'page');
    return [];
  });
}

/**
 * What the sidebar shows for a visitor: accessible nodes only, pages with a label only,
 * no empty group, no title without entries under it, no leading, trailing or doubled divider.
 */
export function navFor(nodes: readonly RouteNode[], level: AccessLevel): NavNode[] {
  const visible: NavNode[] = [];
  for (const node of nodes) {
    if (!hasAccess(level, node.access)) continue;
    if (node.type === 'page') {
      if (node.label) visible.push({ ...node, label: node.label });
    } else if (node.type === 'group') {
      const children = node.children.filter((c) => hasAccess(level, c.access) && (c.type === 'external' || c.label));
      if (children.length > 0) visible.push({ ...node, children });
    } else {
      visible.push(node);
    }
  }
  return tidy(visible);
}

function tidy(nodes: NavNode[]): NavNode[] {
  const out: NavNode[] = [];
  nodes.forEach((node, i) => {
    if (node.type === 'title') {
      const next = nodes[i + 1];
      if (!next || next.type === 'title' || next.type === 'divider') return;
    }
    if (node.type === 'divider' && (out.length === 0 || out[out.length - 1]?.type === 'divider')) return;
    out.push(node);
  });
  while (out[out.length - 1]?.type === 'divider') out.pop();
  return out;
}

/** Whether `pathname` is `path` or below it ('/app/bulk' is under '/app'); '/' only matches itself. */
export function isPathActive(path: string, pathname: string): boolean {
  if (path === '/') return pathname === '/';
  return pathname === path || pathname.startsWith(`${path}/`);
}
