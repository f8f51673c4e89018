import { ALLERGEN_LABELS, type Allergen } from './allergens';

/** 'Allergie o intolleranze' is one line the ticket prints first: short, free of control characters. */
export const ALLERGY_NOTE_MAX = 200;

const hasControlCharacter = (text: string) => [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/** The field's error in Italian, or null: the checkout checks it before the summary, the server again. */
export function allergyNoteError(note: string): string | null {
  if (note.length > ALLERGY_NOTE_MAX) return `Il campo allergie o intolleranze non può superare ${ALLERGY_NOTE_MAX} caratteri.`;
  if (hasControlCharacter(note)) return 'Il campo allergie o intolleranze ha un formato non valido.';
  return null;
}

/** A quick choice appends the allergen as the kitchen reads it ('frutta a guscio'), once. */
export function withAllergen(note: string, allergen: Allergen): string {
  const name = ALLERGEN_LABELS[allergen].toLowerCase();
  const named = note
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .includes(name);
  if (named) return note;
  return note.trim() ? `${note.trim().replace(/,$/, '')}, ${name}` : name;
}
