// The swap form with a clip as the target, against fake fetch and EventSource: video off, a Free
// plan, the month's video swaps used, a clip too long or too large, the people cards, the
// progress in frames (EN, FR) and Cancel.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VideoPeopleResponse, VideoStatus } from '@visage/contracts';
import { createI18n, loadLanguage } from '../../../../lib/i18n';
import { createAppStore } from '../../../../store';
import type * as VideoChecks from '../../lib/video-checks';
import { SwapForm } from '../SwapForm';
import { FakeEventSource } from '../../../../test-event-source';

vi.mock('../../lib/compress-image', () => ({ compressImage: vi.fn(async (file: File) => file) }));

// jsdom reads no media: the clip's metadata is what each test says the browser found.
let facts: VideoChecks.ClipFacts | null = { duration: 8, width: 1280, height: 720 };
vi.mock('../../lib/video-checks', async (actual) => ({
  ...(await actual<typeof VideoChecks>()),
  readClipFacts: vi.fn(async () => facts),
}));

const standard: VideoStatus = { available: true, reason: null, maxSeconds: 60, maxBytes: 200 * 1024 * 1024, maxHeight: 1080, plan: 'standard', usage: 2, limit: 5, left: 3, resetDate: '2026-12-01' };
const pixel = 'data:image/jpeg;base64,AA==';
const twoPeople: VideoPeopleResponse = {
  duration: 8,
  width: 1280,
  height: 720,
  fps: 30,
  people: [
    { index: 0, thumbnail: pixel, seen: 0.92, size: 180, usable: true },
    { index: 1, thumbnail: pixel, seen: 0.4, size: 30, usable: false },
    { index: 2, thumbnail: pixel, seen: 0.35, size: 120, usable: true },
  ],
};

let status: VideoStatus;
const json = (body: unknown, code = 200) => new Response(JSON.stringify(body), { status: code, headers: { 'content-type': 'application/json' } });
const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
  if (url === '/app/api/video/status') return json(status);
  if (url === '/app/api/video/people') return json(twoPeople);
  if (url === '/app/api/video/upload') return json({ id: 'swap-9', jobId: 'video-swap-9', status: 'queued' }, 202);
  if (url === '/app/api/video/swap-9/cancel') return json({ id: 'swap-9', status: 'failed' });
  return json({ error: { code: 'not_found', message: url } }, 404);
});
const alertMock = vi.fn();

function renderForm(language: 'en' | 'fr' = 'en') {
  const store = createAppStore();
  render(
    <Provider store={store}>
      <I18nextProvider i18n={createI18n(language)}>
        <MemoryRouter>
          <SwapForm uid="user-1" />
        </MemoryRouter>
      </I18nextProvider>
    </Provider>,
  );
  return store;
}

const pick = (name: 'target' | 'source', file: File) =>
  act(async () => {
    fireEvent.change(screen.getByTestId(`swap-input-${name}`), { target: { files: [file] } });
  });
const clip = (size = 1000) => new File([new Uint8Array(size)], 'clip.mp4', { type: 'video/mp4' });
const calls = (url: string) => fetchMock.mock.calls.filter(([u]) => u === url);

// The video half and the contracts' schemas are lazy chunks: loaded once here, so that no test's
// wait includes their first import on a busy machine.
beforeAll(async () => {
  await Promise.all([import('./VideoSwap'), import('@visage/contracts')]);
});

beforeEach(() => {
  status = standard;
  facts = { duration: 8, width: 1280, height: 720 };
  vi.stubGlobal('alert', alertMock);
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('EventSource', FakeEventSource);
  URL.createObjectURL = vi.fn(() => 'blob:clip');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(console, 'info').mockImplementation(() => {});
  alertMock.mockClear();
  fetchMock.mockClear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function problemFor(): Promise<HTMLElement> {
  await pick('target', clip());
  return screen.findByTestId('video-problem', {}, { timeout: 5000 });
}

describe('the video swap form', () => {
  it('says why video is off, and asks nothing more of the server', async () => {
    status = { ...standard, available: false, reason: 'no_ffmpeg' };
    renderForm();
    expect((await problemFor()).textContent).toBe('Video swaps are off on this server: ffmpeg is not installed.');
    expect(screen.getByTestId('swap-preview-target-video').getAttribute('aria-label')).toBe('Target clip preview');
    expect((screen.getByRole('button', { name: 'Swap Faces in the Video' }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls('/app/api/video/people')).toHaveLength(0);
  });

  it('tells a Free user video needs a paid plan, with the plans link', async () => {
    status = { ...standard, plan: 'free', limit: 0, left: 0, usage: 0 };
    renderForm();
    const problem = await problemFor();
    expect(problem.textContent).toBe('Video swaps need a paid plan: Standard includes 5 a month, Premium has no limit. See the plans');
    expect(within(problem).getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe('/app/plans');
  });

  it('tells a Standard user at 5 of 5 the month’s video swaps are used, with the renewal date (EN, FR)', async () => {
    status = { ...standard, usage: 5, left: 0 };
    renderForm();
    expect((await problemFor()).textContent).toBe("You have used this month's 5 video swaps. They renew on December 1, 2026. See the plans");
    cleanup();
    await loadLanguage('fr');
    renderForm('fr');
    expect((await problemFor()).textContent).toBe('Vous avez utilisé les 5 échanges vidéo de ce mois-ci. Ils seront renouvelés le 1 décembre 2026. Voir les formules');
  });

  it('refuses a clip too long or too large before any upload, naming the limits', async () => {
    facts = { duration: 75, width: 640, height: 360 };
    renderForm();
    expect((await problemFor()).textContent).toBe('This clip lasts 75 seconds, and videos can last up to 60 seconds. Choose a shorter clip.');
    cleanup();
    facts = { duration: 8, width: 640, height: 360 };
    status = { ...standard, maxBytes: 1024 * 1024 };
    renderForm();
    await pick('target', clip(1.5 * 1024 * 1024));
    expect((await screen.findByTestId('video-problem', {}, { timeout: 5000 })).textContent).toBe('This clip weighs 1.5 MB, and videos can weigh up to 1 MB. Choose a shorter or smaller clip.');
    expect(calls('/app/api/video/people')).toHaveLength(0);
    expect(calls('/app/api/video/upload')).toHaveLength(0);
  });

  it('shows the people, the first chosen, one too small to choose; swaps the one picked and follows its frames', async () => {
    facts = { duration: 8, width: 3840, height: 2160 };
    renderForm();
    await pick('target', clip());
    const group = await screen.findByRole('group', { name: 'People in this clip' }, { timeout: 5000 });
    const radios = within(group).getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((r) => [r.checked, r.disabled])).toEqual([
      [true, false],
      [false, true],
      [false, false],
    ]);
    expect(within(group).getByRole('radio', { name: 'Person 1, Seen in 92% of the clip' })).toBe(radios[0]);
    expect(within(group).getByRole('radio', { name: 'Person 2, Seen in 40% of the clip, Too small to swap' })).toBe(radios[1]);
    expect(within(group).getByTestId('video-person-1').textContent).toContain('Too small to swap');
    expect(screen.getByTestId('video-downscale').textContent).toBe('Your clip is above 1080p: the result will be brought down to 1080p.');
    fireEvent.click(within(group).getByTestId('video-person-2'));
    expect(radios[2]!.checked).toBe(true);

    const swap = screen.getByRole('button', { name: 'Swap Faces in the Video' }) as HTMLButtonElement;
    expect(swap.disabled).toBe(true); // no face yet
    await pick('source', new File([new Uint8Array(10)], 'face.jpg', { type: 'image/jpeg' }));
    await act(async () => fireEvent.click(swap));
    const form = calls('/app/api/video/upload')[0]![1]!.body as FormData;
    expect(form.get('person')).toBe('2');
    expect((form.get('target') as File).name).toBe('clip.mp4');
    expect(FakeEventSource.last?.url).toBe('/app/api/jobs/video-swap-9/events');

    act(() => FakeEventSource.last!.emit('running', { type: 'running', jobId: 'video-swap-9', stage: 'frames', progress: 0.4, frames: { done: 120, total: 300 }, etaMs: 20_000 }));
    const bar = screen.getByRole('progressbar', { name: 'Video swap progress' });
    expect(bar.getAttribute('aria-valuetext')).toBe('Frame 120 of 300 · about 20 s left');
    expect(document.activeElement).toBe(bar);

    // A video's success has its own words, not the photo swap's.
    act(() => FakeEventSource.last!.emit('done', { type: 'done', jobId: 'video-swap-9', swapId: 'swap-9' }));
    expect(alertMock).toHaveBeenCalledWith('Your video is ready.');
    expect(alertMock).not.toHaveBeenCalledWith('Faces swapped successfully!');
  });

  it('cancels: the swap stops, the allowance is said to be given back, and no failure is shown', async () => {
    const store = renderForm();
    await pick('target', clip());
    await screen.findByRole('group', { name: 'People in this clip' }, { timeout: 5000 });
    await pick('source', new File([new Uint8Array(10)], 'face.jpg', { type: 'image/jpeg' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Swap Faces in the Video' })));
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Cancel' })));
    expect(calls('/app/api/video/swap-9/cancel')).toHaveLength(1);
    expect((await screen.findByTestId('video-cancelled')).textContent).toBe("The video swap was cancelled. It does not count against this month's video swaps.");
    expect(screen.queryByTestId('swap-failure')).toBeNull();
    expect(alertMock).not.toHaveBeenCalled();
    expect(store.getState().ui.faceSwapProcessing).toBe(false);
    expect(screen.getByRole('button', { name: 'Swap Faces in the Video' })).toBeTruthy();
  });
});
