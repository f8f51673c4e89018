import { ALLERGEN_LABELS, type Allergen } from './allergens';

/** 'Allergie o intolleranze': one line the ticket prints first, at most this long (the contract's AllergyNote). */
export const ALLERGY_NOTE_MAX_LENGTH = 200;

/**
 * The note after a quick choice: the allergen's name, lower case as the kitchen reads it ('frutta a
 * guscio'), added after what is written. Unchanged when the note already names it or it would not fit.
 */
export function noteWithAllergen(note: string, allergen: Allergen): string {
  const name = ALLERGEN_LABELS[allergen].toLowerCase();
  const written = note.trim();
  if (written.toLowerCase().includes(name)) return note;
  const next = written ? `${written}, ${name}` : name;
  return next.length > ALLERGY_NOTE_MAX_LENGTH ? note : next;
}
