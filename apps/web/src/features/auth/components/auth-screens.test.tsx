// The accounts screens in the real app tree (store, i18n, route list) with fetch answered here.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter } from 'react-router';
import { createChallenge, verifySolution } from 'altcha-lib';
import type { MeResponse } from '@visage/contracts';
import { App } from '../../../app/App';
import { routeObjects } from '../../../app/router';
import { routeList } from '../../../app/routes';
import { createI18n } from '../../../lib/i18n';
import { createAppStore } from '../../../store';
import { setLanguage } from '../../../store/ui-slice';
import { AUTH_STORAGE_KEY } from '../lib/local-flags';
import { meResponse } from '../lib/me-response.fixture';

const me = (customerId = ''): MeResponse => meResponse({ profile: { customerId } });

type Handler = (url: string, init?: RequestInit) => { status: number; body?: unknown };
let handler: Handler;
const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * Renders the app at `path`; the sign-in page (a lazy chunk) once it and its texts have loaded.
 * Inside an awaited act: React resumes a page that waited for its texts only there.
 */
async function renderAt(path: string) {
  const store = createAppStore();
  const router = createMemoryRouter(routeObjects(routeList), { initialEntries: [path] });
  await act(async () => {
    render(<App store={store} i18n={createI18n('en')} router={router} />);
  });
  if (path.startsWith('/login')) await waitFor(() => expect(document.querySelector('[role="status"][aria-busy="true"]')).toBeNull());
  return { store, router };
}

beforeAll(() => {
  window.scrollTo = () => undefined;
});
beforeEach(() => {
  window.localStorage.clear();
  handler = () => ({ status: 404, body: { error: { code: 'not_found', message: 'Not found.' } } });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const { status, body } = handler(url, init);
    return json(status, body);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const authConfig = (enabled: boolean) => ({ oidc: { enabled, providerName: 'Google' }, termsVersion: 't', passwordMinLength: 8 });

// Whole-app renders are slow on a busy machine; the default 5 s is not enough there.
describe('login screen', { timeout: 30_000 }, () => {
  it('shows the login texts; the provider button only when the server has a provider', async () => {
    handler = (url) => (url.endsWith('/auth/config') ? { status: 200, body: authConfig(false) } : { status: 404 });
    await renderAt('/login');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Craft Your Visual Signature');
    expect(screen.getByText('Welcome Back')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('type')).toBe('email');
    expect(screen.getByLabelText('Email').hasAttribute('required')).toBe(true);
    expect(screen.getByLabelText('Password').hasAttribute('required')).toBe(true);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Log In' })).toBeTruthy());
    expect(screen.queryByTestId('oidc-button')).toBeNull();
    cleanup();

    handler = (url) => (url.endsWith('/auth/config') ? { status: 200, body: authConfig(true) } : { status: 404 });
    await renderAt('/login');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Login/Sign Up with Google' })).toBeTruthy());
  });

  it('signs in, writes the local flags and goes to /app/', async () => {
    handler = (url) => (url.endsWith('/auth/signin') ? { status: 200, body: me() } : { status: 200, body: authConfig(false) });
    const { router, store } = await renderAt('/login');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Velvet-Otter-42' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/'));
    expect(store.getState().auth).toMatchObject({ signedIn: true, uid: 'u1', nom: 'Ada' });
    expect(JSON.parse(window.localStorage.getItem(AUTH_STORAGE_KEY) ?? '{}')).toEqual({ uid: 'u1', loggedIn: 'true', role: 'user' });
  });

  it('solves the proof-of-work the server asks for and signs in with it', async () => {
    const hmacKey = 'test-key-0123456789';
    const challenge = await createChallenge({ hmacKey, maxnumber: 3000, expires: new Date(Date.now() + 60_000), params: { level: '1' } });
    const bodies: Array<{ altcha?: string }> = [];
    handler = (url, init) => {
      if (!url.endsWith('/auth/signin')) return { status: 200, body: authConfig(false) };
      const body = JSON.parse(String(init?.body)) as { altcha?: string };
      bodies.push(body);
      return body.altcha
        ? { status: 200, body: me() }
        : { status: 400, body: { error: { code: 'bot_check_required', message: 'Please complete the verification.', details: { challenge } } } };
    };
    const { router } = await renderAt('/login');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Velvet-Otter-42' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/'));
    expect(bodies).toHaveLength(2);
    expect(await verifySolution(bodies[1]?.altcha ?? '', hmacKey)).toBe(true);
  });

  it('shows a short non-revealing message when sign-in fails', async () => {
    handler = (url) =>
      url.endsWith('/auth/signin')
        ? { status: 401, body: { error: { code: 'invalid_credentials', message: 'Incorrect e-mail or password.' } } }
        : { status: 200, body: authConfig(false) };
    await renderAt('/login');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'nobody@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'whatever-123' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect e-mail or password.');
  });

  it('finishes a first provider sign-in with the consent dialog (terms and age), then signs in', async () => {
    const posts: unknown[] = [];
    handler = (url, init) => {
      if (url.endsWith('/auth/oidc/consent') && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { ageConfirmed?: boolean };
        posts.push(body);
        return body.ageConfirmed ? { status: 201, body: me() } : { status: 400, body: { error: { code: 'age_required', message: 'x' } } };
      }
      if (url.endsWith('/auth/oidc/consent')) return { status: 200, body: { email: 'grace@idp.test', name: 'Grace Hopper', providerName: 'Google' } };
      return { status: 200, body: authConfig(true) };
    };
    const { router, store } = await renderAt('/login?oidc=consent_required');
    const dialog = await screen.findByRole('dialog', { name: 'One last step' });
    expect((await within(dialog).findByTestId('consent-email')).textContent).toBe('grace@idp.test');
    expect(within(dialog).getByText(/Create your Visage account with Google/)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Terms of Use' }).getAttribute('href')).toBe('/terms');
    const age = within(dialog).getByLabelText('I confirm that I am 13 years of age or older.') as HTMLInputElement;
    expect(age.required).toBe(true);
    expect(store.getState().auth.signedIn).toBe(false);
    fireEvent.click(within(dialog).getAllByRole('checkbox')[0] as HTMLElement);
    fireEvent.click(age);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create my account' }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/'));
    expect(posts).toEqual([{ termsAccepted: true, ageConfirmed: true }]);
    expect(store.getState().auth).toMatchObject({ signedIn: true, uid: 'u1' });
  });

  it('shows the consent dialog in French', async () => {
    handler = (url) =>
      url.endsWith('/auth/oidc/consent') ? { status: 200, body: { email: 'g@idp.test', name: 'G', providerName: 'Google' } } : { status: 200, body: authConfig(true) };
    const store = createAppStore();
    store.dispatch(setLanguage('fr'));
    const router = createMemoryRouter(routeObjects(routeList), { initialEntries: ['/login?oidc=consent_required'] });
    await act(async () => {
      render(<App store={store} i18n={createI18n('fr')} router={router} />);
    });
    const dialog = await screen.findByRole('dialog', { name: 'Dernière étape' });
    expect(within(dialog).getByLabelText('Je confirme avoir 13 ans ou plus.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Créer mon compte' })).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Conditions d’utilisation' })).toBeTruthy();
  });

  it('opens the sign-up overlay; the dimmed backdrop closes it', async () => {
    handler = () => ({ status: 200, body: authConfig(false) });
    await renderAt('/login');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    const dialog = screen.getByRole('dialog');
    for (const label of ['First Name', 'Last Name', 'Email', 'New Password']) expect(within(dialog).getByLabelText(label)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Terms of Use' }).getAttribute('href')).toBe('/terms');
    expect(within(dialog).getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
    const boxes = within(dialog).getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((b) => b.name)).toEqual(['termsAccepted', 'ageConfirmed']);
    expect(boxes.every((b) => b.required)).toBe(true);
    expect(within(dialog).getByLabelText('I confirm that I am 13 years of age or older.')).toBe(boxes[1]);
    fireEvent.mouseDown(screen.getByTestId('signup-backdrop'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('signed-in client', { timeout: 30_000 }, () => {
  beforeEach(() => {
    window.localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ uid: 'u1', loggedIn: 'true', role: 'user' }));
  });

  it('a signed-in visitor on /login lands on /app/', async () => {
    handler = (url) => (url.endsWith('/me') ? { status: 200, body: me() } : { status: 200, body: authConfig(false) });
    const { router } = await renderAt('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/'));
  });

  it('shows Logout, and the billing button only with a customerId', async () => {
    handler = (url) => (url.endsWith('/me') ? { status: 200, body: me() } : { status: 404 });
    await renderAt('/terms');
    expect(await screen.findByRole('button', { name: 'Logout' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('billing-button')).toBeNull());
    cleanup();
    handler = (url) => (url.endsWith('/me') ? { status: 200, body: me('cus_42') } : { status: 404 });
    await renderAt('/terms');
    expect(await screen.findByTestId('billing-button')).toBeTruthy();
  });

  it('a 401 from /me signs the client out and the guard sends it to /', async () => {
    handler = (url) => (url.endsWith('/me') ? { status: 401, body: { error: { code: 'unauthenticated', message: 'Please sign in.' } } } : { status: 404 });
    const { router, store } = await renderAt('/app/prosoccer');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(store.getState().auth.signedIn).toBe(false);
    expect(window.localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });
});

describe('signed-out visitor', { timeout: 30_000 }, () => {
  it('is sent from /app, /app/proshoot and /app/prosoccer to /', async () => {
    for (const path of ['/app', '/app/proshoot', '/app/prosoccer']) {
      const { router } = await renderAt(path);
      expect(router.state.location.pathname).toBe('/');
      cleanup();
    }
  });
});

describe('mail links', { timeout: 30_000 }, () => {
  it('follows a confirmation link once and says so in French', async () => {
    const confirms: unknown[] = [];
    handler = (url, init) => {
      if (url.endsWith('/auth/email/confirm')) {
        confirms.push(JSON.parse(String(init?.body)));
        return { status: 200, body: { status: 'confirmed', email: 'ada@example.fr' } };
      }
      return { status: 200, body: authConfig(false) };
    };
    const store = createAppStore();
    store.dispatch(setLanguage('fr'));
    const router = createMemoryRouter(routeObjects(routeList), { initialEntries: ['/verify-email?token=abcdefghijklmnopqrstuvwxyz'] });
    await act(async () => {
      render(<App store={store} i18n={createI18n('fr')} router={router} />);
    });
    expect((await screen.findByTestId('verify-done')).textContent).toBe('Merci : l’adresse ada@example.fr est confirmée.');
    expect(confirms).toEqual([{ token: 'abcdefghijklmnopqrstuvwxyz' }]);
  });

  it('sign-up answered "check your inbox" opens no session and says where the link went', async () => {
    handler = (url) => {
      if (url.endsWith('/auth/signup')) return { status: 202, body: { status: 'check_inbox' } };
      return { status: 200, body: authConfig(false) };
    };
    const { store } = await renderAt('/login');
    fireEvent.click(screen.getByTestId('open-signup'));
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('First Name'), { target: { value: 'Ada' } });
    fireEvent.change(within(dialog).getByLabelText('Last Name'), { target: { value: 'Lovelace' } });
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(within(dialog).getByLabelText('New Password'), { target: { value: 'Velvet-Otter-42' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /I accept the/ }));
    fireEvent.click(within(dialog).getByLabelText('I confirm that I am 13 years of age or older.'));
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Sign Up' }));
    });
    expect((await within(dialog).findByTestId('signup-check-inbox')).textContent).toContain('we sent a message to ada@example.com');
    expect(store.getState().auth.signedIn).toBe(false);
  });
});
