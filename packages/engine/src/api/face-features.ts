// Eyes, nose, lips and cheeks suggestions for a catalogue photo, read from the face mesh in the
// face's own frame (eye line level, inter-ocular distance = 1), so head roll and photo size do
// not change them. Rules of thumb for operators to confirm, not measurements of a person.

type P = [number, number, number];

export type EyesShape = 'almond' | 'round' | 'hooded' | 'upturned' | 'downturned' | 'deepSet' | 'protruding';
export type NoseShape = 'straight' | 'aquiline' | 'bulbous' | 'snub' | 'button';
export type LipsShape = 'full' | 'thin' | 'round' | 'wide' | 'heartShaped' | 'bowShaped' | 'downwardTurned';
export type CheeksShape = 'round' | 'square' | 'long' | 'heartShaped' | 'oval' | 'diamond';

export interface FeatureMeasures {
  /** Eye opening over eye width, both eyes averaged. */
  eyeOpening: number;
  /** How much higher the outer corners sit than the inner ones, over eye width (negative: lower). */
  eyeTilt: number;
  /** How far behind the brows the upper lids sit (mesh depth, inter-ocular units). */
  eyeDepth: number;
  /** Nose length (root to base) over face length. */
  noseLength: number;
  /** Nose tip width over the distance between the inner eye corners. */
  tipWidth: number;
  /** How far the tip stands out in front of the root (mesh depth, inter-ocular units). */
  tipProjection: number;
  /** Mouth width, inter-ocular units. */
  mouthWidth: number;
  /** Lip height (outer upper to outer lower) over mouth width. */
  lipHeight: number;
  /** Upper lip height over lower lip height. */
  upperToLower: number;
  /** How much lower the mouth corners sit than the lips' middle, over mouth width. */
  cornerDrop: number;
  /** Width at the mouth's level, jaw angle width and eye-to-jaw height, each over cheekbone width. */
  midCheek: number;
  jaw: number;
  cheekHeight: number;
}

/** The mesh's points in the face frame: origin between the outer eye corners (33, 263), x along them, unit their distance. */
function faceFrame(lm: P[]): (i: number) => P {
  const l = lm[33]!, r = lm[263]!;
  const angle = Math.atan2(r[1] - l[1], r[0] - l[0]);
  const cos = Math.cos(-angle), sin = Math.sin(-angle);
  const cx = (l[0] + r[0]) / 2, cy = (l[1] + r[1]) / 2;
  const unit = Math.hypot(r[0] - l[0], r[1] - l[1]) || 1;
  return (i) => {
    const [x, y, z] = lm[i]!;
    const dx = x - cx, dy = y - cy;
    return [(dx * cos - dy * sin) / unit, (dx * sin + dy * cos) / unit, z / unit];
  };
}

export function featureMeasures(lm: P[]): FeatureMeasures {
  const at = faceFrame(lm);
  const d = (a: number, b: number) => Math.hypot(at(a)[0] - at(b)[0], at(a)[1] - at(b)[1]) || 1e-6;
  const mean = (a: number, b: number, axis: 0 | 1 | 2) => (at(a)[axis] + at(b)[axis]) / 2;
  // Eyes: 33/133 and 263/362 are the corners, 159/145 and 386/374 the lids; 105/334 the brows.
  const eyeWidth = (d(33, 133) + d(263, 362)) / 2;
  const mouth = d(61, 291);
  const cheekbones = d(234, 454);
  return {
    eyeOpening: (d(159, 145) / d(33, 133) + d(386, 374) / d(263, 362)) / 2,
    eyeTilt: (at(133)[1] - at(33)[1] + at(362)[1] - at(263)[1]) / 2 / eyeWidth,
    eyeDepth: mean(159, 386, 2) - mean(105, 334, 2),
    // Nose: 168 its root, 2 its base, 1 its tip, 48/278 the sides of the tip.
    noseLength: d(168, 2) / d(10, 152),
    tipWidth: d(48, 278) / d(133, 362),
    tipProjection: at(168)[2] - at(1)[2],
    // Lips: 61/291 the corners, 0/17 the outer middle, 13/14 the inner middle.
    mouthWidth: mouth,
    lipHeight: d(0, 17) / mouth,
    upperToLower: d(0, 13) / d(14, 17),
    cornerDrop: (mean(61, 291, 1) - mean(13, 14, 1)) / mouth,
    // Cheeks: 234/454 the cheekbones, 132/361 the cheeks at the mouth, 172/397 the jaw angles.
    midCheek: d(132, 361) / cheekbones,
    jaw: d(172, 397) / cheekbones,
    cheekHeight: (at(172)[1] - at(145)[1] + at(397)[1] - at(374)[1]) / 2 / cheekbones,
  };
}

// The thresholds below were set on the 30 demo portraits (scripts/suggest-calibrate.ts prints the
// measures) so that each value picks out the few faces furthest out on its measure; the rest get
// the common shape. Monolid and protruding lids, Roman, Greek, hawk and Nubian noses need a side
// view or the lid crease, which a frontal mesh does not give: they are never suggested.

export function eyesShapeOf(m: FeatureMeasures): EyesShape {
  if (m.eyeDepth >= 0.09) return 'deepSet';
  if (m.eyeDepth <= 0.02) return 'protruding';
  if (m.eyeOpening >= 0.43) return 'round';
  if (m.eyeOpening <= 0.3) return 'hooded';
  if (m.eyeTilt >= 0.11) return 'upturned';
  if (m.eyeTilt <= -0.01) return 'downturned';
  return 'almond';
}

export function noseShapeOf(m: FeatureMeasures): NoseShape {
  if (m.tipProjection >= 0.2) return 'aquiline';
  if (m.tipWidth >= 1.18) return 'bulbous';
  if (m.noseLength <= 0.3) return 'snub';
  if (m.tipProjection <= 0.07) return 'button';
  return 'straight';
}

export function lipsShapeOf(m: FeatureMeasures): LipsShape {
  if (m.cornerDrop >= 0.03) return 'downwardTurned';
  if (m.lipHeight >= 0.4) return m.mouthWidth <= 0.55 ? 'round' : 'full';
  if (m.lipHeight <= 0.27) return 'thin';
  if (m.mouthWidth >= 0.65) return 'wide';
  // An upper lip nearly as high as the lower one: the heart's two lobes.
  if (m.upperToLower >= 0.72) return 'heartShaped';
  return 'bowShaped';
}

export function cheeksShapeOf(m: FeatureMeasures): CheeksShape {
  if (m.cheekHeight >= 0.61) return 'long';
  if (m.jaw >= 0.84) return 'square';
  if (m.cheekHeight <= 0.48) return 'round';
  if (m.jaw <= 0.76) return 'diamond';
  if (m.midCheek <= 0.93) return 'heartShaped';
  return 'oval';
}
