// One bulk from the click to its last result: uploads, then follows every target's job and keeps
// each one's status, progress and failure code. Sets the UI state's processing flag and bulk length.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { BulkUploadResponse, JobEvent } from '@visage/contracts';
import { isApiError } from '../../../lib/api-client';
import { useAppDispatch } from '../../../store/hooks';
import { setFaceSwapBulkLength, setFaceSwapProcessing } from '../../../store/ui-slice';
import { followJobs } from '../lib/follow-jobs';

export type TargetStatus = 'queued' | 'running' | 'done' | 'failed';

export interface RunItem {
  name: string;
  jobId: string;
  swapId: string;
  status: TargetStatus;
  /** 0..1 while running. */
  progress: number;
  /** The failure code (translated by the page). */
  code?: string;
}

export interface BulkRun {
  phase: 'idle' | 'uploading' | 'running' | 'finished';
  items: RunItem[];
  /** Targets that ended (done or failed). */
  ended: number;
  /** The upload's own failure code, when the bulk was refused. */
  error: string | null;
  start: (names: string[], upload: () => Promise<BulkUploadResponse>) => void;
}

export function useBulkRun(onTargetDone?: (swapId: string) => void): BulkRun {
  const dispatch = useAppDispatch();
  const [stage, setPhase] = useState<'idle' | 'uploading' | 'running'>('idle');
  const [items, setItems] = useState<RunItem[]>([]);
  const [error, setError] = useState<string | null>(null);
  const stopRef = useRef<(() => void) | null>(null);
  const doneRef = useRef(onTargetDone);
  useEffect(() => {
    doneRef.current = onTargetDone;
  }, [onTargetDone]);
  useEffect(() => () => stopRef.current?.(), []);

  const ended = items.filter((i) => i.status === 'done' || i.status === 'failed').length;
  const phase: BulkRun['phase'] = stage === 'running' && items.length > 0 && ended === items.length ? 'finished' : stage;
  useEffect(() => {
    if (phase === 'finished') dispatch(setFaceSwapProcessing(false));
  }, [dispatch, phase]);

  const onEvent = useCallback((event: JobEvent) => {
    setItems((list) =>
      list.map((item) => {
        if (item.jobId !== event.jobId || item.status === 'done' || item.status === 'failed') return item;
        if (event.type === 'running') return { ...item, status: 'running', progress: Math.max(item.progress, event.progress) };
        if (event.type === 'done') return { ...item, status: 'done', progress: 1 };
        if (event.type === 'failed') return { ...item, status: 'failed', code: event.code };
        return item;
      }),
    );
    if (event.type === 'done') doneRef.current?.(event.swapId);
  }, []);

  const start = useCallback(
    (names: string[], upload: () => Promise<BulkUploadResponse>) => {
      stopRef.current?.();
      setError(null);
      setItems([]);
      setPhase('uploading');
      dispatch(setFaceSwapProcessing(true));
      dispatch(setFaceSwapBulkLength(names.length));
      upload().then(
        (res) => {
          console.info('Bulk swap created', res);
          setItems(res.swaps.map((s, i) => ({ name: names[i] ?? '', jobId: s.jobId, swapId: s.id, status: 'queued', progress: 0 })));
          setPhase('running');
          stopRef.current = followJobs(res.swaps.map((s) => s.jobId), onEvent);
        },
        (err: unknown) => {
          console.error(err);
          setError(isApiError(err) ? err.code : 'unknown');
          setPhase('idle');
          dispatch(setFaceSwapProcessing(false));
        },
      );
    },
    [dispatch, onEvent],
  );

  return { phase, items, ended, error, start };
}
