// Public surface of the swap feature.
export { SwapForm, type FaceChooserSlot, type SwapFormProps } from './components/SwapForm';
export { ModeCards } from './components/ModeCards';
// Pieces the pro modes' pages (app/promode) compose with the catalogue feature.
export { ImagePicker } from './components/ImagePicker';
export { ImagePreview } from './components/ImagePreview';
export { SwapProgress } from './components/SwapProgress';
export { QuotaNotice } from './components/QuotaNotice';
export { faceSourceOf, useImageSlot, type ImageSlot } from './hooks/useImageSlot';
export { useSwapJob, type SwapJob, type SwapPhase } from './hooks/useSwapJob';
export { checkImageFile, ACCEPT_ATTRIBUTE } from '../../lib/image-files';
export { notify } from '../../lib/notify';
export { compressImage } from './lib/compress-image';
