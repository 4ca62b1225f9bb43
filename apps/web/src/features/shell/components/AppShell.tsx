// Page frame: header, drawer (fixed from 992px, sliding below), content and footer.
// The app layer passes the sidebar entries and the header actions, so this feature knows
// nothing about the pages or about accounts.
import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { setDrawerMobile } from '../../../store/ui-slice';
import type { NavNode } from '../../../lib/navigation';
import { useTheme } from '../hooks/useTheme';
import { Footer } from './Footer';
import { Header, MOBILE_TOGGLE_ID } from './Header';
import { Sidebar, SIDEBAR_CLOSE_ID, SIDEBAR_ID } from './Sidebar';
import styles from './AppShell.module.css';

/** Below this width the drawer slides over the page (matches the CSS breakpoint). */
const SLIDING_DRAWER_QUERY = '(max-width: 991.98px)';

export interface AppShellProps {
  nav: NavNode[];
  /** Right side of the header: language switcher, account buttons. */
  actions?: ReactNode;
  children: ReactNode;
}

export function AppShell({ nav, actions, children }: AppShellProps) {
  const { t } = useTranslation('shell');
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const theme = useTheme();
  const drawerDesktop = useAppSelector((state) => state.ui.drawerDesktop);
  const drawerMobile = useAppSelector((state) => state.ui.drawerMobile);

  // A page change closes the sliding drawer.
  useEffect(() => {
    dispatch(setDrawerMobile(false));
  }, [pathname, dispatch]);

  // The open sliding drawer takes the keyboard focus and gives it back to its toggle when it
  // closes; Escape closes it.
  useEffect(() => {
    if (!drawerMobile) return;
    const sliding = window.matchMedia?.(SLIDING_DRAWER_QUERY).matches ?? false;
    if (sliding) document.getElementById(SIDEBAR_CLOSE_ID)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') dispatch(setDrawerMobile(false));
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      if (sliding && document.getElementById(SIDEBAR_ID)?.contains(document.activeElement)) {
        document.getElementById(MOBILE_TOGGLE_ID)?.focus();
      }
    };
  }, [drawerMobile, dispatch]);

  return (
    <div
      className={styles.shell}
      data-theme={theme}
      data-drawer-desktop={drawerDesktop ? 'open' : 'closed'}
      data-drawer-mobile={drawerMobile ? 'open' : 'closed'}
    >
      <a className={styles.skip} href="#main-content">
        {t('skipToContent')}
      </a>
      <Header actions={actions} />
      <Sidebar nav={nav} openDesktop={drawerDesktop} openMobile={drawerMobile} onClose={() => dispatch(setDrawerMobile(false))} />
      <div className={styles.backdrop} data-testid="drawer-backdrop" aria-hidden="true" onClick={() => dispatch(setDrawerMobile(false))} />
      <div className={styles.body}>
        <main id="main-content" className={styles.main} tabIndex={-1}>
          {children}
        </main>
        <Footer />
      </div>
    </div>
  );
}
