// The hero's way in: 'Join Beta' and a log-in link for visitors, 'Open the app' (and no 'Join
// Beta') for signed-in users, in English and French.
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AccessContext, type AccessLevel } from '../../../lib/access';
import { i18nWith } from '../../../test-i18n';
import { LandingPage } from './LandingPage';

const i18n = await i18nWith('landing');

afterEach(cleanup);

function renderAs(level: AccessLevel, lang: 'en' | 'fr') {
  render(
    <I18nextProvider i18n={i18n[lang]}>
      <AccessContext.Provider value={level}>
        <MemoryRouter>
          <LandingPage />
        </MemoryRouter>
      </AccessContext.Provider>
    </I18nextProvider>,
  );
}

const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href');

describe('landing page call to action', () => {
  it('offers Join Beta and Log in to a visitor', () => {
    renderAs('public', 'en');
    expect(href('Join Beta')).toBe('/login');
    expect(href('Log in')).toBe('/login');
    expect(screen.queryByRole('link', { name: 'Open the app' })).toBeNull();
    cleanup();
    renderAs('public', 'fr');
    expect(href('Rejoindre la bêta')).toBe('/login');
    expect(href('Se connecter')).toBe('/login');
  });

  it('offers Open the app, not Join Beta, to a signed-in user', () => {
    renderAs('user', 'en');
    expect(href('Open the app')).toBe('/app');
    expect(screen.queryByRole('link', { name: 'Join Beta' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
    cleanup();
    renderAs('operator', 'fr');
    expect(href('Ouvrir l’application')).toBe('/app');
    expect(screen.queryByRole('link', { name: 'Rejoindre la bêta' })).toBeNull();
  });
});
