// Where each source triangle goes on the target: the source's features in their own proportions
// (source-shape.ts), a turned head's far side from its mirror twin, what lies beyond the source
// photo's edge from its twin or the target (mesh/off-frame.ts), and what the source shows only
// edge-on left to the target.
import { flatDepths } from '../../face/face.ts';
import { dropIslands, mirrorOverrides, stretchRatios } from '../../mesh/mirror.ts';
import { noseProtrusion } from '../../mesh/profile.ts';
import { offFrame } from '../../mesh/off-frame.ts';
import { TRI_FOREHEAD, TRI_OUTER, upward } from '../../mesh/topology.ts';
import { mouthOpenness, MOUTH_OPEN } from '../mask/mask.ts';
import type { FaceWarning, Stage } from '../context.ts';
import { sourceShapedPoints } from './source-shape.ts';

/** Largest stretch of a source triangle's share of the face onto the target's (see stretchRatios); beyond it the target keeps its own pixels. */
const MAX_STRETCH = 20;

/**
 * A source head is side-on when its nose tip stands outside its face outline (see noseProtrusion)
 * and the target is turned at least PROFILE_YAW_DIFF degrees less: its midline is then a
 * silhouette, its far eye hidden and its near eye foreshortened, and both are left to the target.
 */
const PROFILE_YAW_DIFF = 25;

/** How many of the flagged triangles the mask would show, forehead left out. */
function shownOf(triClass: Uint8Array, flagged: Uint8Array): number {
  let count = 0;
  for (let k = 0; k < flagged.length; k++) if (flagged[k] && triClass[k] !== TRI_OUTER && triClass[k] !== TRI_FOREHEAD) count++;
  return count;
}

/** Marks the flagged triangles as outside the mask (the target keeps its pixels); returns how many changed. */
function leaveToTarget(triClass: Uint8Array, flagged: Uint8Array): number {
  let count = 0;
  for (let k = 0; k < flagged.length; k++) if (flagged[k] && triClass[k] !== TRI_OUTER) { triClass[k] = TRI_OUTER; count++; }
  return count;
}

export const placeStage: Stage = {
  name: 'place',
  timing: 'warp',
  reads: ['topo', 'src', 'srcFace', 'srcPts', 'dstFace', 'dstPts', 'input'],
  writes: ['mouthOpen', 'placed', 'shapedBy', 'yawDiff', 'mirror', 'cut', 'triClass', 'unseen', 'cutShown', 'sideOn', 'warp', 'up'],
  run(s) {
    const { topo, srcFace, dstFace, srcPts, dstPts } = s;
    s.mouthOpen = mouthOpenness(dstPts) > MOUTH_OPEN;
    const shaped = sourceShapedPoints(srcFace, dstFace, dstPts, s.input.sourceShape ?? 0, s.mouthOpen);
    const placed = shaped.pts;
    s.placed = placed;
    s.shapedBy = shaped.maxShift;
    s.yawDiff = srcFace.rotation.yaw - dstFace.rotation.yaw;
    s.mirror = mirrorOverrides(srcPts, placed, topo.uv, topo.mirror, topo.triangles, s.yawDiff, { sourceYaw: srcFace.rotation.yaw });
    // What lies beyond the source photo's edge takes its twin, or the target's pixels.
    s.cut = offFrame(srcPts, topo, s.src.width, s.src.height, s.mirror?.override ?? null);
    const override = s.cut.override;
    // What the source shows edge-on would be stretched from a sliver: those triangles keep the target's pixels.
    const triClass = Uint8Array.from(topo.triClass);
    const ratio = stretchRatios(srcPts, placed, topo.triangles, override);
    const stretched = dropIslands(Uint8Array.from(ratio, (r) => (r > MAX_STRETCH ? 1 : 0)), topo.neighbours, topo.triClass);
    // The user is told when what the mask shows was cut by as much as a half is mirrored for: a
    // sliver of outline at the edge is not worth a word.
    s.cutShown = shownOf(triClass, s.cut.unseen) + shownOf(triClass, s.cut.twinned);
    s.unseen = leaveToTarget(triClass, stretched) + leaveToTarget(triClass, s.cut.unseen);
    // A head seen side-on shows its eyes and midline edge-on, and the mesh (which under-reads such
    // turns) spreads them over a frontal face: such a source leaves those to the target.
    s.sideOn = noseProtrusion(srcPts, srcFace.size) > 0 && Math.abs(s.yawDiff) >= PROFILE_YAW_DIFF;
    if (s.sideOn) s.unseen += leaveToTarget(triClass, topo.sideOnHidden);
    s.triClass = triClass;
    // The target's depths order overlapping triangles (the nose over the far cheek of a turned head).
    s.up = upward(dstPts);
    s.warp = { srcPts, dstPts: placed, dstZ: flatDepths(dstFace), triangles: topo.triangles, triClass, ...(override ? { srcOverride: override } : {}) };
  },
};

/** The source head is seen side-on: its eyes, nose and chin line came from the target. */
export const sideOnWarning: FaceWarning = { warning: 'source_side_on', raised: (f) => f.stats.sideOn };
/** Part of the source face lies beyond its photo's edge: it came from its mirror side or the target. */
export const partialWarning: FaceWarning = { warning: 'source_partial', raised: (f) => f.stats.sourcePartial };
