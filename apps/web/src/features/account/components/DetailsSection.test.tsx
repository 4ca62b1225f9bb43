// The account details' video line: used of the plan's allowance, unlimited, or not in the plan.
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { i18nWith } from '../../../test-i18n';
import { testAccount } from '../../../test-account';
import { DetailsSection } from './DetailsSection';

const i18n = await i18nWith('account');
afterEach(cleanup);

const account = (videoUsage: number, videoLimit: number | null) =>
  testAccount({ subscription: 'standard', usage: 3, limit: null, videoUsage, videoLimit });

function videoLine(lang: 'en' | 'fr', videoUsage: number, videoLimit: number | null): string {
  cleanup();
  render(
    <I18nextProvider i18n={i18n[lang]}>
      <DetailsSection account={account(videoUsage, videoLimit)} />
    </I18nextProvider>,
  );
  return screen.getByTestId('account-video').textContent ?? '';
}

describe('account details: video swaps', () => {
  it('says how many of the month’s video swaps are used', () => {
    expect(videoLine('en', 2, 5)).toBe('2 of 5 video swaps used this month');
    expect(videoLine('fr', 2, 5)).toBe('2 échanges vidéo sur 5 utilisés ce mois-ci');
    expect(videoLine('fr', 1, 5)).toBe('1 échange vidéo sur 5 utilisé ce mois-ci');
  });

  it('says when they are unlimited, or not in the plan', () => {
    expect(videoLine('en', 7, null)).toBe('7 video swaps this month (unlimited)');
    expect(videoLine('fr', 0, 0)).toBe('Non compris dans votre formule');
  });
});
