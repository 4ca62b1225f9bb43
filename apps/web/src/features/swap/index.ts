// Public surface of the swap feature.
export { SwapForm, type SwapFormProps } from './components/SwapForm';
export { ModeCards } from './components/ModeCards';
export { compressImage } from './lib/compress-image';
