// The video half's texts travel with its chunk, not with the app's first load.
import { textsAdder } from '../../../../lib/lazy-texts';
import en from '../../locales/video/en.json';
import fr from '../../locales/video/fr.json';

export const VIDEO_TEXTS = { en, fr } as const;

export const addVideoTexts = textsAdder('swap', VIDEO_TEXTS);
