import { ALLERGENS, type Allergen, type AllergenFacts } from '../../src/domain';

/**
 * Lists of codes (allergens, diet marks) are stored as one text column, comma-separated in their
 * list's order ('gluten,milk'): both engines store, compare and read it the same simple way.
 */
export const codesText = <T extends string>(codes: readonly T[], known: readonly T[]): string =>
  known.filter((code) => codes.includes(code)).join(',');

/** The stored codes, in their list's order; one no longer known is dropped. */
export function codesOf<T extends string>(text: string, known: readonly T[]): T[] {
  const stored = new Set(text.split(','));
  return known.filter((code) => stored.has(code));
}

/** What a product, dough, addition or order line row stores of its allergens. */
export const allergenColumns = (facts: AllergenFacts) => ({
  allergens: codesText(facts.allergens, ALLERGENS),
  may_contain: codesText(facts.may_contain, ALLERGENS),
});

export const allergenFactsOf = (row: { allergens: string; may_contain: string }): { allergens: Allergen[]; may_contain: Allergen[] } => ({
  allergens: codesOf(row.allergens, ALLERGENS),
  may_contain: codesOf(row.may_contain, ALLERGENS),
});
