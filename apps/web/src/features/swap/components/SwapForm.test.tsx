// The swap form with the compression worker, fetch and EventSource replaced by fakes: the client
// checks and their alerts, the button's preconditions, and the flow to done or failed.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../lib/i18n';
import { createAppStore } from '../../../store';
import { initialUiState } from '../../../store/ui-slice';
import { SwapForm } from './SwapForm';
import { FakeEventSource } from '../../../test-event-source';
import type * as FaceChoiceModule from '../../../lib/face-choice';

// A file named not-an-image.jpg does not decode, as the real worker finds of a renamed text file.
vi.mock('../lib/compress-image', () => ({
  compressImage: vi.fn(async (file: File) => {
    if (file.name === 'not-an-image.jpg') throw new (await import('../../../lib/image-files')).NotAnImageError();
    return new File([file], file.name.replace(/\.[^.]+$/, '') + '-compressed.jpeg', { type: 'image/jpeg' });
  }),
}));

// Every photo shows one face, so no face picker: the form works as it does without one (the
// picker has its own browser test).
vi.mock('../../../lib/face-choice', async (actual) => ({
  ...(await actual<typeof FaceChoiceModule>()),
  detectFaces: vi.fn(async () => ({ width: 100, height: 100, faces: [{ box: [20, 20, 60, 60], score: 0.9, usable: true }] })),
}));

const alertMock = vi.fn();
const fetchMock = vi.fn();

function renderForm(onSwapDone = vi.fn(), processing = false) {
  const store = createAppStore({ ui: { ...initialUiState, faceSwapProcessing: processing } });
  render(
    <Provider store={store}>
      <I18nextProvider i18n={createI18n('en')}>
        <SwapForm uid="user-1" onSwapDone={onSwapDone} />
      </I18nextProvider>
    </Provider>,
  );
  return { store, onSwapDone };
}

const pick = (name: 'target' | 'source', file: File) =>
  act(async () => {
    fireEvent.change(screen.getByTestId(`swap-input-${name}`), { target: { files: [file] } });
  });
const jpeg = (name: string, size = 1000) => new File([new Uint8Array(size)], name, { type: 'image/jpeg' });

beforeEach(() => {
  vi.stubGlobal('alert', alertMock);
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('EventSource', FakeEventSource);
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'info').mockImplementation(() => {});
  alertMock.mockClear();
  fetchMock.mockReset();
  fetchMock.mockResolvedValue(
    new Response(JSON.stringify({ id: 'swap-1', jobId: 'job-1', status: 'queued' }), { status: 202, headers: { 'content-type': 'application/json' } }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('SwapForm', () => {
  it('shows the form texts and keeps Swap Faces disabled until both images are chosen', async () => {
    renderForm();
    expect(screen.getByRole('heading', { name: "Let's Swap" })).toBeTruthy();
    expect(screen.getByText('Choose a target photo and a face photo, then witness the transformation')).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Swap Faces' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await pick('target', jpeg('target.jpg'));
    expect(button.disabled).toBe(true);
    await pick('source', jpeg('face.jpg'));
    expect(button.disabled).toBe(false);
  });

  it('alerts the exact messages for a wrong type and an oversize file', async () => {
    renderForm();
    await pick('target', new File(['GIF89a'], 'anim.gif', { type: 'image/gif' }));
    expect(alertMock).toHaveBeenLastCalledWith('Please select a valid image file (jpeg, png, or jpg).');
    await pick('source', jpeg('huge.jpg', 10_485_761));
    expect(alertMock).toHaveBeenLastCalledWith('(EN) The file size should be less than 10 MB.(FR) La taille du fichier doit être inférieur à 10 MB.');
    expect((screen.getByRole('button', { name: 'Swap Faces' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says a file that does not decode is not a valid image, not a compression error', async () => {
    renderForm();
    await pick('target', jpeg('not-an-image.jpg'));
    expect(alertMock).toHaveBeenLastCalledWith('Please select a valid image file (jpeg, png, or jpg).');
    expect(alertMock).not.toHaveBeenCalledWith('An error occurred while compressing the image.');
  });

  it('at 0 swaps left keeps Swap Faces off with both photos and shows the plans message at once (EN, FR)', async () => {
    for (const [lang, message, link] of [
      ['en', 'You have used all the swaps included in your plan this month.', 'See the plans'],
      ['fr', 'Vous avez utilisé tous les échanges inclus dans votre formule ce mois-ci.', 'Voir les formules'],
    ] as const) {
      render(
        <Provider store={createAppStore()}>
          <I18nextProvider i18n={createI18n(lang)}>
            <MemoryRouter>
              <SwapForm uid="user-1" swapsLeft={0} />
            </MemoryRouter>
          </I18nextProvider>
        </Provider>,
      );
      const notice = screen.getByTestId('quota-notice');
      expect(notice.textContent).toContain(message);
      expect(screen.getByRole('link', { name: link }).getAttribute('href')).toBe('/app/plans');
      await pick('target', jpeg('target.jpg'));
      await pick('source', jpeg('face.jpg'));
      expect((screen.getByTestId('swap-form').querySelector('button.btn-primary') as HTMLButtonElement).disabled).toBe(true);
      expect(fetchMock).not.toHaveBeenCalled();
      cleanup();
    }
  });

  it('uploads, follows the job and reports success; the flag stays on for the gallery to clear', async () => {
    const { store, onSwapDone } = renderForm();
    await pick('target', jpeg('target.png'));
    await pick('source', jpeg('face.jpg'));
    const button = screen.getByRole('button', { name: 'Swap Faces' });
    button.focus();
    await act(async () => fireEvent.click(button));

    expect(store.getState().ui.faceSwapProcessing).toBe(true);
    // The button is gone: its focus goes to the progress, not to <body>.
    expect(document.activeElement).toBe(screen.getByRole('progressbar'));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/app/api/upload');
    const form = init.body as FormData;
    expect(form.get('uid')).toBe('user-1');
    expect((form.get('target') as File).name).toBe('target-compressed.jpeg');
    expect((form.get('source') as File).name).toBe('face-compressed.jpeg');

    const events = FakeEventSource.last!;
    expect(events.url).toBe('/app/api/jobs/job-1/events');
    act(() => events.emit('running', { type: 'running', jobId: 'job-1', stage: 'swap', progress: 0.5 }));
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
    act(() => events.emit('done', { type: 'done', jobId: 'job-1', swapId: 'swap-1' }));
    expect(onSwapDone).toHaveBeenCalledWith('swap-1');
    expect(alertMock).toHaveBeenLastCalledWith('Faces swapped successfully!');
    expect(events.readyState).toBe(FakeEventSource.CLOSED);
    expect(store.getState().ui.faceSwapProcessing).toBe(true);
    expect(screen.queryByRole('button', { name: 'Swap Faces' })).toBeNull();
  });

  it('reports a failed job with its reason and gives the button back', async () => {
    const { store } = renderForm();
    await pick('target', jpeg('coffee.png'));
    await pick('source', jpeg('face.jpg'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Swap Faces' })));
    act(() => FakeEventSource.last!.emit('failed', { type: 'failed', jobId: 'job-1', code: 'no_face_target', message: 'x' }));
    expect(alertMock).toHaveBeenLastCalledWith('Failed to swap faces. No face was found in the target photo.');
    expect(store.getState().ui.faceSwapProcessing).toBe(false);
    expect(screen.getByRole('button', { name: 'Swap Faces' })).toBeTruthy();
    expect(screen.getByTestId('swap-failure').textContent).toContain('No face was found in the target photo.');
  });

  it('reports a refused upload with its reason', async () => {
    fetchMock.mockReset();
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ error: { code: 'invalid_image_type', message: 'Please select a valid image file (jpeg, png, or jpg).' } }), {
        status: 415,
        headers: { 'content-type': 'application/json' },
      }),
    );
    const { store } = renderForm();
    await pick('target', jpeg('a.jpg'));
    await pick('source', jpeg('b.jpg'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Swap Faces' })));
    expect(alertMock).toHaveBeenLastCalledWith('Failed to swap faces. Please select a valid image file (jpeg, png, or jpg).');
    expect(store.getState().ui.faceSwapProcessing).toBe(false);
  });

  it('moves the bar by the 75-second formula while no progress event arrives', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderForm();
      await pick('target', jpeg('a.jpg'));
      await pick('source', jpeg('b.jpg'));
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Swap Faces' })));
      expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
      act(() => FakeEventSource.last!.emit('queued', { type: 'queued', jobId: 'job-1' }));
      await act(() => vi.advanceTimersByTimeAsync(7500));
      const now = Number(screen.getByRole('progressbar').getAttribute('aria-valuenow'));
      expect(now).toBeGreaterThanOrEqual(10);
      expect(now).toBeLessThanOrEqual(11);
      await act(() => vi.advanceTimersByTimeAsync(30_000));
      expect(Number(screen.getByRole('progressbar').getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(50);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reads the swap status when the event stream is refused', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { onSwapDone } = renderForm();
      await pick('target', jpeg('a.jpg'));
      await pick('source', jpeg('b.jpg'));
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Swap Faces' })));
      fetchMock.mockResolvedValue(
        new Response(JSON.stringify({ 'swap-1': { id: 'swap-1', image_url: '/r', thumb_url: '/t', createdAt: 1, status: 'done' } }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      );
      const events = FakeEventSource.last!;
      events.readyState = FakeEventSource.CLOSED;
      act(() => events.emit('error', {}));
      await act(() => vi.advanceTimersByTimeAsync(5000));
      expect(fetchMock.mock.calls.at(-1)?.[0]).toBe('/app/api/swaps/user-1?include=pending');
      expect(onSwapDone).toHaveBeenCalledWith('swap-1');
      expect(alertMock).toHaveBeenLastCalledWith('Faces swapped successfully!');
    } finally {
      vi.useRealTimers();
    }
  });

  it('takes a file dropped on a preview through the same checks', async () => {
    renderForm();
    const figure = screen.getByTestId('swap-picker-source').querySelector('figure')!;
    await act(async () => {
      fireEvent.drop(figure, { dataTransfer: { files: [new File(['x'], 'a.gif', { type: 'image/gif' })] } });
    });
    expect(alertMock).toHaveBeenLastCalledWith('Please select a valid image file (jpeg, png, or jpg).');
    await act(async () => {
      fireEvent.drop(figure, { dataTransfer: { files: [jpeg('face.jpg')] } });
    });
    expect(screen.getByTestId('swap-preview-source')).toBeTruthy();
    expect(figure.getAttribute('data-file')).toBe('face-compressed.jpeg;image/jpeg;1000');
  });

  it('ends a processing state left by an earlier visit once no swap is pending', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const listAnswer = (status: string) =>
        new Response(JSON.stringify({ s1: { id: 's1', image_url: '/r', thumb_url: '/t', createdAt: 1, status } }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      fetchMock.mockReset();
      fetchMock.mockResolvedValueOnce(listAnswer('running')).mockResolvedValue(listAnswer('done'));
      const { store } = renderForm(vi.fn(), true);
      expect(screen.getByRole('progressbar')).toBeTruthy();
      await act(() => vi.advanceTimersByTimeAsync(100));
      expect(fetchMock.mock.calls[0]?.[0]).toBe('/app/api/swaps/user-1?include=pending');
      expect(store.getState().ui.faceSwapProcessing).toBe(true);
      await act(() => vi.advanceTimersByTimeAsync(5000));
      expect(store.getState().ui.faceSwapProcessing).toBe(false);
      expect(screen.getByRole('button', { name: 'Swap Faces' })).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });
});
