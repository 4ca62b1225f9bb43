// The support address the server names (SUPPORT_EMAIL) is a mailto: link in the footer, the
// privacy policy's contact section and the terms, in English and French.
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PrivacyPage, TermsPage } from '../features/legal';
import { Footer } from '../features/shell/components/Footer';
import { createI18n } from '../lib/i18n';
import { forgetRetention } from '../lib/retention';
import { forgetSupportEmail } from '../lib/support';

const EMAIL = 'help@visage.test';
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  forgetSupportEmail();
  forgetRetention();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.endsWith('/support')) return json({ email: EMAIL });
      if (url.endsWith('/retention')) return json({ uploadRetentionHours: 24, exportTtlHours: 24 });
      return new Response('{}', { status: 500 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderIn(lang: 'en' | 'fr', node: ReactNode): Promise<void> {
  await act(async () => {
    render(
      <I18nextProvider i18n={createI18n(lang)}>
        <MemoryRouter>
          <Suspense fallback={<p>loading</p>}>{node}</Suspense>
        </MemoryRouter>
      </I18nextProvider>,
    );
  });
}

describe('support address', () => {
  it('is a mailto: link in the footer, in both languages', async () => {
    await renderIn('en', <Footer />);
    expect((await screen.findByRole('link', { name: `Support: ${EMAIL}` })).getAttribute('href')).toBe(`mailto:${EMAIL}`);
    cleanup();
    forgetSupportEmail();
    await renderIn('fr', <Footer />);
    expect((await screen.findByRole('link', { name: `Assistance : ${EMAIL}` })).getAttribute('href')).toBe(`mailto:${EMAIL}`);
  });

  it('is the privacy policy’s contact address, linked, in English and French', async () => {
    await renderIn('en', <PrivacyPage />);
    const contact = (await screen.findAllByTestId('legal-section')).at(-1)!;
    expect(contact.textContent).toContain(`write to us at ${EMAIL}.`);
    expect(contact.textContent).not.toContain('shown in the Service');
    expect(within(contact).getByRole('link', { name: EMAIL }).getAttribute('href')).toBe(`mailto:${EMAIL}`);
    cleanup();
    await renderIn('fr', <PrivacyPage />);
    const contactFr = (await screen.findAllByTestId('legal-section')).at(-1)!;
    expect(contactFr.textContent).toContain(`écrivez-nous à ${EMAIL}.`);
    expect(within(contactFr).getByRole('link', { name: EMAIL }).getAttribute('href')).toBe(`mailto:${EMAIL}`);
  });

  it('is named by the terms, linked, in English and French', async () => {
    await renderIn('en', <TermsPage />);
    expect((await screen.findByRole('link', { name: EMAIL })).getAttribute('href')).toBe(`mailto:${EMAIL}`);
    expect(screen.getByTestId('legal-terms').textContent).toContain(`write to us at ${EMAIL}`);
    cleanup();
    await renderIn('fr', <TermsPage />);
    expect((await screen.findByRole('link', { name: EMAIL })).getAttribute('href')).toBe(`mailto:${EMAIL}`);
    expect(screen.getByTestId('legal-terms').textContent).toContain(`écrivez-nous à ${EMAIL}`);
  });
});
