// What the stages of one face's swap share (see swap/stages.ts for their order). Each stage names
// the fields it reads and those it writes; a test checks that every field is written before it is
// read, so the list's order is the only wiring there is.
import type { SwapWarning } from '@visage/contracts/warnings';
import type { RgbImage } from '../core/image.ts';
import type { Face } from '../face/face.ts';
import type { Topology } from '../mesh/topology.ts';
import type { OffFrame } from '../mesh/off-frame.ts';
import type { Roi, WarpInput, WarpOutput } from '../raster/warp.ts';
import type { FaceMasks } from './mask/mask.ts';
import type { RelitDifferences } from './light/relight-pass.ts';
import type { EyeWhiteLight } from './light/sclera.ts';

export type StageTimer = (stage: string, ms: number) => void;

/** A face's black and white references in its photo: its pupils' black (see light/black-level.ts) and its eye whites (light/sclera.ts). */
export interface FaceLight { black: number | null; whites: EyeWhiteLight | null }

/** What the caller knows of the two faces beyond their pixels (the per-image facts of api/). */
export interface FaceSwapInput {
  /** Outline reshaping strength 0..1; 0 keeps the target's contour. */
  reshape?: number;
  /** How far the inner face takes the source's proportions instead of the target's, 0..1. */
  sourceShape?: number;
  /** The face size the source's detail is worth (default its size; see focus/face-blur.ts). */
  sourceSharpSize?: number;
  /** The two faces' blur, each as a share of its face's size (see focus/focus.ts); default none. */
  focus?: { source: number; target: number };
  /** The source's light as read on `src` (see light/source-light.ts): read here when absent. */
  sourceLight?: FaceLight;
  /** The source photo with its face's glasses taken off (see glasses/off.ts), null when it wears none; read here when absent. */
  sourceWithoutGlasses?: () => RgbImage | null;
}

/** Fields a swap starts with. */
export interface FaceSwapGiven {
  src: RgbImage;
  srcFace: Face;
  /** The image written: the target photo, or a reduced copy of the face's region. */
  out: RgbImage;
  dstFace: Face;
  seed: number;
  input: FaceSwapInput;
  timer: StageTimer;
  topo: Topology;
  srcPts: Float32Array;
  /** The target's flat mesh points; the reshape stage moves them with the outline. */
  dstPts: Float32Array;
  roi: Roi;
  faceSize: number;
  /** The face size the source's detail is worth: its size, or less when its photo is blurred. */
  detail: number;
  /** Whether relight restores the target's grain (not on a reduced copy: see swap/reduced-copy.ts). */
  grain: boolean;
}

/** The given fields by name, for the test that every field a stage reads was there before it. */
export const GIVEN: ReadonlyArray<keyof FaceSwapGiven> = ['src', 'srcFace', 'out', 'dstFace', 'seed', 'input', 'timer', 'topo', 'srcPts', 'dstPts', 'roi', 'faceSize', 'detail', 'grain'];

/** Fields the stages write, in the order they are written. */
export interface FaceSwapState {
  reshapedBy: number;
  /** The target's glasses frame kept over the new face (glasses/keep.ts: GlassesFrame), null when it wears none. */
  glasses: { weight: Float32Array; pixels: number; tinted: boolean } | null;
  /** The target's eyes lie behind tinted lenses: their light is not read. */
  behindTint: boolean;
  /** The source photo the warp reads (without its glasses when they come off). */
  from: RgbImage;
  glassesLeftOff: boolean;
  mouthOpen: boolean;
  placed: Float32Array;
  shapedBy: number;
  yawDiff: number;
  mirror: { override: Float32Array; mirrored: number } | null;
  cut: OffFrame;
  triClass: Uint8Array;
  unseen: number;
  cutShown: number;
  sideOn: boolean;
  /** Per source triangle, the share of it a hand against the face photo covers (see hands/hand-shape.ts); null when none. */
  sourceHandShare: Float32Array | null;
  /** Skin triangles of the face photo something covers, taken from their twin or left to the target (see geometry/uncover.ts). */
  uncovered: number;
  /** The warp's colour gains for the triangles the uncover stage took from their twin (see geometry/uncover.ts); null when none. */
  twinGain: Float32Array | null;
  warp: Omit<WarpInput, 'src' | 'roi' | 'srcGain'>;
  warped: WarpOutput;
  fromTwin: Uint8Array | null;
  srcLight: FaceLight;
  dstLight: FaceLight;
  defocused: number;
  sharpened: number;
  evenedBy: number;
  up: [number, number];
  targetHair: Uint8Array | null;
  foreheadPixels: number;
  masks: FaceMasks;
  handPlane: Uint8Array | null;
  sourceHand: boolean;
  sourceCovered: boolean;
  occluded: number;
  frame: { restore: () => void } | null;
  lit: RelitDifferences;
  changed: number;
}

export type FaceSwap = FaceSwapGiven & FaceSwapState;

/** A face's swap as its caller sees it (tests, the benchmark, the warnings). */
export interface SwapFaceStats {
  roi: Roi;
  mirroredTriangles: number;
  mouthOpen: boolean;
  grainSigma: number;
  gains: [number, number, number];
  /** Number of pixels allowed to change (support size). */
  changedPixels: number;
  /** 1 for ROI pixels that may change (roi.w × roi.h). */
  support: Uint8Array;
  /** Pixels of the support kept from the target because something covers the face. */
  occludedPixels: number;
  /** Largest contour displacement (pixels) of the outline reshaping; 0 when not applied. */
  reshapedBy: number;
  /** Largest landmark displacement (pixels) toward the source's own proportions. */
  shapedBy: number;
  /** Triangles left to the target because the source shows them edge-on. */
  unseenTriangles: number;
  /** The source head is seen side-on: its eyes and midline were left to the target. */
  sideOn: boolean;
  /** Unsharp amount given to a source face smaller than the target's (0: none, see texture/sharpen.ts). */
  sharpened: number;
  /** Gaussian sigma (pixels) the source was blurred by to match a target out of focus (0: none, see focus/focus.ts). */
  defocused: number;
  /** Largest brightness factor that evened the source's light across the midline (1: none, see light/even-light.ts). */
  evenedBy: number;
  /** Forehead pixels (brows up) swapped: bare skin in both faces (see forehead/forehead.ts). */
  foreheadPixels: number;
  /** The source's mouth is covered (a scarf, a mask): its lower face was left to the target. */
  sourceCovered: boolean;
  /** A hand against the source face covers part of it (see hands/find.ts): that part was left to the target. */
  sourceHand: boolean;
  /** Part of the source face lies beyond its photo's edge: it came from its mirror side or the target (see mesh/off-frame.ts). */
  sourcePartial: boolean;
  /** Pixels of the target's glasses frame kept over the new face (see glasses/find.ts); 0 when it wears none. */
  glassesPixels: number;
  /** The face photo's glasses were taken off for a target turned far from it, which wears none (see glasses/off.ts). */
  glassesLeftOff: boolean;
  /** The blend weight of every ROI pixel (0..1, after occluders). */
  alpha: Float32Array;
  /** 1 for ROI pixels of skin the light and grain were judged on. */
  skin: Uint8Array;
}

/** What a face's warnings are judged on: the two faces, what the swap was given, the swap's figures. */
export interface SwappedFace { srcFace: Face; dstFace: Face; input: FaceSwapInput; stats: SwapFaceStats }

/** A warning a stage may leave for the user (the list is defined once, in contracts). */
export interface FaceWarning { warning: SwapWarning; raised(f: SwappedFace): boolean }

export interface Stage {
  name: string;
  /** The timing (SwapResult.timings) the stage counts under; none when it times itself. */
  timing?: string;
  reads: ReadonlyArray<keyof FaceSwap>;
  writes: ReadonlyArray<keyof FaceSwapState | 'out'>;
  run(s: FaceSwap): void;
}
