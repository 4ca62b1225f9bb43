// The swap job's work: the photos read, the engine run, the labelled result stored and the row
// moved to done. Safe to run more than once for one swap: a done swap is left alone, results go to
// keys derived from the swap id (a re-run overwrites, never adds), and the row moves to done once.
import type { SwapErrorCode } from '@visage/contracts';
import type { TargetAnalysis } from '@visage/engine';
import { manipulationXmp, withXmp } from './labelling.ts';
import { failOnCodedError, type MediaStore, type SavedFaceKeys, type SwapEngine } from './ports.ts';
import type { SwapRow, SwapsRepository } from './repository.ts';
import { parseFaceMap } from './face-map.ts';

/** The face analysis kept for a stored target (a catalogue photo), or null. */
export type StoredAnalyses = (targetKey: string) => Promise<TargetAnalysis | null>;

export interface SwapProgress {
  stage: string;
  progress: number;
}

/** What the job needs of the swaps service: its stores, and the moves that tell the gallery and the listeners. */
export interface SwapRunDeps {
  repo: SwapsRepository;
  storage: MediaStore;
  now: () => number;
  /** Where a saved face named as the source is found; null when none is set up. */
  savedFaces: () => SavedFaceKeys | null;
  analyses: StoredAnalyses;
  fail(swapId: string, code: SwapErrorCode): Promise<boolean>;
  changed(uid: string): void;
  ended(swap: string | SwapRow): Promise<void>;
}

export async function runSwap(d: SwapRunDeps, swapId: string, report: (p: SwapProgress) => void, engine: SwapEngine): Promise<{ swapId: string; status: string }> {
  const row = await d.repo.findById(swapId);
  if (!row) return { swapId, status: 'missing' };
  // A finished swap is left alone: done counts once, failed has given its allowance back.
  if (row.status === 'done' || row.status === 'failed') {
    await d.ended(row);
    return { swapId, status: row.status };
  }
  await d.repo.markRunning(swapId);
  d.changed(row.uid);
  report({ stage: 'load', progress: 0.02 });
  const map = parseFaceMap(row.face_map);
  const [photos, target, saved] = await Promise.all([
    Promise.all((map?.sources ?? [[row.source_key]]).map((keys) => Promise.all(keys.map((k) => d.storage.get(k))))),
    d.storage.get(row.target_key),
    map ? null : (d.savedFaces()?.sourcePhotos(row.uid, row.source_key) ?? null),
  ]);
  const sources = photos.map((list) => list.flatMap((f) => (f ? [f.body] : [])));
  // A saved face: every photo it has now (one removed since the upload leaves the others), with
  // the face and light read when each was saved.
  if (saved && saved.length > 0) sources[0] = saved.map((p) => p.body);
  if (!target || sources.some((list, j) => list.length === 0 || (!saved && list.length !== photos[j]!.length))) {
    await d.fail(swapId, 'engine_failed');
    return { swapId, status: 'failed' };
  }
  try {
    const known = row.target_analysis ? (JSON.parse(row.target_analysis) as TargetAnalysis) : row.target_key.startsWith('uploads/') ? null : await d.analyses(row.target_key);
    const [first, ...more] = sources.map((list) => (list.length === 1 ? list[0]! : list));
    const result = await engine.swap({
      source: first!,
      target: target.body,
      ...(saved && saved.length > 0 ? { sourceAnalyses: saved.map((p) => p.analysis) } : {}),
      ...(more.length > 0 ? { moreSources: more } : {}),
      ...(map?.pairs ? { pairs: map.pairs } : {}),
      ...(map?.sourceFaces ? { sourceFaces: map.sourceFaces } : {}),
      ...(known ? { targetAnalysis: known } : {}),
      identity: false,
      onProgress: (stage, fraction) => report({ stage, progress: 0.05 + 0.85 * fraction }),
    });
    report({ stage: 'store', progress: 0.92 });
    const ext = result.thumbnailType === 'image/webp' ? 'webp' : 'jpg';
    const keys = { result_key: `results/${row.uid}/${swapId}.jpg`, thumb_key: `results/${row.uid}/${swapId}-thumb.${ext}` };
    const labelled = withXmp(result.image, manipulationXmp(new Date(d.now())));
    await Promise.all([
      d.storage.put(keys.result_key, labelled, 'image/jpeg'),
      d.storage.put(keys.thumb_key, result.thumbnail, result.thumbnailType),
    ]);
    // usage already counts this swap (reserved at upload): done changes nothing there.
    if (!(await d.repo.markDone(swapId, keys, { timings: result.timings, warnings: result.warnings ?? [] }, d.now()))) {
      // Failed meanwhile (an attempt given up on while this one ran): its files are nobody's.
      // Done by another attempt, the same keys are that attempt's and stay.
      const now = await d.repo.findById(swapId);
      if (now?.status !== 'done') await Promise.allSettled([d.storage.delete(keys.result_key), d.storage.delete(keys.thumb_key)]);
      return { swapId, status: now?.status ?? 'missing' };
    }
    d.changed(row.uid);
    report({ stage: 'done', progress: 1 });
    await d.ended(swapId);
    return { swapId, status: 'done' };
  } catch (err) {
    // Once a retried job has failed for good, its onFailed hook fails the swap (one path for every adapter and cause).
    return await failOnCodedError(err, swapId, (id, code) => d.fail(id, code));
  }
}
