// /app/faces: the my-faces feature's page, in its own chunk with its texts, handed the swap
// feature's image compressor (features never import one another).
import { compressImage } from '../features/swap';
import { lazyRoute } from './lazy-route';

const MyFacesPage = lazyRoute(() => import('../features/my-faces/pages').then((m) => m.MyFacesPage), ['my-faces']);

export function MyFacesRoute() {
  return <MyFacesPage prepare={compressImage} />;
}
