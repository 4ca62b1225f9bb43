// The canonical (UV) face mesh as image points, for geometry tests that need a face without a photo.
import { MESH_POINTS, topology } from '../src/mesh/topology.ts';

/** UV scaled to a `scale`-pixel face with its UV origin at (ox, oy). */
export function canonicalFace(scale: number, ox: number, oy: number): Float32Array {
  const { uv } = topology();
  const out = new Float32Array(MESH_POINTS * 2);
  for (let i = 0; i < MESH_POINTS; i++) { out[2 * i] = ox + uv[2 * i]! * scale; out[2 * i + 1] = oy + uv[2 * i + 1]! * scale; }
  return out;
}
