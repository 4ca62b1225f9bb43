// Public surface of the gallery feature.
export { Gallery, type GalleryProps } from './components/Gallery';
export type { GalleryMode } from './api/fetch-swaps';
