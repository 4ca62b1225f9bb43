// Top bar: desktop-only drawer toggle, logo + title linking home, the actions slot (language,
// account buttons) and the mobile-only drawer toggle on the right.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/Icon';
import { Logo } from '../../../components/Logo';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { setDrawerDesktop, setDrawerMobile } from '../../../store/ui-slice';
import { SIDEBAR_ID } from './Sidebar';
import styles from './Header.module.css';

export const MOBILE_TOGGLE_ID = 'app-drawer-toggle';

export interface HeaderProps {
  actions?: ReactNode;
}

export function Header({ actions }: HeaderProps) {
  const { t } = useTranslation('shell');
  const dispatch = useAppDispatch();
  const drawerDesktop = useAppSelector((state) => state.ui.drawerDesktop);
  const drawerMobile = useAppSelector((state) => state.ui.drawerMobile);

  return (
    <header className={styles.header} data-testid="app-header">
      <div className={styles.start}>
        <button
          type="button"
          className={`${styles.toggle} ${styles.desktopOnly}`}
          data-testid="drawer-toggle-desktop"
          aria-controls={SIDEBAR_ID}
          aria-expanded={drawerDesktop}
          aria-label={t(drawerDesktop ? 'header.hideMenu' : 'header.showMenu')}
          onClick={() => dispatch(setDrawerDesktop(!drawerDesktop))}
        >
          <Icon name="sidebar" size={22} />
        </button>
        <Link to="/" className={styles.brand} data-testid="header-home-link">
          <Logo size={42} className={styles.logo} />
          <span className={`${styles.title} narrow-visually-hidden`}>{t('common:app.name')}</span>
        </Link>
      </div>
      <div className={styles.end}>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
        <button
          type="button"
          id={MOBILE_TOGGLE_ID}
          className={`${styles.toggle} ${styles.mobileOnly}`}
          data-testid="drawer-toggle-mobile"
          aria-controls={SIDEBAR_ID}
          aria-expanded={drawerMobile}
          aria-label={t(drawerMobile ? 'header.closeMenu' : 'header.openMenu')}
          onClick={() => dispatch(setDrawerMobile(!drawerMobile))}
        >
          <Icon name={drawerMobile ? 'close' : 'menu'} size={24} />
        </button>
      </div>
    </header>
  );
}
