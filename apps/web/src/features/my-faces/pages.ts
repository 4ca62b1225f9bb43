// The "My faces" page, loaded as its own chunk when first shown (app/my-faces.tsx).
export { MyFacesPage } from './components/MyFacesPage';
export type { PrepareImage } from './lib/prepare';
