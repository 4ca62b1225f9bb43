// What the video form knows of a chosen clip, each step once the one before allows it: the
// server's video status (limits and allowance), the clip's metadata read in the browser, the
// problem that stops it if any, then the people the server finds in it.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { VideoPeopleResponse, VideoStatus } from '@visage/contracts';
import { isApiError } from '../../../lib/api-client';
import { fetchVideoStatus, findPeople } from '../api/video';
import { clipProblem, readClipFacts, type ClipFacts, type ClipProblem } from '../lib/video-checks';

type Loaded<T> = { state: 'loading' } | { state: 'failed'; code: string } | { state: 'ready'; value: T };

export interface VideoClip {
  status: Loaded<VideoStatus>;
  /** undefined while being read; null when the browser cannot read it (the server then decides). */
  facts: ClipFacts | null | undefined;
  problem: ClipProblem | null;
  people: Loaded<VideoPeopleResponse> | null;
  /** Reads the status again (after a retry, a cancel or a finished swap: the allowance moved). */
  reloadStatus: () => void;
}

const codeOf = (error: unknown) => (isApiError(error) ? error.code : 'network_error');

export function useVideoClip(clip: File): VideoClip {
  const [status, setStatus] = useState<Loaded<VideoStatus>>({ state: 'loading' });
  const [statusVersion, setStatusVersion] = useState(0);
  const [read, setRead] = useState<{ clip: File; facts: ClipFacts | null } | null>(null);
  const [found, setFound] = useState<{ clip: File; people: Loaded<VideoPeopleResponse> } | null>(null);

  useEffect(() => {
    let current = true;
    fetchVideoStatus().then(
      (value) => current && setStatus({ state: 'ready', value }),
      (error: unknown) => current && setStatus({ state: 'failed', code: codeOf(error) }),
    );
    return () => {
      current = false;
    };
  }, [statusVersion]);

  useEffect(() => {
    let current = true;
    void readClipFacts(clip).then((facts) => current && setRead({ clip, facts }));
    return () => {
      current = false;
    };
  }, [clip]);

  const facts = read?.clip === clip ? read.facts : undefined;
  const problem = status.state === 'ready' && facts !== undefined ? clipProblem(status.value, clip, facts) : null;
  const canLook = status.state === 'ready' && facts !== undefined && problem === null;

  // The people are looked for once per clip; a later status read (the allowance moved) keeps them.
  const askedFor = useRef<File | null>(null);
  useEffect(() => {
    if (!canLook || askedFor.current === clip) return;
    const abort = new AbortController();
    findPeople(clip, abort.signal).then(
      (value) => {
        askedFor.current = clip;
        setFound({ clip, people: { state: 'ready', value } });
      },
      (error: unknown) => {
        if (abort.signal.aborted) return;
        askedFor.current = clip;
        setFound({ clip, people: { state: 'failed', code: codeOf(error) } });
      },
    );
    return () => abort.abort();
  }, [canLook, clip]);

  const reloadStatus = useCallback(() => {
    setStatus((previous) => (previous.state === 'failed' ? { state: 'loading' } : previous));
    setStatusVersion((n) => n + 1);
  }, []);

  return { status, facts, problem, people: canLook && found?.clip === clip ? found.people : canLook ? { state: 'loading' } : null, reloadStatus };
}
