import { describe, expect, it } from 'vitest';
import { ALLERGY_NOTE_MAX, allergyNoteError, withAllergen } from '../../src/domain';

describe("'Allergie o intolleranze' (the checkout's and the cassa's field)", () => {
  it('a quick choice writes the allergen as the kitchen reads it, after what is already written, once', () => {
    expect(withAllergen('', 'nuts')).toBe('frutta a guscio');
    expect(withAllergen('bambino di 6 anni ', 'milk')).toBe('bambino di 6 anni, latte');
    expect(withAllergen('Latte, uova', 'milk')).toBe('Latte, uova');
  });

  it('a note past 200 characters or with a control character is refused in Italian', () => {
    expect(allergyNoteError('x'.repeat(ALLERGY_NOTE_MAX))).toBeNull();
    expect(allergyNoteError('x'.repeat(ALLERGY_NOTE_MAX + 1))).toBe('Il campo allergie o intolleranze non può superare 200 caratteri.');
    expect(allergyNoteError('latte\u0007')).toBe('Il campo allergie o intolleranze ha un formato non valido.');
  });
});
