// The plans (page and landing section) and the dashboard's usage panel, in English and French,
// with a fake fetch.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MeResponse } from '@visage/contracts';
import { i18nWith } from '../../../test-i18n';
import { createAppStore } from '../../../store';
import { forgetBillingConfig } from '../hooks/useBillingConfig';
import { PlansPage } from './PlansPage';
import { PlansSection } from './PlansSection';
import { UsagePanel } from './UsagePanel';

const i18n = await i18nWith('billing');

const fetchMock = vi.fn();
beforeEach(() => {
  forgetBillingConfig();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function me(overrides: Partial<MeResponse> = {}): MeResponse {
  return {
    uid: 'u1',
    role: 'user',
    usage: 3,
    resetDate: '2026-12-01',
    swapsLeft: 7,
    colorScheme: 'system',
    profile: {
      createdAt: 1,
      uid: 'u1',
      pic: '',
      nom: 'Ada',
      prenom: 'L',
      gender: '',
      birthday: '',
      pays: '',
      ville: '',
      email: 'a@example.com',
      emailVerified: false,
      ip: '',
      subscription: 'free',
      customerId: '',
    },
    billing: { plan: 'free', limit: 10, status: null, currentPeriodEnd: null, cancelAtPeriodEnd: false, suspended: false, subscribedPlan: null },
    ...overrides,
  };
}

function renderIn(lang: 'en' | 'fr', node: React.ReactNode, path = '/') {
  const store = createAppStore();
  store.dispatch({ type: 'auth/sessionStarted', payload: me() });
  render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n[lang]}>
        <MemoryRouter initialEntries={[path]}>{node}</MemoryRouter>
      </I18nextProvider>
    </Provider>,
  );
}

describe('plans section', () => {
  it('shows the three plans side by side with prices and video allowances (EN)', () => {
    renderIn('en', <PlansSection />);
    expect(within(screen.getByTestId('plan-free')).getByText('10 image swaps a month')).toBeTruthy();
    const standard = screen.getByTestId('plan-standard');
    expect(within(standard).getByText('7 € / month')).toBeTruthy();
    expect(within(standard).getByText('Unlimited image swaps')).toBeTruthy();
    expect(within(standard).getByText('5 video swaps a month')).toBeTruthy();
    expect(within(screen.getByTestId('plan-free')).getByText('No video swaps')).toBeTruthy();
    const premium = screen.getByTestId('plan-premium');
    expect(within(premium).getByText('24 € / month')).toBeTruthy();
    expect(within(premium).getByText('Unlimited video swaps')).toBeTruthy();
    expect(screen.queryByText(/coming soon/)).toBeNull();
    expect(screen.getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe('/app/plans');
  });

  it('speaks French', () => {
    renderIn('fr', <PlansSection />);
    expect(within(screen.getByTestId('plan-standard')).getByText('7 € / mois')).toBeTruthy();
    expect(within(screen.getByTestId('plan-premium')).getByText('Échanges vidéo illimités')).toBeTruthy();
    expect(within(screen.getByTestId('plan-standard')).getByText('5 échanges vidéo par mois')).toBeTruthy();
    expect(screen.getByTestId('plan-free').textContent).toContain("10 échanges d'images par mois");
  });
});

describe('usage panel', () => {
  it('shows plan, used, left and the reset date', async () => {
    fetchMock.mockResolvedValue(json(me({ usage: 9 })));
    renderIn('en', <UsagePanel />);
    await waitFor(() => expect(screen.getByTestId('usage-figures').textContent).toBe('9 of 10 image swaps used this month · 1 swap left'));
    expect(screen.getByText('Resets on December 1, 2026')).toBeTruthy();
    expect(screen.getByTestId('usage-plans-link').textContent).toBe('See the plans');
  });

  it('says unlimited, cancelled and suspended in French', async () => {
    const billing = { plan: 'standard' as const, limit: null, status: 'active', currentPeriodEnd: Date.UTC(2026, 11, 20), cancelAtPeriodEnd: true, suspended: false, subscribedPlan: 'standard' as const };
    fetchMock.mockResolvedValue(json(me({ usage: 42, billing })));
    renderIn('fr', <UsagePanel />);
    await waitFor(() => expect(screen.getByTestId('usage-figures').textContent).toBe("Échanges d'images illimités · 42 utilisés ce mois-ci"));
    expect(screen.getByText('Résiliée : votre formule prend fin le 20 décembre 2026.')).toBeTruthy();
  });
});

describe('plans page', () => {
  it('offers Checkout to a signed-in free user when billing is on', async () => {
    fetchMock.mockImplementation(async (url: string) => json(String(url).includes('/billing/config') ? { enabled: true } : me()));
    renderIn('en', <PlansPage />);
    expect((await screen.findByTestId('choose-standard')).textContent).toBe('Choose Standard');
    expect(screen.getByTestId('choose-premium').textContent).toBe('Choose Premium');
    expect(screen.getByTestId('plan-free').textContent).toContain('Your plan');
  });

  it('hides Checkout when billing is off and says a cancelled Checkout charged nothing (FR)', async () => {
    fetchMock.mockImplementation(async (url: string) => json(String(url).includes('/billing/config') ? { enabled: false } : me()));
    renderIn('fr', <PlansPage />, '/app/plans?checkout=cancelled');
    expect(await screen.findByText('Les formules payantes ne sont pas encore disponibles sur ce serveur.')).toBeTruthy();
    expect(screen.queryByTestId('choose-standard')).toBeNull();
    expect(screen.getByTestId('checkout-status').textContent).toBe('Le paiement a été annulé. Rien ne vous a été facturé.');
    expect(screen.getByTestId('plan-rules').textContent).toContain('Un changement de formule prend effet au cycle de facturation suivant.');
  });
});
