import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PORTRAITS_DIR } from '../../../../../fixtures/index.mjs';
import { flatPoints } from '../../face/face.ts';
import { loadModels } from '../../index.ts';
import type { RgbImage } from '../../core/image.ts';
import type { Face } from '../../face/face.ts';
import { handsOnFace } from '../../hands/find.ts';
import { fillHand } from '../../hands/hand-shape.ts';
import { FACE_OVAL_LOOP, LEFT_BROW_LOOP, LEFT_EYE_LOOP, OUTER_LIP_LOOP, RIGHT_BROW_LOOP, RIGHT_EYE_LOOP, topology, TRI_OUTER, TRI_SKIN } from '../../mesh/topology.ts';
import { fillPolygon } from '../../raster/polygon.ts';
import { swapOneFace } from '../../swap/run.ts';
import { decodedWithFace, FILES } from '../../../test/fixtures.ts';
import { darkHood, microphone, pasteFrom, redHat } from '../../../test/coverings.ts';
import { canonicalFace } from '../../../test/mesh.ts';
import { judged, notSkinShares } from './covered.ts';
import { routeCovered } from './uncover.ts';

type Decoded = { img: RgbImage; face: Face };

/** The target face's skin: inside its outline, less its eyes, brows and lips. */
function skinRegion(img: RgbImage, face: Face): Uint8Array {
  const loop = (l: readonly number[]) => l.flatMap((i) => [face.landmarks[i]![0], face.landmarks[i]![1]]);
  const m = new Uint8Array(img.width * img.height);
  fillPolygon(m, img.width, img.height, 0, 0, loop(FACE_OVAL_LOOP));
  for (const l of [LEFT_EYE_LOOP, RIGHT_EYE_LOOP, OUTER_LIP_LOOP, LEFT_BROW_LOOP, RIGHT_BROW_LOOP]) fillPolygon(m, img.width, img.height, 0, 0, loop(l), 0);
  return m;
}

/** Percentage of the region's pixels that `like` takes. */
function sharePct(img: RgbImage, region: Uint8Array, like: (r: number, g: number, b: number) => boolean): number {
  let n = 0, hit = 0;
  for (let i = 0; i < region.length; i++) {
    if (!region[i]) continue;
    n++;
    if (like(img.data[3 * i]!, img.data[3 * i + 1]!, img.data[3 * i + 2]!)) hit++;
  }
  return (100 * hit) / n;
}

const luma = (r: number, g: number, b: number) => 0.299 * r + 0.587 * g + 0.114 * b;
/** The hat's red: far redder than any skin. */
const hatRed = (r: number, g: number, b: number) => r / (r + g + b + 1) > 0.58 && r - g > 70;
/** The hood's dark blue-grey: dark, and no warmer than it is blue. */
const hoodDark = (r: number, g: number, b: number) => luma(r, g, b) < 60 && b >= r;
/** The microphone's black. */
const black = (r: number, g: number, b: number) => luma(r, g, b) < 35;

describe('what covers the face photo is not carried over', () => {
  let source: Decoded, target: Decoded, region: Uint8Array;
  const swap = (src: Decoded, without: string[] = [], onto: Decoded = target): RgbImage => {
    const out = { ...onto.img, data: Uint8Array.from(onto.img.data) };
    swapOneFace(src.img, src.face, out, onto.face, () => {}, 1, { without });
    return out;
  };
  let clean: RgbImage;
  /** Mean difference of `b` from `a` over the new face's skin. */
  const gapFrom = (a: RgbImage, b: RgbImage) => {
    let sum = 0, n = 0;
    for (let i = 0; i < region.length; i++) if (region[i]) { for (let c = 0; c < 3; c++) sum += Math.abs(a.data[3 * i + c]! - b.data[3 * i + c]!); n += 3; }
    return sum / n;
  };

  beforeAll(async () => {
    await loadModels();
    source = await decodedWithFace(FILES.older);
    target = await decodedWithFace(FILES.hopper);
    region = skinRegion(target.img, target.face);
    clean = swap(source);
  });

  it('leaves a face photo nothing covers as it was', async () => {
    // 007's own fringe over her forehead counts as a cover: this face's hair stays off it.
    const bare = await decodedWithFace(FILES.eastAsian);
    expect(Buffer.compare(Buffer.from(swap(bare).data), Buffer.from(swap(bare, ['uncover']).data))).toBe(0);
  });

  it('takes a dark hood along one cheek from the other cheek', () => {
    const hooded = { img: darkHood(source.img, source.face).img, face: source.face };
    // Without the stage the hood's edge shows as a dark band down the new cheek.
    expect(gapFrom(clean, swap(hooded))).toBeLessThan(0.6 * gapFrom(clean, swap(hooded, ['uncover'])));
    expect(sharePct(swap(hooded), region, hoodDark) - sharePct(clean, region, hoodDark)).toBeLessThan(0.3);
  });

  it('brings none of a red hat pulled down to the brows', () => {
    const hatted = { img: redHat(source.img, source.face).img, face: source.face };
    expect(sharePct(swap(hatted), region, hatRed) - sharePct(clean, region, hatRed)).toBeLessThan(0.1);
  });

  it('leaves the lower face to the target behind a black microphone', () => {
    const mic = { img: microphone(source.img, source.face).img, face: source.face };
    expect(sharePct(swap(mic, ['occlude']), region, black) - sharePct(clean, region, black)).toBeGreaterThan(1);
    // Its lower face is the target's own, whose dark mouth corners count here too.
    const own = Math.max(sharePct(clean, region, black), sharePct(target.img, region, black));
    expect(sharePct(swap(mic), region, black) - own).toBeLessThan(0.2);
  });

  it('takes the cheek under a hand (015’s, moved onto this face) from the other cheek', async () => {
    const models = await loadModels();
    const hand = await decodedWithFace(FILES.hand);
    const mask = new Uint8Array(hand.img.width * hand.img.height);
    for (const h of handsOnFace(models, hand.img, hand.face)) fillHand(mask, hand.img.width, hand.img.height, 0, 0, h, 0.02 * hand.face.size);
    const img = pasteFrom(source.img, source.face, hand.img, hand.face, mask).img;
    const covered = { img, face: { ...source.face, hands: handsOnFace(models, img, source.face) } };
    expect(covered.face.hands).toHaveLength(1);
    const withTwins = gapFrom(clean, swap(covered)), withoutTwins = gapFrom(clean, swap(covered, ['uncover', 'hand share']));
    expect(withTwins).toBeLessThan(0.6 * withoutTwins);
  });

  it('keeps the target’s hat brim over its brows in front of the new face', () => {
    const hat = redHat(target.img, target.face);
    const out = swap(source, [], { img: hat.img, face: target.face });
    let changed = 0, n = 0;
    for (let i = 0; i < hat.mask.length; i++) {
      if (!hat.mask[i]) continue;
      n++;
      if (Math.max(...[0, 1, 2].map((c) => Math.abs(out.data[3 * i + c]! - hat.img.data[3 * i + c]!))) > 8) changed++;
    }
    expect(changed / n).toBeLessThan(0.01);
  });
});

describe('a twin taken from a face lit from one side', () => {
  it('takes the colour of the skin it meets, not the other side\'s', () => {
    const topo = topology();
    const n = topo.triClass.length;
    const u = (t: number) => [0, 1, 2].reduce((a, v) => a + topo.uv[2 * topo.triangles[3 * t + v]!]!, 0) / 3;
    // Bare skin everywhere, lit twice as brightly on the u < ½ side; a strip of that side's outer
    // cheek covered from beyond the face (as a hood would).
    const share = Float32Array.from(topo.triClass, (c) => (judged(c) ? 0 : -1));
    const colour = new Float32Array(3 * n);
    for (let t = 0; t < n; t++) colour.set(u(t) < 0.5 ? [200, 150, 120] : [100, 75, 60], 3 * t);
    for (let t = 0; t < n; t++) if (judged(topo.triClass[t]!) && u(t) < 0.2) share[t] = 1;
    const triClass = Uint8Array.from(topo.triClass);
    const r = routeCovered({ share, halfLum: [140, 140], colour }, null, canonicalFace(400, 0, 0), topo, triClass, null);
    expect(r.twinned).toBeGreaterThan(5);
    let taken = 0;
    for (let t = 0; t < n; t++) {
      if (Number.isNaN(r.gain![9 * t]!)) continue;
      taken++;
      // Each corner, each channel: 200 / 100, 150 / 75, 120 / 60.
      for (let k = 0; k < 9; k++) expect(r.gain![9 * t + k]).toBeCloseTo(2, 3);
    }
    expect(taken).toBe(r.twinned);
  });
});

describe('strands of hair over the face photo', () => {
  const routed = (d: Decoded, strands: boolean) => {
    const topo = topology(), pts = flatPoints(d.face), triClass = Uint8Array.from(topo.triClass);
    const r = routeCovered(notSkinShares(d.img, d.face, pts, topo, strands), null, pts, topo, triClass, null);
    return { n: r.twinned + r.toTarget, lower: [...triClass].filter((c, t) => c === TRI_OUTER && topo.triClass[t] === TRI_SKIN).length };
  };

  it('leave out red strands over the brow and temple, not the skin or the beard', async () => {
    await loadModels();
    // Long red hair falling over one side of the forehead and temple.
    const red = await decodedWithFace(readFileSync(join(DEMO_PORTRAITS_DIR, 'p02_woman-long-red-hair.jpg')));
    const withStrands = routed(red, true), without = routed(red, false);
    expect(withStrands.n - without.n).toBeGreaterThanOrEqual(20);
    expect(withStrands.lower).toBe(without.lower);
    // Hair the colour of the skin around a face (white, blond) or far from it (a cap) changes nothing.
    for (const name of [FILES.eastAsian, FILES.wireGlasses]) {
      const d = await decodedWithFace(name);
      expect(routed(d, true).n).toBe(routed(d, false).n);
    }
  });
});
