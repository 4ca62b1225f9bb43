// One swap from the click to its end: sets the global processing flag,
// uploads, follows the job's events and drives the progress bar. Success keeps the flag on
// (the gallery clears it when the new result shows); failure clears it and gives the button back.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { JobEvent, UploadResponse } from '@visage/contracts';
import { isApiError } from '../../../lib/api-client';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { setFaceSwapProcessing } from '../../../store/ui-slice';
import { uploadSwap } from '../api/upload-swap';
import { followJob } from '../../../lib/job-events';
import { fetchPendingCount, fetchSwapStatus } from '../api/swap-status';
import { nextProgress, PROGRESS_TICK_MS } from '../lib/progress';
import { reasonKey } from '../lib/failure-reason';
import { notify } from '../../../lib/notify';
import type { FaceChoice } from '../../../lib/face-choice';
import type { FaceSource } from '../../../lib/face-source';

const STATUS_POLL_MS = 5000;

export type SwapPhase = 'idle' | 'uploading' | 'queued' | 'running' | 'finishing';

export interface SwapJob<T = File> {
  phase: SwapPhase;
  /** Percent shown by the bar. */
  progress: number;
  /** The reason of the last failure, translated, for the inline message. */
  failure: string | null;
  /** The stable code of the last failure (e.g. quota_exceeded, to link to the plans). */
  failureCode: string | null;
  /** `choice`: the faces chosen with the face picker (none: the largest face, the one face photo). */
  start: (target: T | null, source: FaceSource | null, choice?: FaceChoice) => void;
  /** The swap being followed, once the upload answered (a video's Cancel names it). */
  swapId: string | null;
  /** A video's frames swapped so far, and the time left, from its running events. */
  frames: { done: number; total: number } | null;
  etaMs: number | null;
  /** Stops following the swap and gives the button back, saying nothing (a cancelled video). */
  stop: () => void;
}

export interface SwapJobOptions<T = File> {
  uid: string;
  /** Called as soon as the result exists, so the gallery can show it at once. */
  onDone?: (swapId: string) => void;
  /** The upload call; the main swap's POST /upload by default (pro modes send a catalogue url or a file). */
  upload?: (uid: string, target: T, source: FaceSource, choice?: FaceChoice) => Promise<UploadResponse>;
  /** The translation key of a failure's reason (a video words some reasons its own way). */
  reasonKeyOf?: (code: string | undefined) => string;
  /** The translation key of the alert once the result exists (a video has its own words). */
  successKey?: string;
}

const mainUpload = (uid: string, target: unknown, source: FaceSource, choice?: FaceChoice) => uploadSwap(uid, target as File, source, choice);

export function useSwapJob<T = File>({ uid, onDone, upload = mainUpload, reasonKeyOf = reasonKey, successKey = 'alerts.success' }: SwapJobOptions<T>): SwapJob<T> {
  const { t } = useTranslation('swap');
  const dispatch = useAppDispatch();
  const processing = useAppSelector((state) => state.ui.faceSwapProcessing);
  const [phase, setPhase] = useState<SwapPhase>('idle');
  const [progress, setProgress] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const [failureCode, setFailureCode] = useState<string | null>(null);
  const [swapId, setSwapId] = useState<string | null>(null);
  const [frames, setFrames] = useState<SwapJob['frames']>(null);
  const [etaMs, setEtaMs] = useState<number | null>(null);
  const startedAt = useRef(0);
  const eventProgress = useRef<number | null>(null);
  const stopEvents = useRef<(() => void) | null>(null);
  const statusPoll = useRef<ReturnType<typeof setInterval> | null>(null);
  const onDoneRef = useRef(onDone);
  useEffect(() => {
    onDoneRef.current = onDone;
  }, [onDone]);

  const active = phase === 'uploading' || phase === 'queued' || phase === 'running';

  // The bar ticks every second while the job runs.
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      setProgress((previous) => nextProgress({ elapsedMs: Date.now() - startedAt.current, eventProgress: eventProgress.current, previous }));
    }, PROGRESS_TICK_MS);
    return () => clearInterval(timer);
  }, [active]);

  const stopFollowing = useCallback(() => {
    stopEvents.current?.();
    stopEvents.current = null;
    if (statusPoll.current) clearInterval(statusPoll.current);
    statusPoll.current = null;
  }, []);

  // Leaving the page mid-swap stops following it (the gallery still picks the result up).
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      stopFollowing();
    };
  }, [stopFollowing]);

  // The flag is on but this page follows no swap (it was left mid-swap and opened again): the
  // flag ends once none of the user's swaps is still queued or running.
  const orphaned = processing && phase === 'idle';
  useEffect(() => {
    if (!orphaned || !uid) return;
    let cancelled = false;
    const check = () =>
      fetchPendingCount(uid).then(
        (pending) => {
          if (!cancelled && pending === 0) dispatch(setFaceSwapProcessing(false));
        },
        (error: unknown) => console.error(error),
      );
    void check();
    const timer = setInterval(() => void check(), STATUS_POLL_MS);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [dispatch, orphaned, uid]);

  const fail = useCallback(
    (code: string | undefined) => {
      stopFollowing();
      const reason = t(reasonKeyOf(code));
      setFailure(reason);
      setFailureCode(code ?? null);
      setPhase('idle');
      setProgress(0);
      dispatch(setFaceSwapProcessing(false));
      notify(`${t('alerts.failed')} ${reason}`, 'error');
    },
    [dispatch, reasonKeyOf, stopFollowing, t],
  );

  const stop = useCallback(() => {
    stopFollowing();
    setPhase('idle');
    setProgress(0);
    dispatch(setFaceSwapProcessing(false));
  }, [dispatch, stopFollowing]);

  const handleEvent = useCallback(
    (event: JobEvent) => {
      switch (event.type) {
        case 'queued':
          setPhase((p) => (p === 'uploading' ? 'queued' : p));
          break;
        case 'running':
          eventProgress.current = event.progress;
          if (event.frames) setFrames(event.frames);
          if (event.etaMs !== undefined) setEtaMs(event.etaMs);
          setPhase('running');
          setProgress((previous) => nextProgress({ elapsedMs: Date.now() - startedAt.current, eventProgress: event.progress, previous }));
          break;
        case 'done':
          stopFollowing();
          setPhase('finishing');
          setProgress(100);
          onDoneRef.current?.(event.swapId);
          notify(t(successKey));
          break;
        case 'failed':
          fail(event.code);
          break;
      }
    },
    [fail, stopFollowing, successKey, t],
  );

  const start = useCallback(
    (target: T | null, source: FaceSource | null, choice?: FaceChoice) => {
      if (!target || !source) {
        notify(t('alerts.missing'), 'error');
        return;
      }
      dispatch(setFaceSwapProcessing(true));
      startedAt.current = Date.now();
      eventProgress.current = null;
      setProgress(0);
      setFailure(null);
      setFailureCode(null);
      setSwapId(null);
      setFrames(null);
      setEtaMs(null);
      setPhase('uploading');
      upload(uid, target, source, choice).then(
        (created) => {
          console.info('Swap job created', created);
          if (!alive.current) return;
          setSwapId(created.id);
          setPhase((p) => (p === 'uploading' ? 'queued' : p));
          stopEvents.current = followJob(created.jobId, {
            onEvent: handleEvent,
            // The stream was refused (not a dropped connection, which EventSource retries):
            // the bar falls back to the formula and the swap's status is read every few seconds.
            onConnectionError: (closedForGood) => {
              if (!closedForGood || statusPoll.current) return;
              statusPoll.current = setInterval(() => {
                fetchSwapStatus(uid, created.id).then((item) => {
                  if (item?.status === 'done') handleEvent({ type: 'done', jobId: created.jobId, swapId: created.id });
                  else if (item?.status === 'failed') handleEvent({ type: 'failed', jobId: created.jobId, code: item.error?.code ?? 'engine_failed', message: item.error?.message ?? '' });
                }, (error: unknown) => console.error(error));
              }, STATUS_POLL_MS);
            },
          });
        },
        (error: unknown) => {
          console.error(error);
          if (!alive.current) {
            dispatch(setFaceSwapProcessing(false));
            return;
          }
          fail(isApiError(error) ? error.code : undefined);
        },
      );
    },
    [dispatch, fail, handleEvent, t, uid, upload],
  );

  // After the result exists the spinner stays until the gallery shows it and clears the flag.
  const shownPhase: SwapPhase = phase === 'finishing' && !processing ? 'idle' : phase;
  return { phase: shownPhase, progress, failure, failureCode, start, swapId, frames, etaMs, stop };
}
