// The gallery against a fake fetch: empty state, polling while processing, the flag
// cleared when the count grows, and the viewer's wrapping, keys and close.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SwapItem, SwapList } from '@visage/contracts';
import { createI18n } from '../../../lib/i18n';
import { createAppStore } from '../../../store';
import { initialUiState } from '../../../store/ui-slice';
import { Gallery } from './Gallery';

const item = (n: number): SwapItem => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  image_url: `/app/api/media/swaps/${n}/result`,
  thumb_url: `/app/api/media/swaps/${n}/thumb`,
  createdAt: 1_700_000_000_000 + n * 1000,
  status: 'done',
});
const listOf = (...items: SwapItem[]): SwapList => Object.fromEntries([...items].reverse().map((i) => [i.id, i]));

let answers: SwapList[];
const fetchMock = vi.fn(async (url: string) => {
  const body = answers.length > 1 ? answers.shift()! : answers[0]!;
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json', 'x-url': url } });
});

function renderGallery(processing: boolean, language: 'en' | 'fr' = 'en', focusId?: string) {
  const store = createAppStore({ ui: { ...initialUiState, faceSwapProcessing: processing } });
  const view = render(
    <Provider store={store}>
      <I18nextProvider i18n={createI18n(language)}>
        <Gallery uid="user-1" focusId={focusId} />
      </I18nextProvider>
    </Provider>,
  );
  return { store, ...view };
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Gallery', () => {
  it('shows the empty state to a new user, in English and French', async () => {
    answers = [{}];
    renderGallery(false);
    expect(await screen.findByText('No swaps yet')).toBeTruthy();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/app/api/swaps/user-1');
    cleanup();
    renderGallery(false, 'fr');
    expect(await screen.findByText("Aucun échange pour l'instant")).toBeTruthy();
  });

  it('counts images and videos apart, in English and French', async () => {
    const clip = (n: number): SwapItem => ({ ...item(n), video: { url: `/app/api/media/swaps/${n}/video`, duration: 3, width: 640, height: 360, fps: 25, downscaled: false } });
    const counted = async (list: SwapList, language: 'en' | 'fr') => {
      answers = [list];
      renderGallery(false, language);
      await screen.findByTestId('gallery-grid');
      const text = screen.getByTestId('gallery-count').textContent;
      cleanup();
      return text;
    };
    expect(await counted(listOf(item(1), item(2), clip(3)), 'en')).toBe('2 images, 1 video');
    expect(await counted(listOf(item(1), clip(2), clip(3)), 'fr')).toBe('1 image, 2 vidéos');
    expect(await counted(listOf(clip(1)), 'en')).toBe('1 video');
    expect(await counted(listOf(item(1), item(2)), 'fr')).toBe('2 images');
  });

  it('logs fetch failures with their fixed text', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockImplementationOnce(async () => new Response('{"error":{"code":"boom","message":"Boom"}}', { status: 500, headers: { 'content-type': 'application/json' } }));
    answers = [{}];
    renderGallery(false);
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith('Failed to fetch swaps:', expect.anything()));
    error.mockRestore();
  });

  it('polls every 15 s while processing and clears the flag when the count grows', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    answers = [listOf(item(1)), listOf(item(1)), listOf(item(1), item(2))];
    const { store } = renderGallery(true);
    await screen.findByRole('button', { name: /Open the swap/ });
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(store.getState().ui.faceSwapProcessing).toBe(true);

    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(store.getState().ui.faceSwapProcessing).toBe(false);
    expect(screen.getAllByRole('button', { name: /Open the swap/ })).toHaveLength(2);

    // No polling once the flag is off.
    await act(() => vi.advanceTimersByTimeAsync(45_000));
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('keeps DOM and tab order newest first, row by row, at phone and desktop widths', async () => {
    const width = window.innerWidth;
    try {
      for (const [viewport, columns] of [[390, 2], [1440, 6]] as const) {
        window.innerWidth = viewport;
        answers = [listOf(item(1), item(2), item(3), item(4), item(5), item(6), item(7))];
        renderGallery(false);
        const grid = await screen.findByTestId('gallery-grid');
        expect(grid.getAttribute('data-columns')).toBe(String(columns));
        const tiles = within(grid).getAllByRole('button');
        expect(tiles.map((b) => b.getAttribute('data-index'))).toEqual(['0', '1', '2', '3', '4', '5', '6']);
        expect(tiles[0]?.getAttribute('data-swap-id')).toBe(item(7).id);
        // Each tile in its column, dealt in turn: the newest across the top row.
        expect(tiles.map((b) => b.closest('li')?.style.gridColumn)).toEqual([0, 1, 2, 3, 4, 5, 6].map((i) => String((i % columns) + 1)));
        cleanup();
      }
    } finally {
      window.innerWidth = width;
    }
  });

  it('gives the focus to the new result once it shows, unless the person moved it elsewhere', async () => {
    answers = [listOf(item(1), item(2))];
    renderGallery(false, 'en', item(2).id);
    const grid = await screen.findByTestId('gallery-grid');
    await vi.waitFor(() => expect(document.activeElement?.getAttribute('data-swap-id')).toBe(item(2).id));
    expect(grid.contains(document.activeElement)).toBe(true);
    cleanup();
    const elsewhere = document.body.appendChild(document.createElement('input'));
    elsewhere.focus();
    renderGallery(false, 'en', item(2).id);
    await screen.findByTestId('gallery-grid');
    expect(document.activeElement).toBe(elsewhere);
    elsewhere.remove();
  });

  it('shows thumbnails newest first and opens a viewer that wraps both ways', async () => {
    answers = [listOf(item(1), item(2), item(3))];
    renderGallery(false);
    const tiles = await screen.findAllByRole('button', { name: /Open the swap/ });
    expect(tiles.map((t) => t.querySelector('img')?.getAttribute('src'))).toEqual([
      '/app/api/media/swaps/3/thumb',
      '/app/api/media/swaps/2/thumb',
      '/app/api/media/swaps/1/thumb',
    ]);

    tiles[0]!.focus(); // as a browser does on click
    fireEvent.click(tiles[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Image viewer' });
    const image = () => within(dialog).getByRole('img').getAttribute('src');
    expect(image()).toBe('/app/api/media/swaps/3/result');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close' }));
    const link = within(dialog).getByRole('link', { name: 'Open in the web browser' });
    expect(link.getAttribute('href')).toBe('/app/api/media/swaps/3/result');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Previous image' }));
    expect(image()).toBe('/app/api/media/swaps/1/result');
    fireEvent.keyDown(document, { key: 'ArrowRight' });
    expect(image()).toBe('/app/api/media/swaps/3/result');
    fireEvent.keyDown(document, { key: 'ArrowRight' });
    expect(image()).toBe('/app/api/media/swaps/2/result');
    fireEvent.keyDown(document, { key: 'ArrowLeft' });
    expect(image()).toBe('/app/api/media/swaps/3/result');

    fireEvent.touchStart(dialog, { touches: [{ clientX: 300, clientY: 100 }] });
    fireEvent.touchEnd(dialog, { changedTouches: [{ clientX: 120, clientY: 110 }] });
    expect(image()).toBe('/app/api/media/swaps/2/result');

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(tiles[0]);
  });

  it('tells under the image what the engine noticed about the face photo, in English and French', async () => {
    answers = [listOf({ ...item(1), warnings: ['source_small', 'source_glasses_off'] }, { ...item(2), warnings: ['source_side_on', 'source_blurry'] }, { ...item(3), warnings: ['source_covered', 'source_partial'] }, { ...item(4), warnings: ['source_hand', 'source_side_lit'] })];
    renderGallery(false);
    const tiles = await screen.findAllByRole('button', { name: /Open the swap/ });
    fireEvent.click(tiles[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Image viewer' });
    const notes = () => within(dialog).queryAllByRole('note').map((n) => n.textContent);
    expect(notes()).toEqual([
      'A hand rests against the face in your face photo, so the part it covers was kept from the target photo. A photo with your face uncovered gives a better result.',
      'Your face photo is lit from one side, so one half of the new face may look darker than the other. A photo in even light gives a better result.',
    ]);
    fireEvent.keyDown(document, { key: 'ArrowRight' });
    expect(notes()).toEqual([
      'The mouth is covered in your face photo, so the lower face was kept from the target photo. A photo with your face uncovered gives a better result.',
      'Part of your face is cut off by the edge of your face photo, so that part was filled in from the other side of your face or kept from the target photo. A photo with your whole face in it gives a better result.',
    ]);
    fireEvent.keyDown(document, { key: 'ArrowRight' });
    expect(notes()).toEqual([
      'Your face photo shows your face from the side, so the eyes and nose were kept from the target photo. A photo facing the camera gives a better result.',
      'Your face photo is blurry, so the new face is softer than the photo around it. A sharp photo of your face gives a sharper result.',
    ]);
    fireEvent.keyDown(document, { key: 'ArrowRight' });
    expect(notes()).toEqual([
      'Your face photo is small beside the face in the target photo, so the result is softer than the photo around it. A larger photo of your face gives a sharper result.',
      'You wear glasses in your face photo, but the face in the target photo is turned too far from yours to carry them, so they were left off.',
    ]);
    cleanup();
    renderGallery(false, 'fr');
    fireEvent.click((await screen.findAllByRole('button', { name: /Ouvrir l'échange/ }))[0]!);
    expect(within(await screen.findByRole('dialog')).getAllByRole('note').map((n) => n.textContent)).toEqual([
      'Une main est posée contre le visage sur votre photo de visage : la partie qu\'elle couvre a été conservée de la photo cible. Une photo du visage découvert donne un meilleur résultat.',
      'Votre photo de visage est éclairée d\'un seul côté : une moitié du nouveau visage peut paraître plus sombre que l\'autre. Une photo sous une lumière uniforme donne un meilleur résultat.',
    ]);
    fireEvent.keyDown(document, { key: 'ArrowRight' });
    expect(within(screen.getByRole('dialog')).getAllByRole('note').map((n) => n.textContent)).toEqual([
      'La bouche est couverte sur votre photo de visage : le bas du visage de la photo cible a été conservé. Une photo du visage découvert donne un meilleur résultat.',
      'Une partie de votre visage est coupée par le bord de votre photo de visage : elle a été complétée par l\'autre côté de votre visage ou conservée de la photo cible. Une photo montrant tout votre visage donne un meilleur résultat.',
    ]);
    fireEvent.keyDown(document, { key: 'ArrowRight' });
    expect(within(screen.getByRole('dialog')).getAllByRole('note').map((n) => n.textContent)).toEqual([
      'Votre photo de visage vous montre de profil : les yeux et le nez de la photo cible ont été conservés. Une photo de face donne un meilleur résultat.',
      'Votre photo de visage est floue : le nouveau visage est moins net que le reste de la photo. Une photo nette de votre visage donne un résultat plus net.',
    ]);
    fireEvent.keyDown(document, { key: 'ArrowRight' });
    expect(within(screen.getByRole('dialog')).getAllByRole('note').map((n) => n.textContent)).toEqual([
      'Votre visage est petit sur votre photo par rapport à celui de la photo cible : le résultat est moins net que le reste de la photo. Une photo plus grande de votre visage donne un résultat plus net.',
      'Vous portez des lunettes sur votre photo de visage, mais le visage de la photo cible est trop tourné par rapport au vôtre pour les reprendre : elles ont été retirées.',
    ]);
  });

  it('says when a result likely looks pasted on, with one piece of advice, in English and French', async () => {
    answers = [listOf({ ...item(1), warnings: ['result_pose'] }, { ...item(2), warnings: ['source_hand', 'source_side_lit', 'result_tone'] })];
    renderGallery(false);
    fireEvent.click((await screen.findAllByRole('button', { name: /Open the swap/ }))[0]!);
    const notes = () => within(screen.getByRole('dialog')).queryAllByRole('note').map((n) => n.textContent);
    // The side light explains the tone: its advice is given once, in the result's note.
    expect(notes()).toEqual([
      'This result may not look real: the skin tone of the new face differs from the neck and ears around it. Your face photo is lit from one side. A photo in soft, even light gives a better result.',
      'A hand rests against the face in your face photo, so the part it covers was kept from the target photo. A photo with your face uncovered gives a better result.',
    ]);
    fireEvent.keyDown(document, { key: 'ArrowRight' });
    expect(notes()).toEqual([
      'This result may not look real: your head is not turned the same way in your face photo as in the target photo. A face photo with your head turned the same way as in the target photo gives a better result.',
    ]);
    cleanup();
    renderGallery(false, 'fr');
    fireEvent.click((await screen.findAllByRole('button', { name: /Ouvrir l'échange/ }))[0]!);
    expect(notes()).toEqual([
      'Ce résultat risque de ne pas paraître naturel : le teint du nouveau visage diffère de celui du cou et des oreilles. Votre photo de visage est éclairée d\'un seul côté. Une photo sous une lumière douce et uniforme donne un meilleur résultat.',
      'Une main est posée contre le visage sur votre photo de visage : la partie qu\'elle couvre a été conservée de la photo cible. Une photo du visage découvert donne un meilleur résultat.',
    ]);
    fireEvent.keyDown(document, { key: 'ArrowRight' });
    expect(notes()).toEqual([
      'Ce résultat risque de ne pas paraître naturel : votre tête n\'est pas tournée dans le même sens sur votre photo de visage que sur la photo cible. Une photo de visage où votre tête est tournée dans le même sens que sur la photo cible donne un meilleur résultat.',
    ]);
  });

  it('keeps the viewer on its image when a new result arrives', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    answers = [listOf(item(1), item(2)), listOf(item(1), item(2), item(3))];
    renderGallery(true);
    const tiles = await screen.findAllByRole('button', { name: /Open the swap/ });
    fireEvent.click(tiles[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Image viewer' });
    expect(within(dialog).getByTestId('gallery-viewer-position').textContent).toBe('1 of 2');
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(within(dialog).getByRole('img').getAttribute('src')).toBe('/app/api/media/swaps/2/result');
    expect(within(dialog).getByTestId('gallery-viewer-position').textContent).toBe('2 of 3');
  });
});
