// One image of the swap form: checks the chosen file, previews it at once and compresses it
// in the worker; `file` is the compressed JPEG, set once it is ready. The face's slot may hold
// one of the user's saved faces instead (`saved`): choosing either clears the other.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkImageFile, isNotAnImage } from '../../../lib/image-files';
import { compressImage } from '../lib/compress-image';
import { notify } from '../../../lib/notify';
import type { FaceSource, SavedFaceChoice } from '../../../lib/face-source';

export interface ImageSlot {
  file: File | null;
  previewUrl: string | null;
  compressing: boolean;
  /** The last problem with a chosen file, for the inline message. */
  problem: string | null;
  choose: (file: File | undefined) => void;
  saved: SavedFaceChoice | null;
  chooseSaved: (face: SavedFaceChoice) => void;
}

/** What the slot sends as a swap's face: the file, else the saved face, else nothing yet. */
export function faceSourceOf(slot: ImageSlot): FaceSource | null {
  return slot.file ?? (slot.saved ? { savedFaceId: slot.saved.id } : null);
}

export function useImageSlot(compress: (file: File) => Promise<File> = compressImage): ImageSlot {
  const { t } = useTranslation('swap');
  const [file, setFile] = useState<File | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [compressing, setCompressing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<SavedFaceChoice | null>(null);
  const generation = useRef(0);

  useEffect(() => () => {
    if (previewUrl?.startsWith('blob:')) URL.revokeObjectURL(previewUrl);
  }, [previewUrl]);

  const chooseSaved = useCallback((face: SavedFaceChoice) => {
    // A compression still running for an earlier file must not overwrite the choice.
    generation.current++;
    setProblem(null);
    setFile(null);
    setCompressing(false);
    setSaved(face);
    setPreviewUrl(face.photoUrl);
  }, []);

  const choose = useCallback(
    (chosen: File | undefined) => {
      if (!chosen) return;
      const check = checkImageFile(chosen);
      if (check) {
        const message = t(check === 'invalid_type' ? 'alerts.invalidType' : 'alerts.tooLarge');
        setProblem(message);
        notify(message, 'error');
        return;
      }
      const mine = ++generation.current;
      setProblem(null);
      setFile(null);
      setSaved(null);
      setPreviewUrl(URL.createObjectURL(chosen));
      setCompressing(true);
      compress(chosen).then(
        (compressed) => {
          if (mine !== generation.current) return;
          setFile(compressed);
          setCompressing(false);
        },
        (error: unknown) => {
          if (mine !== generation.current) return;
          console.error(error);
          const message = t(isNotAnImage(error) ? 'alerts.invalidType' : 'alerts.compressFailed');
          setProblem(message);
          setPreviewUrl(null);
          setCompressing(false);
          notify(message, 'error');
        },
      );
    },
    [compress, t],
  );

  return { file, previewUrl, compressing, problem, choose, saved, chooseSaved };
}
