// The fixed soccer player list: the server validates uploads against it and the page offers
// its countries and clubs as selects, so every field must be usable.
import { describe, expect, it } from 'vitest';
import { SOCCER_CLUBS, SOCCER_COUNTRIES, SOCCER_PLAYERS, soccerPlayerList } from '../src/index.ts';

/** The id a name should have: lowercase ASCII, words joined by underscores. */
const idOf = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_');

describe('soccer players', () => {
  it('lists 20 players with unique names and ids', () => {
    expect(SOCCER_PLAYERS).toHaveLength(20);
    expect(new Set(SOCCER_PLAYERS.map((p) => p.id)).size).toBe(SOCCER_PLAYERS.length);
    expect(new Set(SOCCER_PLAYERS.map((p) => p.name)).size).toBe(SOCCER_PLAYERS.length);
  });

  it('gives each an id made from the name: lowercase, underscores, no accents', () => {
    for (const p of SOCCER_PLAYERS) {
      expect(p.id, p.name).toMatch(/^[a-z0-9]+(_[a-z0-9]+)*$/);
      expect(p.id, p.name).toBe(idOf(p.name));
    }
  });

  it('gives each a non-empty, trimmed name, country and club', () => {
    for (const p of SOCCER_PLAYERS) {
      for (const field of [p.name, p.country, p.club]) {
        expect(field.trim(), p.id).not.toBe('');
        expect(field, p.id).toBe(field.trim());
      }
    }
  });

  it('offers each country and club once, every one of them used by a player', () => {
    expect(new Set(SOCCER_COUNTRIES).size).toBe(SOCCER_COUNTRIES.length);
    expect(new Set(SOCCER_CLUBS).size).toBe(SOCCER_CLUBS.length);
    expect([...SOCCER_COUNTRIES].sort()).toEqual([...new Set(SOCCER_PLAYERS.map((p) => p.country))].sort());
    expect([...SOCCER_CLUBS].sort()).toEqual([...new Set(SOCCER_PLAYERS.map((p) => p.club))].sort());
  });

  it('is what the list endpoint answers', () => {
    expect(soccerPlayerList.parse(SOCCER_PLAYERS)).toEqual(SOCCER_PLAYERS);
    expect(soccerPlayerList.safeParse([{ name: 'X', id: 'x', country: 'Y' }]).success).toBe(false);
  });
});
