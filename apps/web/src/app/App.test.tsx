import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryRouter } from 'react-router';
import { createI18n } from '../lib/i18n';
import type { Language } from '../lib/language';
import { createAppStore } from '../store';
import { setLanguage } from '../store/ui-slice';
import { App } from './App';
import { routeList } from './routes';
import { routeObjects } from './router';

/** A lazy page's wait: far above its usual second, since the suites share a busy machine. */
const PAGE_LOAD_MS = 20_000;

/** Inside an awaited act: React resumes a lazy page that waited for its texts only there. */
async function renderAt(path: string, language: Language = 'en') {
  const store = createAppStore();
  store.dispatch(setLanguage(language));
  const router = createMemoryRouter(routeObjects(routeList), { initialEntries: [path] });
  let view!: ReturnType<typeof render>;
  await act(async () => {
    view = render(<App store={store} i18n={createI18n(language)} router={router} />);
  });
  return { store, router, ...view };
}

/** The home page, a lazy chunk with its texts. */
async function renderHome() {
  const view = await renderAt('/');
  await screen.findByRole('heading', { level: 1 }, { timeout: PAGE_LOAD_MS });
  return view;
}

// jsdom has no scrolling; ScrollRestoration calls it on every navigation.
beforeAll(() => {
  window.scrollTo = () => undefined;
});
afterEach(cleanup);

describe('App', () => {
  it('renders the landing page inside the shell', async () => {
    await renderHome();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Revolutionize Your Content with Seamless Face Swapping');
    expect(screen.getByRole('link', { name: /Join Beta/ }).getAttribute('href')).toBe('/login');
    expect(screen.getByTestId('sidebar')).toBeTruthy();
    expect(screen.getByTestId('app-footer').textContent).toContain('Privacy Policy');
  }, 2 * PAGE_LOAD_MS);

  it('renders the legal pages with 11 and 14 sections, in French too', async () => {
    // The legal texts load with their page (a lazy chunk, its namespace and the support address
    // the server is asked for): wait for them, however slow the machine.
    const terms = await renderAt('/terms');
    await screen.findByTestId('legal-terms', {}, { timeout: PAGE_LOAD_MS });
    expect(terms.container.querySelectorAll('main section')).toHaveLength(11);
    cleanup();
    const privacy = await renderAt('/privacy', 'fr');
    await screen.findByTestId('legal-privacy', {}, { timeout: PAGE_LOAD_MS });
    expect(privacy.container.querySelectorAll('main section')).toHaveLength(14);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Politique de confidentialité');
  }, 2 * PAGE_LOAD_MS);

  it('the drawer toggles write the UI state', async () => {
    const { store } = await renderAt('/');
    fireEvent.click(screen.getByTestId('drawer-toggle-mobile'));
    expect(store.getState().ui.drawerMobile).toBe(true);
    fireEvent.click(screen.getByTestId('drawer-backdrop'));
    expect(store.getState().ui.drawerMobile).toBe(false);
    fireEvent.click(screen.getByTestId('drawer-toggle-desktop'));
    expect(store.getState().ui.drawerDesktop).toBe(false);
  });

  it('switching language re-renders the page in that language and sets <html lang>', async () => {
    const { store } = await renderHome();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'FR' }));
    });
    expect(store.getState().ui.language).toBe('fr');
    expect(await screen.findByRole('link', { name: /Rejoindre la bêta/ }, { timeout: PAGE_LOAD_MS })).toBeTruthy();
    expect(document.documentElement.lang).toBe('fr');
  }, 2 * PAGE_LOAD_MS);

  it('an unknown path shows the not-found page', async () => {
    await renderAt('/nowhere');
    expect(screen.getByTestId('not-found')).toBeTruthy();
  });
});
