// The viewer's actions against a fake fetch: the download link, the compare toggle only while
// the target photo is kept, and a delete that asks once (in English and French).
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SwapItem } from '@visage/contracts';
import { createI18n } from '../../../lib/i18n';
import { ViewerActions } from './ViewerActions';

const item: SwapItem = {
  id: '00000000-0000-4000-8000-000000000001',
  image_url: '/app/api/media/swaps/1/result',
  thumb_url: '/app/api/media/swaps/1/thumb',
  original_url: '/app/api/media/swaps/1/original',
  createdAt: 1_700_000_000_000,
  status: 'done',
};
const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));

function renderActions(swap: SwapItem, language: 'en' | 'fr' = 'en') {
  const onDeleted = vi.fn();
  const onCompare = vi.fn();
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <ViewerActions uid="user-1" item={swap} comparing={false} onCompare={onCompare} onDeleted={onDeleted} />
    </I18nextProvider>,
  );
  return { onDeleted, onCompare };
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ViewerActions', () => {
  it('links the labelled download and offers the compare slider only while the target photo is kept', () => {
    const { onCompare } = renderActions(item);
    expect(screen.getByTestId('viewer-download').getAttribute('href')).toBe(`/app/api/media/swaps/${item.id}/download`);
    fireEvent.click(screen.getByTestId('viewer-compare'));
    expect(onCompare).toHaveBeenCalledWith(true);
    cleanup();
    renderActions({ ...item, original_url: undefined });
    expect(screen.queryByTestId('viewer-compare')).toBeNull();
  });

  it('asks once before deleting, then deletes the owner\'s swap', async () => {
    const { onDeleted } = renderActions(item);
    fireEvent.click(screen.getByTestId('viewer-delete'));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByText('Delete this result? This cannot be undone.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('viewer-delete-yes'));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledWith(item.id));
    expect(fetchMock.mock.calls).toHaveLength(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect([url, init.method]).toEqual([`/app/api/swaps/user-1/${item.id}`, 'DELETE']);
  });

  it('can be cancelled, and speaks French', () => {
    renderActions(item, 'fr');
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer' }));
    expect(screen.getByText('Supprimer ce résultat ? Cette action est définitive.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByText('Supprimer ce résultat ? Cette action est définitive.')).toBeNull();
    expect(screen.getByRole('link', { name: 'Télécharger' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
