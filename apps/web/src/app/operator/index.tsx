// The operator screens (/app/bulk, /app/bulk2, /app/manage-faces, /admin/swaps), each
// its own lazy chunk. The app hands them the swap feature's image compressor (features never
// import one another).
import type { ComponentType } from 'react';
import { compressImage } from '../../features/swap';
import type * as BulkFeature from '../../features/bulk';
import type { PrepareImage } from '../../features/bulk';
import { lazyRoute } from '../lazy-route';

type OperatorPage = ComponentType<{ prepare?: PrepareImage }>;

function lazyPage(pick: (m: typeof BulkFeature) => OperatorPage) {
  const Page = lazyRoute(() => import('../../features/bulk').then(pick), ['bulk']);
  return function OperatorRoute() {
    return <Page prepare={compressImage} />;
  };
}

export const BulkRoute = lazyPage((m) => m.BulkPage);
export const Bulk2Route = lazyPage((m) => m.Bulk2Page);
export const ManageFacesRoute = lazyPage((m) => m.ManageFacesPage);
export const AdminTestRoute = lazyPage((m) => m.AdminTestPage);
