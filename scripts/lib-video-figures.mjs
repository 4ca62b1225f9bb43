// How steady a swapped video is, compared with the clip it was made from (bench:video):
//   temporal stability: the mean absolute frame-to-frame change inside the swapped face's box, the
//     result's over the clip's. A swap that flickers or crawls changes more from frame to frame
//     than the face it replaced did; 1 is as steady as the clip.
//   landmark jitter: the mean size of the face mesh points' second difference over frames (their
//     acceleration), in face heights, the result's over the clip's. A face that trembles from
//     frame to frame has large second differences even where its motion is slow.
// Pure functions over plain numbers and RGB24 frames ({ width, height, data }).

/** What the swapped video should stay within, as ratios to the clip. */
export const VIDEO_TARGETS = { temporalStability: 1.3 };

/**
 * Mean absolute difference per channel value (0..255) between frames `a` and `b` (same size) inside
 * `box` ({ x, y, width, height }, clipped to the frame). NaN when the box holds no pixel.
 */
export function boxChange(a, b, box) {
  if (a.width !== b.width || a.height !== b.height) throw new Error('frames of different sizes');
  const x0 = Math.max(0, Math.floor(box.x)), y0 = Math.max(0, Math.floor(box.y));
  const x1 = Math.min(a.width, Math.ceil(box.x + box.width)), y1 = Math.min(a.height, Math.ceil(box.y + box.height));
  if (x1 <= x0 || y1 <= y0) return NaN;
  let sum = 0;
  for (let y = y0; y < y1; y++) {
    const row = (y * a.width + x0) * 3;
    const end = (y * a.width + x1) * 3;
    for (let i = row; i < end; i++) sum += Math.abs(a.data[i] - b.data[i]);
  }
  return sum / ((x1 - x0) * (y1 - y0) * 3);
}

const mean = (xs) => xs.reduce((s, x) => s + x, 0) / xs.length;

/**
 * The result's frame-to-frame change over the clip's, from the two lists of per-pair changes
 * (boxChange of frames k and k+1, in the same box for both; NaN or null where there was no face).
 * Only pairs measured in both count. 1 when neither changes at all; Infinity when only the result does;
 * NaN with no pair to compare.
 */
export function temporalStability(resultChanges, originalChanges) {
  const pairs = resultChanges.map((r, k) => [r, originalChanges[k]]).filter(([r, o]) => Number.isFinite(r) && Number.isFinite(o));
  if (pairs.length === 0) return NaN;
  const r = mean(pairs.map(([x]) => x));
  const o = mean(pairs.map(([, x]) => x));
  if (o === 0) return r === 0 ? 1 : Infinity;
  return r / o;
}

/**
 * Mean magnitude of the landmarks' second difference over frames, divided by the face's height:
 * `track[k]` is frame k's face as { points: [[x, y], …], height } or null where none was found.
 * Only runs of three frames with a face count. NaN with none.
 */
export function landmarkJitter(track) {
  const perFrame = [];
  for (let k = 1; k + 1 < track.length; k++) {
    const [a, b, c] = [track[k - 1], track[k], track[k + 1]];
    if (!a || !b || !c || !(b.height > 0)) continue;
    const n = Math.min(a.points.length, b.points.length, c.points.length);
    if (n === 0) continue;
    let sum = 0;
    for (let i = 0; i < n; i++) {
      sum += Math.hypot(a.points[i][0] - 2 * b.points[i][0] + c.points[i][0], a.points[i][1] - 2 * b.points[i][1] + c.points[i][1]);
    }
    perFrame.push(sum / n / b.height);
  }
  return perFrame.length ? mean(perFrame) : NaN;
}

/** The result's landmark jitter over the clip's (landmarkJitter of each); NaN when either is unknown or the clip's is 0. */
export function jitterRatio(resultTrack, originalTrack) {
  const r = landmarkJitter(resultTrack);
  const o = landmarkJitter(originalTrack);
  return o > 0 ? r / o : NaN;
}
