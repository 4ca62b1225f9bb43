// Public surface of the my-faces feature: the chooser the swap pages offer beside the face
// photo's upload (the page itself is in pages.ts, its own chunk).
export { FaceChooser, type FaceChooserProps } from './components/FaceChooser';
