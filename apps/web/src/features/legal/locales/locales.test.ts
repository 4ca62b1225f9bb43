import { describe, expect, it } from 'vitest';
import en from './en.json';
import fr from './fr.json';

const text = (doc: { sections: { blocks: unknown[] }[] }) => JSON.stringify(doc.sections);

// Explicit content is refused on every plan, Premium included, and the legal pages say so.
describe('legal pages on explicit content', () => {
  it('say it is refused on every plan and why, in English and French', () => {
    expect(text(en.terms)).toContain('Explicit content is refused on every plan, Premium included');
    expect(text(en.terms)).toContain('unlawful in many countries');
    expect(text(fr.terms)).toContain('Les contenus explicites sont refusés dans toutes les formules, Premium comprise');
    expect(text(en.privacy)).toContain('each uploaded photo is classified automatically on our own server');
    expect(text(fr.privacy)).toContain('chaque photo importée est classée automatiquement sur notre propre serveur');
  });
  it('no longer offer NSFW on Premium', () => {
    expect(text(en.terms)).not.toMatch(/NSFW content is allowed|allowed only on the Premium plan/);
    expect(text(fr.terms)).not.toMatch(/NSFW sont autorisés|autorisés qu’avec la formule Premium/);
  });
});
