// A video result in the gallery against a fake fetch: its tile (poster, length, play mark) and
// the viewer's player, before/after views and MP4 download; the original gone after retention.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SwapItem } from '@visage/contracts';
import { createI18n } from '../../../lib/i18n';
import { createAppStore } from '../../../store';
import { Gallery } from './Gallery';

const id = '00000000-0000-4000-8000-000000000007';
const clip = (original: boolean): SwapItem => ({
  id,
  image_url: `/app/api/media/swaps/${id}/result`,
  thumb_url: `/app/api/media/swaps/${id}/thumb`,
  createdAt: 1_700_000_000_000,
  status: 'done',
  video: {
    url: `/app/api/media/swaps/${id}/video`,
    ...(original ? { original_url: `/app/api/media/swaps/${id}/original` } : {}),
    duration: 7.4,
    width: 1280,
    height: 720,
    fps: 30,
    downscaled: false,
  },
});

let answer: SwapItem;
beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ [answer.id]: answer }), { status: 200, headers: { 'content-type': 'application/json' } })));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openViewer(item: SwapItem, language: 'en' | 'fr' = 'en') {
  answer = item;
  render(
    <Provider store={createAppStore()}>
      <I18nextProvider i18n={createI18n(language)}>
        <Gallery uid="user-1" />
      </I18nextProvider>
    </Provider>,
  );
  const tile = await screen.findByRole('button', { name: language === 'en' ? /Open the video swap from .*, 0:07 long/ : /Ouvrir l'échange vidéo du .*, d'une durée de 0:07/ });
  expect(within(tile).getByTestId('tile-duration').textContent).toBe('0:07');
  expect(tile.querySelector('img')?.getAttribute('src')).toBe(item.thumb_url);
  fireEvent.click(tile);
  return screen.findByRole('dialog', {}, { timeout: 5000 });
}

describe('a video result', () => {
  it('shows as a tile with its length and plays in the viewer, with before/after and the MP4 download', async () => {
    const dialog = await openViewer(clip(true));
    const player = (await within(dialog).findByLabelText('Swapped video 1 of 1', {}, { timeout: 5000 })) as HTMLVideoElement;
    expect(player.tagName).toBe('VIDEO');
    expect(player.controls).toBe(true);
    expect(player.getAttribute('src')).toBe(`/app/api/media/swaps/${id}/video`);
    expect(player.getAttribute('poster')).toBe(`/app/api/media/swaps/${id}/result`);
    const download = within(dialog).getByTestId('viewer-download');
    expect(download.getAttribute('href')).toBe(`/app/api/media/swaps/${id}/video`);
    expect(download.getAttribute('download')).toBe(`visage-${id}.mp4`);
    expect(within(dialog).queryByTestId('viewer-compare')).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Before' }));
    expect(within(dialog).getByLabelText('The clip before the swap').getAttribute('src')).toBe(`/app/api/media/swaps/${id}/original`);
    expect(within(dialog).queryByLabelText('Swapped video 1 of 1')).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Side by side' }));
    expect(within(dialog).getByRole('button', { name: 'Side by side' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(dialog).getByLabelText('The clip before the swap')).toBeTruthy();
    expect(within(dialog).getByLabelText('Swapped video 1 of 1')).toBeTruthy();
  });

  it('says when the clip as uploaded is no longer kept, in French', async () => {
    const dialog = await openViewer(clip(false), 'fr');
    expect((await within(dialog).findByLabelText('Vidéo échangée 1 sur 1', {}, { timeout: 5000 })).tagName).toBe('VIDEO');
    expect(within(dialog).queryByRole('button', { name: 'Avant' })).toBeNull();
    expect(within(dialog).getByTestId('viewer-original-gone').textContent).toBe(
      "La vidéo telle que vous l'avez envoyée n'est plus conservée : elle ne peut pas être affichée à côté du résultat.",
    );
  });
});
