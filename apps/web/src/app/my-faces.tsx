// /app/faces: the my-faces feature's page, in its own chunk, handed the swap feature's image
// compressor (features never import one another).
import { lazy, Suspense } from 'react';
import { compressImage } from '../features/swap';

const MyFacesPage = lazy(() => import('../features/my-faces/pages').then((m) => ({ default: m.MyFacesPage })));

export function MyFacesRoute() {
  return (
    <Suspense fallback={<div role="status" aria-busy="true" />}>
      <MyFacesPage prepare={compressImage} />
    </Suspense>
  );
}
