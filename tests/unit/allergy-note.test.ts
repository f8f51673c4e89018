import { describe, expect, it } from 'vitest';
import { ALLERGY_NOTE_MAX_LENGTH, noteWithAllergen } from '../../src/domain';

describe("'Allergie o intolleranze': the quick choices", () => {
  it('write the allergen as the kitchen reads it, after what is already written', () => {
    expect(noteWithAllergen('', 'nuts')).toBe('frutta a guscio');
    expect(noteWithAllergen('bambino di 6 anni ', 'milk')).toBe('bambino di 6 anni, latte');
  });

  it('never name an allergen twice, and never go past 200 characters', () => {
    expect(noteWithAllergen('Latte, uova', 'milk')).toBe('Latte, uova');
    const full = 'x'.repeat(ALLERGY_NOTE_MAX_LENGTH - 3);
    expect(noteWithAllergen(full, 'eggs')).toBe(full);
  });
});
