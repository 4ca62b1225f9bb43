// The video player's texts travel with the viewer's video part, not with the app's first load.
import { textsAdder } from '../../../lib/lazy-texts';
import en from '../locales/video/en.json';
import fr from '../locales/video/fr.json';

export const VIDEO_TEXTS = { en, fr } as const;

export const addVideoTexts = textsAdder('gallery', VIDEO_TEXTS);
