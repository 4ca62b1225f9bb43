// The drawer, drawn from the route list (see src/lib/navigation.ts): uppercase section titles,
// pages with icon and name, collapsible groups, dividers and external links.
import { useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/Icon';
import { Logo } from '../../../components/Logo';
import { isPathActive, type ExternalNode, type GroupNode, type NavNode, type PageNode } from '../../../lib/navigation';
import styles from './Sidebar.module.css';

export const SIDEBAR_ID = 'app-sidebar';
export const SIDEBAR_CLOSE_ID = 'app-sidebar-close';

export interface SidebarProps {
  nav: NavNode[];
  /** Shown from 992px wide (ui.drawerDesktop). */
  openDesktop: boolean;
  /** Shown below 992px wide (ui.drawerMobile). */
  openMobile: boolean;
  onClose: () => void;
}

export function Sidebar({ nav, openDesktop, openMobile, onClose }: SidebarProps) {
  const { t } = useTranslation('shell');
  return (
    <aside
      id={SIDEBAR_ID}
      className={styles.sidebar}
      data-testid="sidebar"
      data-open-desktop={openDesktop}
      data-open-mobile={openMobile}
      aria-label={t('sidebar.label')}
    >
      <div className={styles.brand}>
        <Link to="/" className={styles.brandLink}>
          <Logo size={36} />
          <span>{t('common:app.name')}</span>
        </Link>
        <button id={SIDEBAR_CLOSE_ID} type="button" className={styles.close} onClick={onClose} aria-label={t('header.closeMenu')} data-testid="drawer-close">
          <Icon name="close" size={20} />
        </button>
      </div>
      <nav className={styles.nav}>
        <ul className={styles.list}>
          {nav.map((node, i) => (
            <NavEntry key={entryKey(node, i)} node={node} />
          ))}
        </ul>
      </nav>
    </aside>
  );
}

function NavEntry({ node }: { node: NavNode }) {
  const { t } = useTranslation();
  switch (node.type) {
    case 'title':
      return <li className={styles.sectionTitle}>{t(node.label)}</li>;
    case 'divider':
      return <li className={styles.divider} role="separator" />;
    case 'page':
      return (
        <li>
          <PageLink node={node} />
        </li>
      );
    case 'external':
      return (
        <li>
          <ExternalLink node={node} />
        </li>
      );
    case 'group':
      return <Group node={node} />;
  }
}

function PageLink({ node }: { node: PageNode & { label?: string } }) {
  const { t } = useTranslation();
  return (
    <NavLink to={node.path} end className={({ isActive }) => `${styles.item} ${isActive ? styles.active : ''}`}>
      {node.icon ? <Icon name={node.icon} size={20} className={styles.icon} /> : <span className={styles.icon} />}
      <span className={styles.name}>{node.label ? t(node.label) : node.path}</span>
    </NavLink>
  );
}

function ExternalLink({ node }: { node: ExternalNode }) {
  const { t } = useTranslation();
  return (
    <a href={node.href} target="_blank" rel="noopener noreferrer" className={styles.item}>
      <Icon name={node.icon} size={20} className={styles.icon} />
      <span className={styles.name}>{t(node.label)}</span>
      <Icon name="external" size={14} className={styles.externalMark} label={t('shell:sidebar.external')} />
    </a>
  );
}

function Group({ node }: { node: GroupNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const containsCurrent = node.children.some((c) => c.type === 'page' && isPathActive(c.path, pathname));
  const [chosen, setChosen] = useState<boolean | null>(null);
  const open = chosen ?? (containsCurrent || node.defaultOpen === true);
  const panelId = `nav-group-${node.id}`;

  return (
    <li className={styles.group} data-testid={`nav-group-${node.id}`}>
      <button
        type="button"
        className={`${styles.item} ${styles.groupToggle}`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setChosen(!open)}
      >
        <Icon name={node.icon} size={20} className={styles.icon} />
        <span className={styles.name}>{t(node.label)}</span>
        <Icon name="chevron-down" size={16} className={styles.chevron} />
      </button>
      <div id={panelId} className={styles.groupPanel} data-open={open} inert={!open}>
        <ul className={styles.groupList}>
          {node.children.map((child, i) => (
            <li key={entryKey(child, i)}>{child.type === 'page' ? <PageLink node={child} /> : <ExternalLink node={child} />}</li>
          ))}
        </ul>
      </div>
    </li>
  );
}

function entryKey(node: NavNode | PageNode | ExternalNode, index: number): string {
  switch (node.type) {
    case 'page':
      return `page:${node.path}`;
    case 'external':
      return `external:${node.href}`;
    case 'group':
      return `group:${node.id}`;
    default:
      return `${node.type}:${index}`;
  }
}
