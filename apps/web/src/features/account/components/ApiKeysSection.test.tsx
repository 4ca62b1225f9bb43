// The API keys card with a fake fetch: create (secret shown once, copied), list, revoke, the cap,
// in English and French.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiKeySummary } from '@visage/contracts';
import { i18nWith } from '../../../test-i18n';
import { ApiKeysSection } from './ApiKeysSection';

const i18n = await i18nWith('account');

const SECRET = 'vsk_abcdefghijklmnopqrstuvwxyz012345';
const fetchMock = vi.fn();
let keys: ApiKeySummary[];
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  keys = [];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (method === 'GET') return json({ keys, max: 10 });
    if (method === 'POST') {
      const { name } = JSON.parse(String(init?.body)) as { name: string };
      const key = { id: `00000000-0000-4000-8000-00000000000${keys.length}`, name, prefix: SECRET.slice(0, 8), createdAt: Date.UTC(2026, 10, 2, 9), lastUsedAt: null };
      keys = [key, ...keys];
      return json({ ...key, secret: SECRET }, 201);
    }
    keys = keys.filter((k) => !url.endsWith(k.id));
    return new Response(null, { status: 204 });
  });
  vi.stubGlobal('fetch', fetchMock);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: vi.fn(async () => undefined) }, configurable: true });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderIn(lang: 'en' | 'fr') {
  render(
    <MemoryRouter>
      <I18nextProvider i18n={i18n[lang]}>
        <ApiKeysSection />
      </I18nextProvider>
    </MemoryRouter>,
  );
}

describe('API keys card', () => {
  it('creates a key, shows its secret once with a copy button, lists and revokes it', async () => {
    renderIn('en');
    expect(await screen.findByText('You have no API keys.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Read the API documentation' }).getAttribute('href')).toBe('/developers');
    fireEvent.change(screen.getByLabelText('Name of the new key'), { target: { value: 'my script' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create a key' }));
    expect((await screen.findByTestId('api-key-secret')).textContent).toBe(SECRET);
    expect(screen.getByText('Your key “my script” is ready. Copy it now: it will not be shown again.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(navigator.clipboard.writeText).toHaveBeenCalledWith(SECRET));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeTruthy();
    const list = await screen.findByTestId('api-key-list');
    expect(list.textContent).toContain('vsk_abcd…');
    expect(list.textContent).toContain('never used');
    expect(list.textContent).not.toContain(SECRET);
    fireEvent.click(screen.getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByTestId('api-key-secret')).toBeNull();
    fireEvent.click(within(list).getByRole('button', { name: 'Revoke the key “my script”' }));
    expect(await screen.findByText('You have no API keys.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url, init]) => String(url).endsWith(`/account/api-keys/${'00000000-0000-4000-8000-000000000000'}`) && (init as RequestInit).method === 'DELETE')).toBe(true);
  });

  it('speaks French and says when the cap is reached', async () => {
    keys = Array.from({ length: 10 }, (_, i) => ({ id: `00000000-0000-4000-8000-0000000000${10 + i}`, name: `clé ${i}`, prefix: 'vsk_wxyz', createdAt: Date.UTC(2026, 10, 2), lastUsedAt: Date.UTC(2026, 10, 3) }));
    renderIn('fr');
    const list = await screen.findByTestId('api-key-list');
    expect(screen.getByRole('heading', { name: 'Clés d’API' })).toBeTruthy();
    expect(list.textContent).toContain('utilisée pour la dernière fois le');
    expect(screen.getByText('Vous avez 10 clés, le maximum autorisé. Révoquez-en une pour en créer une autre.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Nom de la nouvelle clé'), { target: { value: 'encore' } });
    expect((screen.getByRole('button', { name: 'Créer une clé' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
