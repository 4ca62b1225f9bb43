// Chosen images: each file is checked (type, 10 MB), previewed at once and prepared (compressed)
// in the background. `max` caps how many are kept: a bad file or one past the cap is skipped with
// its alert, and the others go on: one bad file never loses the rest.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_BULK_TARGETS } from '@visage/contracts';
import { checkImageFile, isNotAnImage, notify, type PrepareImage } from '../lib/files';

export interface ChosenImage {
  key: number;
  name: string;
  previewUrl: string;
  /** The prepared file; null while it is being prepared. */
  file: File | null;
}

export interface ImageFiles {
  images: ChosenImage[];
  /** Every image prepared and at least one chosen. */
  ready: boolean;
  add: (files: FileList | File[] | null | undefined) => void;
  remove: (key: number) => void;
  clear: () => void;
}

/** `sizeAlert`: the user screens' bilingual text or the admin/face screens' one (each screen keeps its own wording). */
export function useImageFiles(prepare: PrepareImage, max: number, sizeAlert: 'alerts.tooLarge' | 'alerts.tooLargeAdmin'): ImageFiles {
  const { t } = useTranslation('bulk');
  const [images, setImages] = useState<ChosenImage[]>([]);
  const nextKey = useRef(1);
  const count = useRef(0);
  useEffect(() => {
    count.current = images.length;
  }, [images.length]);
  const urls = useRef(new Set<string>());
  useEffect(() => () => urls.current.forEach((u) => URL.revokeObjectURL(u)), []);

  const add = useCallback(
    (files: FileList | File[] | null | undefined) => {
      const list = files ? Array.from(files) : [];
      let room = max === 1 ? 1 : max - count.current;
      const accepted: ChosenImage[] = [];
      for (const file of list) {
        const problem = checkImageFile(file);
        if (problem) {
          notify(t(problem === 'invalid_type' ? 'alerts.invalidType' : sizeAlert), 'error');
          continue;
        }
        if (room <= 0) {
          notify(t('alerts.tooMany', { max: MAX_BULK_TARGETS }), 'error');
          break;
        }
        room -= 1;
        const previewUrl = URL.createObjectURL(file);
        urls.current.add(previewUrl);
        accepted.push({ key: nextKey.current++, name: file.name, previewUrl, file: null });
        const key = nextKey.current - 1;
        prepare(file).then(
          (prepared) => setImages((all) => all.map((img) => (img.key === key ? { ...img, file: prepared } : img))),
          (error: unknown) => {
            console.error(error);
            notify(t(isNotAnImage(error) ? 'alerts.invalidType' : 'alerts.compressFailed'), 'error');
            setImages((all) => all.filter((img) => img.key !== key));
          },
        );
      }
      if (accepted.length === 0) return;
      // A single slot (the face) is replaced by the new choice.
      setImages((all) => (max === 1 ? accepted.slice(0, 1) : [...all, ...accepted]));
    },
    [max, prepare, sizeAlert, t],
  );

  const remove = useCallback((key: number) => setImages((all) => all.filter((img) => img.key !== key)), []);
  const clear = useCallback(() => setImages([]), []);
  return { images, ready: images.length > 0 && images.every((img) => img.file), add, remove, clear };
}
