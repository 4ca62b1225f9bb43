// Sets of "several photos of one person" made from the repository's face fixtures: a fixture's
// licence allows crops and flips, so each person's photos are the fixture itself and copies of it
// seen otherwise — mirrored (the head turned and lit the other way), cropped closer, rotated, and
// relit from one side. The first photo is always the fixture as it is. The benchmark swaps each
// person onto each target from the first photo, then from all the photos (closest per face).
import sharp from 'sharp';
import { detectFaces, loadModels, swapFaces } from '../src/index.ts';
import { decodeImage } from '../src/io/decode.ts';
import { detectOnImage } from '../src/detect/detect.ts';
import { cosine, faceDescriptor } from '../src/detect/identity.ts';
import type { Face } from '../src/face/face.ts';

export interface PersonPhoto { label: string; buf: Buffer }

/** A light falling off from one side: the image multiplied by a horizontal ramp (1 → `low`). */
async function sideLight(buf: Buffer, fromLeft: boolean, low = 0.45): Promise<Buffer> {
  const { data, info } = await sharp(buf).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const out = Buffer.alloc(data.length);
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const t = x / Math.max(1, info.width - 1);
      const k = fromLeft ? 1 - (1 - low) * t : low + (1 - low) * t;
      for (let c = 0; c < 3; c++) {
        const o = (y * info.width + x) * 3 + c;
        out[o] = Math.min(255, Math.round(data[o]! * k));
      }
    }
  }
  return sharp(out, { raw: { width: info.width, height: info.height, channels: 3 } }).jpeg({ quality: 92 }).toBuffer();
}

/** The person's photos, first the fixture itself. */
export async function personPhotos(buf: Buffer): Promise<PersonPhoto[]> {
  const meta = await sharp(buf).metadata();
  const w = meta.width ?? 0, h = meta.height ?? 0;
  const jpeg = (s: sharp.Sharp) => s.jpeg({ quality: 92 }).toBuffer();
  const mirror = await jpeg(sharp(buf).flop());
  const side = Math.round(Math.min(w, h) * 0.8);
  return [
    { label: 'as is', buf },
    { label: 'mirrored', buf: mirror },
    { label: 'cropped 80%', buf: await jpeg(sharp(buf).extract({ left: Math.round((w - side) / 2), top: Math.round((h - side) / 2), width: side, height: side })) },
    { label: 'rotated 12°', buf: await jpeg(sharp(buf).rotate(12, { background: '#808080' })) },
    { label: 'mirrored, lit from the left', buf: await sideLight(mirror, true) },
  ];
}

export interface PhotoSetRow {
  person: string;
  target: string;
  mode: 'first' | 'best';
  /** Which of the person's photos the swap took. */
  photo: string;
  /** Pose gap the warp had to bridge: |Δyaw| + |Δpitch| (degrees) between the photo's face and the target's. */
  poseGap: number;
  /** Head rotation of the result's face against the target's (degrees, as the main benchmark reads it). */
  poseError: number | null;
  /** The result's face is nearest to this person among every person's first photo. */
  retrieved: boolean | null;
}

export interface PhotoSetInput {
  persons: Array<{ name: string; buf: Buffer }>;
  targets: Array<{ name: string; buf: Buffer }>;
}

/**
 * Each person onto each target twice: from the first photo only, and from all their photos
 * (the engine takes the closest one per target face). Returns one row per swap.
 */
export async function runPhotoSets(input: PhotoSetInput, log: (s: string) => void): Promise<PhotoSetRow[]> {
  const models = await loadModels();
  const people = [];
  for (const p of input.persons) {
    const photos = await personPhotos(p.buf);
    const first = await decodeImage(photos[0]!.buf);
    const face = (await detectOnImage(models, first)).find((f) => !f.tooSmall);
    if (!face) { log(`photo sets: no usable face in ${p.name}, left out`); continue; }
    const faces = [];
    for (const ph of photos) faces.push((await detectFaces(ph.buf)).faces.find((f) => !f.tooSmall) ?? null);
    people.push({ name: p.name, photos, faces, desc: await faceDescriptor(models, first, face) });
  }
  const rows: PhotoSetRow[] = [];
  for (const tg of input.targets) {
    const tImg = await decodeImage(tg.buf);
    const tFace = (await detectOnImage(models, tImg)).find((f) => !f.tooSmall);
    if (!tFace) { log(`photo sets: no usable face in target ${tg.name}, left out`); continue; }
    for (const p of people) {
      for (const mode of ['first', 'best'] as const) {
        let r;
        try {
          r = await swapFaces({ source: mode === 'best' ? p.photos.map((x) => x.buf) : p.photos[0]!.buf, target: tg.buf, identity: false });
        } catch (e) {
          log(`photo sets: ${p.name} × ${tg.name} (${mode}) failed: ${(e as Error).message}`);
          continue;
        }
        const k = r.faces.sourcePhotos?.[0] ?? 0;
        const used = p.faces[k];
        const poseGap = used ? Math.abs(used.rotation.yaw - tFace.rotation.yaw) + Math.abs(used.rotation.pitch - tFace.rotation.pitch) : NaN;
        const out = await decodeImage(r.image);
        const found = (await detectOnImage(models, out)).sort((a, b) => centreGap(a, tFace) - centreGap(b, tFace))[0];
        let retrieved: boolean | null = null, poseError: number | null = null;
        if (found) {
          const d = await faceDescriptor(models, out, found);
          let best = -2, who = '';
          for (const q of people) { const c = cosine(d, q.desc); if (c > best) { best = c; who = q.name; } }
          retrieved = who === p.name;
          poseError = Math.hypot(found.rotation.yaw - tFace.rotation.yaw, found.rotation.pitch - tFace.rotation.pitch, found.rotation.roll - tFace.rotation.roll);
        }
        rows.push({ person: p.name, target: tg.name, mode, photo: p.photos[k]!.label, poseGap, poseError, retrieved });
        log(`photo sets: ${p.name} × ${tg.name} ${mode}: ${p.photos[k]!.label}, pose gap ${poseGap.toFixed(1)}°, retrieved ${retrieved}`);
      }
    }
  }
  return rows;
}

function centreGap(a: Face, b: Face): number {
  return Math.hypot(a.box.x + a.box.width / 2 - b.box.x - b.box.width / 2, a.box.y + a.box.height / 2 - b.box.y - b.box.height / 2);
}

/** The table: per mode, retrieval (count and share), median and mean pose gap and result pose error. */
export function photoSetTable(rows: PhotoSetRow[]): string {
  const lines = [
    'Several photos of one person: "first photo" swaps from the photo as it is; "best of the photos" lets the engine take,',
    'per target face, the photo closest in head pose and light (closestPhoto). Each person\'s photos are one fixture and',
    'copies of it: mirrored (turned and lit the other way), cropped to 80%, rotated 12°, mirrored and relit from the left.',
    '',
    '| mode | swaps | identity retrieval | pose gap median / mean | result pose error median / mean |',
    '|---|---|---|---|---|',
  ];
  for (const mode of ['first', 'best'] as const) {
    const r = rows.filter((x) => x.mode === mode);
    const scored = r.filter((x) => x.retrieved !== null);
    const hits = scored.filter((x) => x.retrieved).length;
    const gaps = r.map((x) => x.poseGap).filter(Number.isFinite);
    const errs = r.map((x) => x.poseError).filter((v): v is number => v !== null);
    lines.push(`| ${mode === 'first' ? 'first photo' : 'best of the photos'} | ${r.length} | ${hits}/${scored.length} (${scored.length ? Math.round((100 * hits) / scored.length) : 0}%) | ${med(gaps).toFixed(1)}° / ${mean(gaps).toFixed(1)}° | ${med(errs).toFixed(1)}° / ${mean(errs).toFixed(1)}° |`);
  }
  const picks = new Map<string, number>();
  for (const x of rows.filter((y) => y.mode === 'best')) picks.set(x.photo, (picks.get(x.photo) ?? 0) + 1);
  lines.push('', `photos taken by "best": ${[...picks].map(([k, v]) => `${k} ${v}`).join(', ')}`);
  return lines.join('\n');
}

function med(v: number[]): number {
  const s = [...v].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : NaN;
}
function mean(v: number[]): number {
  return v.length ? v.reduce((a, b) => a + b, 0) / v.length : NaN;
}
