// The "My faces" page with a fake fetch, in English and French: the faces with their photos,
// the limits, that the photos are kept until deleted, and the server's refusals in words.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MyFaceList } from '@visage/contracts';
import { createI18n } from '../../../lib/i18n';
import { i18nWith } from '../../../test-i18n';
import { FaceChooser } from './FaceChooser';
import { MyFacesPage } from './MyFacesPage';

const fetchMock = vi.fn();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const photo = (id: string) => ({ id, url: `/app/api/me/faces/f1/photos/${id}`, createdAt: 1 });
let list: MyFaceList;
// The page's texts load with its route; the chooser's are in the first load.
const i18n = await i18nWith('my-faces');

beforeEach(() => {
  list = { faces: [{ id: 'f1', name: 'Mei', createdAt: 1, photos: [photo('p1'), photo('p2')] }], maxFaces: 10, maxPhotos: 5 };
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
    if (url === '/app/api/me/faces' && (!init?.method || init.method === 'GET')) return json(list);
    if (url === '/app/api/me/faces/f1/photos' && init?.method === 'POST') {
      return json({ error: { code: 'face_mismatch', message: 'This photo does not look like the other photos of this face.' } }, 422);
    }
    return json({ error: { code: 'not_found', message: 'Not found.' } }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderIn(lang: 'en' | 'fr', node = <MyFacesPage />, texts = i18n[lang]) {
  render(
    <I18nextProvider i18n={texts}>
      <MemoryRouter>{node}</MemoryRouter>
    </I18nextProvider>,
  );
}

describe('My faces page', () => {
  it('lists each face with its photos and the limits, and says the photos are kept until deleted', async () => {
    renderIn('en');
    const face = await screen.findByTestId('my-face');
    expect(within(face).getByRole('heading', { name: 'Mei' })).toBeTruthy();
    expect(within(face).getAllByRole('img').map((i) => i.getAttribute('alt'))).toEqual(['Photo 1 of Mei', 'Photo 2 of Mei']);
    expect(face.textContent).toContain('Photos: 2 / 5');
    expect(screen.getByTestId('my-faces-count').textContent).toBe('Faces: 1 / 10');
    expect(screen.getByText(/kept until you delete them/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Add a face' })).toBeTruthy();
  });

  it('shows a refused photo\'s reason in French, and keeps the face as it was', async () => {
    renderIn('fr');
    const face = await screen.findByTestId('my-face');
    expect(face.textContent).toContain('Photos : 2 / 5');
    expect(screen.getByTestId('my-faces-count').textContent).toBe('Visages : 1 / 10');
    expect(screen.getByText(/conservées jusqu’à ce que vous les supprimiez/)).toBeTruthy();
    const input = within(face).getByTestId('my-face-add-photo');
    fireEvent.change(input, { target: { files: [new File([new Uint8Array(10)], 'other.jpg', { type: 'image/jpeg' })] } });
    const alert = await within(face).findByRole('alert');
    expect(alert.textContent).toBe('Cette photo ne ressemble pas aux autres photos de ce visage. Veuillez choisir une photo de la même personne.');
    expect(within(face).getAllByRole('img')).toHaveLength(2);
  });

  it('at the most faces, replaces the form by the limit; a face at its last photo cannot lose it', async () => {
    list = { faces: Array.from({ length: 10 }, (_, i) => ({ id: `f${i}`, name: `Face ${i}`, createdAt: i, photos: [photo(`p${i}`)] })), maxFaces: 10, maxPhotos: 5 };
    renderIn('en');
    expect(await screen.findByText('You have 10 faces, the most you can keep. Delete one to add another.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Add a face' })).toBeNull();
    const [first] = screen.getAllByTestId('my-face');
    expect((within(first!).getByRole('button', { name: 'Remove this photo' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('face chooser', () => {
  it('loads the faces when opened and hands back the one picked', async () => {
    const chosen = vi.fn();
    // Shown on the swap pages, which do not load the page's texts: the chooser's are in the first load.
    renderIn('fr', <FaceChooser onChoose={chosen} />, createI18n('fr'));
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'ou choisir l’un de mes visages' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Utiliser Mei' }));
    expect(chosen).toHaveBeenCalledWith({ id: 'f1', name: 'Mei', photoUrl: '/app/api/me/faces/f1/photos/p1' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Utiliser Mei' })).toBeNull());
  });
});
