// The catalogue modal on its own: its texts in English and French, filters narrowing the
// grid at once (AND) with the count and the no-match text, picking, the custom tile, closing.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SOCCER_PLAYERS, type CatalogueEntry, type CatalogueKind } from '@visage/contracts';
import { AccessContext, type AccessLevel } from '../../../lib/access';
import { i18nWith } from '../../../test-i18n';
import { initialFilters, type Filters } from '../lib/filters';
import { CatalogueModal } from './CatalogueModal';

const i18n = await i18nWith('catalogue');

const entry = (id: string, attrs: Partial<CatalogueEntry>): CatalogueEntry => ({
  id, url: `/app/api/media/catalogue/${id}/image`, thumbUrl: `/app/api/media/catalogue/${id}/thumb`, createdAt: 0, gender: '', ethnicity: '', ageRange: '',
  faceShape: '', hairType: '', hairLength: '', hairColor: '', eyesShape: '', noseShape: '', lipsShape: '', cheeksShape: '', ...attrs,
});
const ENTRIES = [entry('a', { gender: 'female', hairColor: 'red' }), entry('b', { gender: 'female', hairColor: 'brown' }), entry('c', { gender: 'male', hairColor: 'red', playerName: 'Lionel Messi', club: 'Inter Miami' })];

function Harness({ entries = ENTRIES, ...props }: { kind: CatalogueKind; entries?: CatalogueEntry[]; onSelect: (e: CatalogueEntry) => void; onCustom: (f: File) => void; onClose: () => void }) {
  const [filters, setFilters] = useState<Filters>(initialFilters(props.kind));
  return <CatalogueModal {...props} entries={entries} players={SOCCER_PLAYERS} loaded selectedId={null} filters={filters} onFiltersChange={setFilters} accept="image/jpeg,image/png" />;
}

function show(kind: CatalogueKind = 'proshoot', language: 'en' | 'fr' = 'en', opts: { entries?: CatalogueEntry[]; level?: AccessLevel } = {}) {
  const handlers = { onSelect: vi.fn(), onCustom: vi.fn(), onClose: vi.fn() };
  render(
    <AccessContext.Provider value={opts.level ?? 'user'}>
      <I18nextProvider i18n={i18n[language]}>
        <Harness kind={kind} entries={opts.entries} {...handlers} />
      </I18nextProvider>
    </AccessContext.Provider>,
  );
  return handlers;
}

afterEach(cleanup);

describe('CatalogueModal', () => {
  it('shows its texts and narrows the grid with AND', () => {
    const { onSelect } = show();
    expect(screen.getByRole('button', { name: 'Hide Filters' })).toBeTruthy();
    expect(screen.getByText('Upload Custom Image')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeTruthy();
    expect(screen.getByTestId('catalogue-close').textContent).toBe('x');
    for (const label of ['Gender', 'Ethnicity', 'Age', 'Face Shape', 'Hair Type', 'Hair Length', 'Hair Color', 'Eyes Shape', 'Nose Shape', 'Lips Shape', 'Cheeks Shape']) expect(screen.getByText(label)).toBeTruthy();
    expect(screen.getAllByTestId('catalogue-entry')).toHaveLength(3);
    fireEvent.change(screen.getByTestId('catalogue-filter-gender'), { target: { value: 'female' } });
    expect(screen.getByTestId('catalogue-count').textContent).toBe('2 matches');
    fireEvent.change(screen.getByTestId('catalogue-filter-hairColor'), { target: { value: 'red' } });
    expect(screen.getAllByTestId('catalogue-entry')).toHaveLength(1);
    expect(screen.getByTestId('catalogue-count').textContent).toBe('1 match');
    fireEvent.change(screen.getByTestId('catalogue-filter-gender'), { target: { value: 'other' } });
    expect(screen.getByTestId('catalogue-count').textContent).toBe('No photo matches these filters.');
    fireEvent.click(screen.getByRole('button', { name: 'Hide Filters' }));
    expect(screen.queryByTestId('catalogue-filters')).toBeNull();
    expect(screen.getByRole('button', { name: 'Show Filters' })).toBeTruthy();
    fireEvent.change(screen.getByTestId('catalogue-custom-input'), { target: { files: [] } });
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('presets gender to male and adds Player, Country and Club for soccer; picks an entry', () => {
    const { onSelect, onClose } = show('prosoccer');
    expect((screen.getByTestId('catalogue-filter-gender') as HTMLSelectElement).value).toBe('male');
    for (const label of ['Player', 'Country', 'Club']) expect(screen.getByText(label)).toBeTruthy();
    fireEvent.change(screen.getByTestId('catalogue-filter-playerName'), { target: { value: 'Lionel Messi' } });
    fireEvent.click(screen.getByTestId('catalogue-entry'));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: 'c' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('speaks French', () => {
    show('proshoot', 'fr');
    expect(screen.getByRole('button', { name: 'Masquer les filtres' })).toBeTruthy();
    expect(screen.getByText('Importer une image personnalisée')).toBeTruthy();
    expect(screen.getByText('Forme du visage')).toBeTruthy();
  });

  it('tells users an empty soccer catalogue is being filled and offers their own photo; only operators see the operator page', () => {
    show('prosoccer', 'en', { entries: [] });
    const said = screen.getByTestId('catalogue-empty').textContent ?? '';
    expect(said).toContain('the catalogue is being filled');
    expect(said).toContain('Upload Custom Image');
    expect(said).not.toContain('/admin');
    expect(screen.getByTestId('catalogue-custom')).toBeTruthy();
    cleanup();
    show('prosoccer', 'fr', { entries: [] });
    expect(screen.getByTestId('catalogue-empty').textContent).toContain('le catalogue est en cours de constitution');
    expect(screen.getByTestId('catalogue-empty').textContent).not.toContain('/admin');
    cleanup();
    show('prosoccer', 'en', { entries: [], level: 'operator' });
    expect(screen.getByTestId('catalogue-empty').textContent).toContain('/admin/prosoccer');
  });
});
