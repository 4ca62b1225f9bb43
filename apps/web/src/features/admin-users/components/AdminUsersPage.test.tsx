// The users list with a fake fetch: rows, search, and who gets the role and plan selects.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminUsersPage as Page, Role } from '@visage/contracts';
import { i18nWith } from '../../../test-i18n';
import { createAppStore } from '../../../store';
import { AdminUsersPage } from './AdminUsersPage';

const i18n = await i18nWith('admin-users');

const fetchMock = vi.fn();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const page: Page = {
  users: [{ uid: 'u2', email: 'zoe@example.com', nom: 'Zoé', prenom: 'Martin', role: 'user', plan: 'free', usage: 4, limit: 10, videoUsage: 0, videoLimit: 0, resetDate: '2026-12-01', createdAt: Date.UTC(2026, 10, 2), hasCustomer: false }],
  total: 1,
  page: 1,
  limit: 25,
  plansEditable: true,
};

function renderAs(role: Role, lang: 'en' | 'fr' = 'en', answer: Page = page) {
  fetchMock.mockImplementation(async () => new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } }));
  const store = createAppStore();
  const profile = { createdAt: 1, uid: 'me', pic: '', nom: '', prenom: '', gender: '', birthday: '', pays: '', ville: '', email: 'me@example.com', emailVerified: true, ip: '', subscription: 'free', customerId: '' };
  store.dispatch({ type: 'auth/sessionStarted', payload: { uid: 'me', role, profile, usage: 0, resetDate: '2026-12-01' } });
  render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n[lang]}>
        <AdminUsersPage />
      </I18nextProvider>
    </Provider>,
  );
}

describe('admin users page', () => {
  it('shows plan, usage, role and sign-up date; an operator reads only', async () => {
    renderAs('operator');
    const row = await screen.findByTestId('user-row-u2');
    expect(row.textContent).toContain('zoe@example.com');
    expect(row.textContent).toContain('Free');
    expect(row.textContent).toContain('4 of 10');
    expect(row.textContent).toContain('Nov 2, 2026');
    expect(screen.getByTestId('user-video-usage').textContent).toBe('None on this plan');
    expect(screen.queryAllByRole('combobox')).toHaveLength(0);
  });

  it('shows video usage beside image usage, in both languages', async () => {
    const standard = { ...page.users[0]!, plan: 'standard' as const, limit: null, videoUsage: 2, videoLimit: 5 };
    renderAs('operator', 'en', { ...page, users: [standard] });
    expect((await screen.findByTestId('user-video-usage')).textContent).toBe('2 of 5');
    cleanup();
    renderAs('operator', 'fr', { ...page, users: [{ ...standard, plan: 'premium', videoUsage: 7, videoLimit: null }] });
    expect((await screen.findByTestId('user-video-usage')).textContent).toBe('7 (illimité)');
  });

  it('gives an admin the role and plan selects, in French, and searches', async () => {
    renderAs('admin', 'fr');
    const row = await screen.findByTestId('user-row-u2');
    expect(row.textContent).toContain('4 sur 10');
    expect(screen.getAllByRole('combobox')).toHaveLength(2);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'zoé' } });
    await waitFor(() => expect(String(fetchMock.mock.calls.at(-1)?.[0])).toContain('q=zo%C3%A9'));
  });
});
