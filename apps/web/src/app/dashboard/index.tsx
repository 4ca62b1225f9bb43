// The /app route element: the dashboard loads as its own chunk, so other pages do not carry it.
import { lazy, Suspense } from 'react';
import styles from './DashboardPage.module.css';

const DashboardPage = lazy(() => import('./DashboardPage'));

export function DashboardRoute() {
  return (
    <Suspense fallback={<div className={styles.loading} role="status" aria-busy="true" />}>
      <DashboardPage />
    </Suspense>
  );
}
