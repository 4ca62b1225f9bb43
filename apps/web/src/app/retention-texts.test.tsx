// The privacy page and the account page's export section state the server's retention
// settings, with the hour in the singular or plural of each language, not a fixed "24 hours".
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RetentionConfig } from '@visage/contracts';
import { DataSection } from '../features/account/components/DataSection';
import { PrivacyPage } from '../features/legal';
import { i18nWith } from '../test-i18n';
import { testAccount } from '../test-account';
import { forgetRetention } from '../lib/retention';

const i18n = await i18nWith('account');

const fetchMock = vi.fn();
let retention: RetentionConfig | null;
beforeEach(() => {
  forgetRetention();
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url: string) => {
    if (url.endsWith('/retention') && retention) return json(retention);
    if (url.endsWith('/account/exports')) return json([]);
    return new Response('{}', { status: 500 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** Awaited inside act: the privacy page suspends until its texts and the settings are in. */
async function renderIn(lang: 'en' | 'fr', node: ReactNode): Promise<void> {
  await act(async () => {
    render(
      <I18nextProvider i18n={i18n[lang]}>
        <Suspense fallback={<p>loading</p>}>{node}</Suspense>
      </I18nextProvider>,
    );
  });
}

async function privacyText(lang: 'en' | 'fr'): Promise<string> {
  await renderIn(lang, <PrivacyPage />);
  return (await screen.findByTestId('legal-privacy')).textContent ?? '';
}

const account = testAccount();

describe('privacy page retention figures', () => {
  it('states the configured hours in English, singular and plural', async () => {
    retention = { uploadRetentionHours: 1, exportTtlHours: 48 };
    const text = await privacyText('en');
    expect(text).toContain('are deleted automatically 1 hour after that swap ends (finished or failed)');
    expect(text).toContain('the ZIP file is kept for 48 hours, then deleted');
    expect(text).not.toContain('24 hours');
  });

  it('states them in French', async () => {
    retention = { uploadRetentionHours: 72, exportTtlHours: 1 };
    const text = await privacyText('fr');
    expect(text).toContain('sont supprimées automatiquement 72 heures après la fin de cet échange (réussi ou non)');
    expect(text).toContain('le fichier ZIP est conservé 1 heure, puis supprimé');
  });

  it('says uploads go when the swap ends when they are kept 0 hours', async () => {
    retention = { uploadRetentionHours: 0, exportTtlHours: 24 };
    expect(await privacyText('en')).toContain('are deleted automatically as soon as that swap ends');
    cleanup();
    expect(await privacyText('fr')).toContain('sont supprimées automatiquement dès la fin de cet échange');
  });

  it('names no figure when the server does not say', async () => {
    retention = null;
    const text = await privacyText('en');
    expect(text).toContain('are deleted automatically within a limited time after that swap ends');
    expect(text).toContain('the ZIP file is kept for a limited time, then deleted');
    expect(text).not.toContain('24 hours');
  });
});

describe('account page export section', () => {
  it('states how long the ZIP can be downloaded, as configured', async () => {
    retention = { uploadRetentionHours: 24, exportTtlHours: 2 };
    await renderIn('en', <DataSection account={account} onDeleted={() => {}} />);
    await waitFor(() => expect(screen.getByText(/It can be downloaded for 2 hours\./)).toBeTruthy());
  });

  it('in French too', async () => {
    retention = { uploadRetentionHours: 24, exportTtlHours: 1 };
    await renderIn('fr', <DataSection account={account} onDeleted={() => {}} />);
    await waitFor(() => expect(screen.getByText(/Il peut être téléchargé pendant 1 heure\./)).toBeTruthy());
  });
});
