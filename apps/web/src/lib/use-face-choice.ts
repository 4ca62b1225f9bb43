// The state of the face picker for one swap form: each photo's faces (asked of the server once per
// chosen file), the target faces chosen (the largest usable by default), the face photo given to
// each, the face chosen in the face photo, and the choice the upload sends.
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { DetectFacesResponse } from '@visage/contracts';
import { MAX_SWAP_SOURCES } from '@visage/contracts/constants';
import { detectFaces, type FaceChoice } from './face-choice';
import type { FaceSource, SavedFaceChoice } from './face-source';

/** A face given to one chosen target face: a photo file, or one of the person's saved faces. */
export type FacePhoto = File | SavedFaceChoice;

const sourceOf = (p: FacePhoto): FaceSource => (p instanceof File ? p : { savedFaceId: p.id });
const sameFace = (a: FacePhoto, b: FacePhoto) => a === b || (!(a instanceof File) && !(b instanceof File) && a.id === b.id);

export interface PhotoFaces {
  status: 'idle' | 'detecting' | 'ready' | 'failed';
  found: DetectFacesResponse | null;
}

/** A photo's faces, detected again whenever the file changes; `null` forgets them. */
export function usePhotoFaces(file: File | null): PhotoFaces {
  const [state, setState] = useState<PhotoFaces & { file: File | null }>({ status: 'idle', found: null, file: null });
  useEffect(() => {
    if (!file) return;
    const abort = new AbortController();
    detectFaces(file, abort.signal).then(
      (found) => setState({ status: 'ready', found, file }),
      () => {
        if (!abort.signal.aborted) setState({ status: 'failed', found: null, file });
      },
    );
    return () => abort.abort();
  }, [file]);
  if (!file) return { status: 'idle', found: null };
  // Until the answer for this very file comes, the faces of the previous one are not shown.
  return state.file === file ? state : { status: 'detecting', found: null };
}

/** The largest usable face (faces come largest first), or null. */
function largestUsable(found: DetectFacesResponse | null): number | null {
  const i = found?.faces.findIndex((f) => f.usable) ?? -1;
  return i < 0 ? null : i;
}

export interface FaceChoiceState {
  target: PhotoFaces;
  source: PhotoFaces;
  /** The target shows more than one face: the picker is shown. */
  picksTargets: boolean;
  /** The face photo shows more than one face: its picker is shown. */
  picksSource: boolean;
  chosen: number[];
  setChosen: (faces: number[]) => void;
  sourceFace: number | null;
  setSourceFace: (face: number) => void;
  /** The face given to a chosen target face (absent: the form's own face). */
  photos: Partial<Record<number, FacePhoto>>;
  setPhoto: (face: number, photo: FacePhoto | null) => void;
  /** Whether another face photo may be added (a swap takes MAX_SWAP_SOURCES in all). */
  canAddPhoto: boolean;
  choice: FaceChoice;
  /** Detection has answered (or failed: the largest face is then swapped) and a face is chosen. */
  ready: boolean;
}

export function useFaceChoice(targetFile: File | null, sourceFile: File | null): FaceChoiceState {
  const target = usePhotoFaces(targetFile);
  const source = usePhotoFaces(sourceFile);
  const [picked, setPicked] = useState<{ found: DetectFacesResponse | null; chosen: number[]; photos: Partial<Record<number, FacePhoto>> }>({ found: null, chosen: [], photos: {} });
  const [pickedSource, setPickedSource] = useState<{ found: DetectFacesResponse | null; face: number | null }>({ found: null, face: null });

  // A new target photo starts again from its largest usable face, with no other face photos.
  const own = picked.found === target.found && target.found !== null;
  const largest = largestUsable(target.found);
  const chosen = useMemo(() => (own ? picked.chosen : largest === null ? [] : [largest]), [own, picked.chosen, largest]);
  const photos = useMemo(() => (own ? picked.photos : {}), [own, picked.photos]);
  const sourceFace = pickedSource.found === source.found && source.found !== null ? pickedSource.face : largestUsable(source.found);

  const setChosen = useCallback((faces: number[]) => setPicked((p) => ({ found: target.found, chosen: faces, photos: p.found === target.found ? p.photos : {} })), [target.found]);
  const setPhoto = useCallback(
    (face: number, photo: FacePhoto | null) =>
      setPicked((p) => {
        const base = p.found === target.found ? p : { found: target.found, chosen, photos: {} };
        const next = { ...base.photos };
        if (photo) next[face] = photo;
        else delete next[face];
        return { ...base, photos: next };
      }),
    [target.found, chosen],
  );
  const setSourceFace = useCallback((face: number) => setPickedSource({ found: source.found, face }), [source.found]);

  const picksTargets = (target.found?.faces.length ?? 0) > 1;
  const picksSource = (source.found?.faces.length ?? 0) > 1;
  // One source per distinct face given: a saved face chosen for two target faces is sent once.
  const extra = useMemo(() => {
    const out: FacePhoto[] = [];
    for (const i of chosen) {
      const p = photos[i];
      if (p && !out.some((q) => sameFace(q, p))) out.push(p);
    }
    return out;
  }, [chosen, photos]);

  const choice = useMemo<FaceChoice>(() => {
    const out: FaceChoice = {};
    if (picksTargets) {
      out.faces = chosen.map((i) => {
        const p = photos[i];
        return { target: i, source: p ? 1 + extra.findIndex((q) => sameFace(q, p)) : 0 };
      });
      if (extra.length > 0) out.moreSources = extra.map(sourceOf);
    }
    if (picksSource && sourceFace !== null) out.sourceFaces = [sourceFace, ...extra.map(() => null)];
    return out;
  }, [picksTargets, picksSource, chosen, photos, extra, sourceFace]);

  const settled = (p: PhotoFaces) => p.status !== 'detecting';
  return {
    target,
    source,
    picksTargets,
    picksSource,
    chosen,
    setChosen,
    sourceFace,
    setSourceFace,
    photos,
    setPhoto,
    canAddPhoto: extra.length < MAX_SWAP_SOURCES - 1,
    choice,
    ready: settled(target) && settled(source) && (!picksTargets || chosen.length > 0),
  };
}
