// The webhooks card with a fake fetch: endpoints and their deliveries listed in English and
// French, a new endpoint's secret shown once, the cap, and a refused address explained.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebhookDelivery, WebhookEndpoint, WebhookList } from '@visage/contracts';
import { i18nWith } from '../../../test-i18n';
import { WebhooksSection } from './WebhooksSection';

const i18n = await i18nWith('account');

const fetchMock = vi.fn();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const endpoint: WebhookEndpoint = { id: 'e1', url: 'https://hooks.example.com/visage', events: ['swap.completed', 'swap.failed'], enabled: true, createdAt: 1, secretCreatedAt: 1 };
const delivery: WebhookDelivery = {
  id: 'd1',
  eventId: 'evt_1',
  eventType: 'swap.failed',
  status: 'failed',
  attempts: 3,
  lastStatusCode: 502,
  lastErrorCode: 'status',
  lastError: 'The endpoint answered 502.',
  lastAttemptAt: Date.UTC(2026, 10, 2, 9, 30),
  nextAttemptAt: null,
  createdAt: 1,
};
const unreachable: WebhookDelivery = { ...delivery, id: 'd2', status: 'pending', attempts: 1, lastStatusCode: null, lastErrorCode: 'network', lastError: 'connect ECONNREFUSED 203.0.113.9:443', nextAttemptAt: Date.UTC(2026, 10, 2, 9, 32) };
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Answers like the server: the list, creation, deliveries; `createAnswer` replaces creation's answer. */
function serve(list: WebhookList, createAnswer?: Response) {
  fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
    if (url.endsWith('/deliveries')) return json([delivery, unreachable]);
    if (init?.method === 'POST') return createAnswer ?? json({ endpoint: { ...endpoint, id: 'e2', url: 'https://new.example.com/in' }, secret: 'whsec_abc123' }, 201);
    return json(list);
  });
}

function show(lang: 'en' | 'fr' = 'en') {
  render(
    <I18nextProvider i18n={i18n[lang]}>
      <WebhooksSection />
    </I18nextProvider>,
  );
}

describe('webhooks card', () => {
  it('lists endpoints and their deliveries with the last answer', async () => {
    serve({ endpoints: [endpoint], limit: 5 });
    show();
    const item = await screen.findByTestId('webhook-item');
    expect(item.textContent).toContain('https://hooks.example.com/visage');
    expect(item.textContent).toContain('Swap completed · Swap failed');
    fireEvent.click(screen.getByRole('button', { name: 'Recent deliveries' }));
    const list = await screen.findByTestId('webhook-deliveries');
    expect(list.textContent).toContain('Failed');
    expect(list.textContent).toContain('(3 tries)');
    expect(list.textContent).toContain('The receiving server answered 502.');
    expect(list.textContent).toContain('The receiving server could not be reached.');
    expect(list.textContent).toContain('Detail: connect ECONNREFUSED 203.0.113.9:443');
    expect(list.textContent).toContain('next try');
    // Only the finished delivery can be sent again.
    expect(screen.getAllByRole('button', { name: 'Send again' })).toHaveLength(1);
  });

  it('in French, shows a new endpoint’s secret once and the events to choose', async () => {
    serve({ endpoints: [], limit: 5 });
    show('fr');
    expect(await screen.findByText('Aucun webhook pour l’instant.')).toBeTruthy();
    expect(screen.getByLabelText('Progression d’une vidéo')).toBeTruthy();
    expect(screen.getByText('La progression d’une vidéo est envoyée chaque fois qu’une partie de l’échange vidéo est terminée, avec le nombre d’images déjà traitées.')).toBeTruthy();
    fireEvent.change(screen.getByTestId('webhook-url'), { target: { value: 'https://new.example.com/in' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter l’adresse' }));
    const secret = await screen.findByTestId('webhook-secret');
    expect(secret.textContent).toContain('whsec_abc123');
    expect(secret.textContent).toContain('Copiez-la maintenant : elle ne sera plus affichée.');
    const post = fetchMock.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === 'POST')!;
    expect(JSON.parse(String((post[1] as RequestInit).body))).toEqual({ url: 'https://new.example.com/in', events: ['swap.completed', 'swap.failed'] });
    fireEvent.click(screen.getByRole('button', { name: 'Je l’ai copiée' }));
    await waitFor(() => expect(screen.queryByTestId('webhook-secret')).toBeNull());
  });

  it('explains a refused address, and offers no form once the account is at its cap', async () => {
    serve({ endpoints: [], limit: 5 }, json({ error: { code: 'webhook_url_private', message: 'x' } }, 400));
    show();
    fireEvent.change(await screen.findByTestId('webhook-url'), { target: { value: 'https://10.0.0.1/in' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Webhooks cannot be sent to a private or local network address.');
    cleanup();

    serve({ endpoints: Array.from({ length: 5 }, (_, i) => ({ ...endpoint, id: `e${i}` })), limit: 5 });
    show('fr');
    expect(await screen.findByText('Vous avez 5 adresses, le maximum pour un compte. Supprimez-en une pour en ajouter une autre.')).toBeTruthy();
    expect(screen.queryByTestId('webhook-url')).toBeNull();
  });
});
