// The catalogue's attribute lists and the metadata an operator sends with each photo: every
// attribute present, only its listed values (or '' for not set), and for the soccer catalogue
// a listed player, country and club.
import { describe, expect, it } from 'vitest';
import {
  ADMIN_VALUES,
  ATTRIBUTE_KEYS,
  ATTRIBUTE_VALUES,
  CATALOGUE_KINDS,
  SOCCER_PLAYERS,
  catalogueAttributes,
  catalogueEdit,
  catalogueImagePath,
  catalogueUploadResult,
  proshootMetadata,
  prosoccerMetadata,
  type AttributeKey,
} from '../src/index.ts';

/** Metadata with every attribute set to its first admin value. */
const full = (): Record<AttributeKey, string> =>
  Object.fromEntries(ATTRIBUTE_KEYS.map((k) => [k, ADMIN_VALUES[k][0]!])) as Record<AttributeKey, string>;

describe('attribute lists', () => {
  it('cover the eleven attributes, each with distinct values, for filters and operators alike', () => {
    expect(ATTRIBUTE_KEYS).toHaveLength(11);
    expect(Object.keys(ATTRIBUTE_VALUES).sort()).toEqual([...ATTRIBUTE_KEYS].sort());
    expect(Object.keys(ADMIN_VALUES).sort()).toEqual([...ATTRIBUTE_KEYS].sort());
    for (const k of ATTRIBUTE_KEYS) {
      for (const values of [ATTRIBUTE_VALUES[k], ADMIN_VALUES[k]]) {
        expect(values.length, k).toBeGreaterThan(1);
        expect(new Set(values).size, k).toBe(values.length);
        expect(values, k).not.toContain('');
      }
    }
  });

  it('has the two catalogue kinds', () => {
    expect(CATALOGUE_KINDS).toEqual(['proshoot', 'prosoccer']);
  });
});

describe('proshoot upload metadata', () => {
  it('takes every attribute, each listed or empty', () => {
    expect(proshootMetadata.parse(full())).toEqual(full());
    const blank = Object.fromEntries(ATTRIBUTE_KEYS.map((k) => [k, '']));
    expect(proshootMetadata.parse(blank)).toEqual(blank);
  });

  it('refuses a missing attribute or a value not on the operator list', () => {
    const { gender: _gender, ...missing } = full();
    expect(proshootMetadata.safeParse(missing).success).toBe(false);
    expect(proshootMetadata.safeParse({ ...full(), faceShape: 'hexagon' }).success).toBe(false);
    // 'other' is a filter value for ethnicity, not one an operator may set.
    expect(ATTRIBUTE_VALUES.ethnicity).toContain('other');
    expect(proshootMetadata.safeParse({ ...full(), ethnicity: 'other' }).success).toBe(false);
    expect(proshootMetadata.safeParse({ ...full(), ethnicity: 'arab' }).success).toBe(true);
  });
});

describe('prosoccer upload metadata', () => {
  const player = SOCCER_PLAYERS[0]!;
  const soccer = () => ({ ...full(), playerName: player.name, country: player.country, club: player.club });

  it('takes a listed player with a listed country and club', () => {
    expect(prosoccerMetadata.parse(soccer())).toMatchObject({ playerName: player.name });
  });

  it('refuses a player, country or club that is not listed, and a missing one', () => {
    expect(prosoccerMetadata.safeParse({ ...soccer(), playerName: 'Someone Else' }).success).toBe(false);
    expect(prosoccerMetadata.safeParse({ ...soccer(), country: 'Atlantis' }).success).toBe(false);
    expect(prosoccerMetadata.safeParse({ ...soccer(), club: 'Nowhere FC' }).success).toBe(false);
    expect(prosoccerMetadata.safeParse(full()).success).toBe(false);
  });
});

describe('stored attributes and edits', () => {
  it('store filter and operator values both', () => {
    expect(catalogueAttributes.safeParse({ ...full(), ethnicity: 'other', hairColor: 'darkBlonde' }).success).toBe(true);
    expect(catalogueAttributes.safeParse({ ...full(), hairColor: 'green' }).success).toBe(false);
  });

  it('edit some attributes only, and refuse a field that is not editable', () => {
    expect(catalogueEdit.parse({ gender: 'female' })).toEqual({ gender: 'female' });
    expect(catalogueEdit.parse({})).toEqual({});
    expect(catalogueEdit.safeParse({ gender: 'robot' }).success).toBe(false);
    expect(catalogueEdit.safeParse({ id: 'other-entry' }).success).toBe(false);
    expect(catalogueEdit.safeParse({ playerName: 'Someone Else' }).success).toBe(false);
  });
});

describe('operator upload answer', () => {
  it('says per photo whether it was added or why it was refused', () => {
    const rejected = { index: 1, name: 'b.jpg', status: 'rejected', code: 'several_faces', message: 'Two faces.' };
    expect(catalogueUploadResult.parse({ results: [rejected] }).results[0]).toMatchObject({ code: 'several_faces' });
    expect(catalogueUploadResult.safeParse({ results: [{ ...rejected, code: 'too_ugly' }] }).success).toBe(false);
    expect(catalogueUploadResult.safeParse({ results: [{ index: 0, name: 'a.jpg', status: 'added' }] }).success).toBe(false);
  });

  it('names an entry image by its id', () => {
    expect(catalogueImagePath('abc')).toBe('/app/api/media/catalogue/abc/image');
  });
});
