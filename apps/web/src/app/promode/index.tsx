// The /app/proshoot and /app/prosoccer route elements, each a lazy chunk like the dashboard.
import { lazy, Suspense } from 'react';
import type { CatalogueKind } from '@visage/contracts';
import styles from './ProModePage.module.css';

const ProModePage = lazy(() => import('./ProModePage'));

export function ProModeRoute({ kind }: { kind: CatalogueKind }) {
  return (
    <Suspense fallback={<div className={styles.loading} role="status" aria-busy="true" />}>
      <ProModePage kind={kind} />
    </Suspense>
  );
}
