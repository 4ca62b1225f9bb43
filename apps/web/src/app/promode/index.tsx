// The /app/proshoot and /app/prosoccer route elements, each a lazy chunk like the dashboard,
// with the catalogue's texts.
import type { CatalogueKind } from '@visage/contracts';
import { lazyRoute } from '../lazy-route';
import styles from './ProModePage.module.css';

const ProModePage = lazyRoute(() => import('./ProModePage').then((m) => m.default), ['catalogue'], <div className={styles.loading} role="status" aria-busy="true" />);

export function ProModeRoute({ kind }: { kind: CatalogueKind }) {
  return <ProModePage kind={kind} />;
}
