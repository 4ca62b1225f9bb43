// followJobs keeps at most `maxOpen` event streams open and opens the next one as a job ends.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { followJobs } from './follow-jobs';

class FakeEventSource {
  static readonly CLOSED = 2;
  static all: FakeEventSource[] = [];
  readyState = 0;
  readonly listeners = new Map<string, (e: MessageEvent<string>) => void>();
  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }
  addEventListener(type: string, fn: (e: MessageEvent<string>) => void) {
    this.listeners.set(type, fn);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(type: string, data: unknown) {
    this.listeners.get(type)?.({ data: JSON.stringify(data) } as MessageEvent<string>);
  }
}

const open = () => FakeEventSource.all.filter((s) => s.readyState !== FakeEventSource.CLOSED);

beforeEach(() => {
  FakeEventSource.all = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => vi.unstubAllGlobals());

describe('followJobs', () => {
  it('opens at most 4 streams, the next one when a job ends, and passes every event on', () => {
    const events: string[] = [];
    const stop = followJobs(['j1', 'j2', 'j3', 'j4', 'j5', 'j6'], (e) => events.push(`${e.jobId}:${e.type}`));
    expect(open().map((s) => s.url)).toEqual(['j1', 'j2', 'j3', 'j4'].map((j) => `/app/api/jobs/${j}/events`));
    open()[0]!.emit('running', { type: 'running', jobId: 'j1', stage: 'swap', progress: 0.5 });
    expect(open()).toHaveLength(4);
    open()[0]!.emit('done', { type: 'done', jobId: 'j1', swapId: 's1' });
    expect(open().map((s) => s.url.split('/')[4])).toEqual(['j2', 'j3', 'j4', 'j5']);
    open()[0]!.emit('failed', { type: 'failed', jobId: 'j2', code: 'no_face_target', message: 'x' });
    expect(open().map((s) => s.url.split('/')[4])).toEqual(['j3', 'j4', 'j5', 'j6']);
    expect(events).toEqual(['j1:running', 'j1:done', 'j2:failed']);
    stop();
    expect(open()).toHaveLength(0);
  });
});
