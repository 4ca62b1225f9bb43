// Public surface of the gallery feature.
export { Gallery, type GalleryProps } from './components/Gallery';
