// Chooses the source face and the target faces.
import { EngineError } from '../core/errors.ts';
import type { Face } from '../face/face.ts';

export type TargetSelection = 'largest' | 'all' | number[] | { reference: Buffer; threshold?: number };

export function chooseSource(faces: Face[], index?: number): Face {
  if (faces.length === 0) throw new EngineError('no_face_source');
  if (index !== undefined) {
    const f = faces[index];
    if (!f) throw new EngineError('invalid_options', `Source face ${index} does not exist: the source image has ${faces.length} face(s).`);
    if (f.tooSmall) throw faceTooSmall('source', f);
    return f;
  }
  const usable = faces.filter((f) => !f.tooSmall);
  if (usable.length === 0) throw faceTooSmall('source', faces[0]!);
  return usable[0]!; // faces are sorted largest first
}

/** Resolves 'largest' | 'all' | indices; reference selection is done by the caller with descriptors. */
export function chooseTargets(faces: Face[], sel: Exclude<TargetSelection, { reference: Buffer }>): Face[] {
  if (faces.length === 0) throw new EngineError('no_face_target');
  if (sel === 'largest') {
    const f = faces.find((x) => !x.tooSmall);
    if (!f) throw faceTooSmall('target', faces[0]!);
    return [f];
  }
  if (sel === 'all') {
    const usable = faces.filter((x) => !x.tooSmall);
    if (usable.length === 0) throw faceTooSmall('target', faces[0]!);
    return usable;
  }
  const out: Face[] = [];
  for (const i of sel) {
    const f = faces[i];
    if (!f) throw new EngineError('invalid_options', `Target face ${i} does not exist: the target image has ${faces.length} face(s).`);
    if (f.tooSmall) throw faceTooSmall('target', f);
    if (!out.includes(f)) out.push(f);
  }
  if (out.length === 0) throw new EngineError('invalid_options', 'No target face was selected.');
  return out;
}

export function faceTooSmall(role: 'source' | 'target', f: Face): EngineError {
  return new EngineError('face_too_small', `The face in the ${role} image is too small to swap (${Math.round(f.size)} pixels wide).`, { role, size: f.size });
}
