/**
 * The 14 allergens of Reg. (EU) 1169/2011 Annex II, in the Annex's order: every list shown to a
 * customer, the cassa or the kitchen follows it. Keys in code, Italian on screen.
 */
export const ALLERGENS = [
  'gluten',
  'crustaceans',
  'eggs',
  'fish',
  'peanuts',
  'soybeans',
  'milk',
  'nuts',
  'celery',
  'mustard',
  'sesame',
  'sulphites',
  'lupin',
  'molluscs',
] as const;
export type Allergen = (typeof ALLERGENS)[number];

export const ALLERGEN_LABELS: Record<Allergen, string> = {
  gluten: 'Glutine',
  crustaceans: 'Crostacei',
  eggs: 'Uova',
  fish: 'Pesce',
  peanuts: 'Arachidi',
  soybeans: 'Soia',
  milk: 'Latte',
  nuts: 'Frutta a guscio',
  celery: 'Sedano',
  mustard: 'Senape',
  sesame: 'Sesamo',
  sulphites: 'Anidride solforosa e solfiti',
  lupin: 'Lupini',
  molluscs: 'Molluschi',
};

/** The checkout's and the cassa's field, stored as an order's `allergy_note`; the e-mail repeats it under this name. */
export const ALLERGY_NOTE_LABEL = 'Allergie o intolleranze';

export const DIET_MARKS = ['vegetarian', 'vegan', 'spicy'] as const;
export type DietMark = (typeof DIET_MARKS)[number];

export const DIET_MARK_LABELS: Record<DietMark, string> = { vegetarian: 'Vegetariana', vegan: 'Vegana', spicy: 'Piccante' };

/** What a product, a dough or an addition contains, and what it may carry by cross-contact. */
export interface AllergenFacts {
  allergens: readonly Allergen[];
  may_contain: readonly Allergen[];
}

/** Allergens found by animal origin: a product with any of them cannot carry the mark. */
const EXCLUDED_BY: Record<Exclude<DietMark, 'spicy'>, readonly Allergen[]> = {
  vegetarian: ['fish', 'crustaceans', 'molluscs'],
  vegan: ['fish', 'crustaceans', 'molluscs', 'milk', 'eggs'],
};

const inAnnexOrder = (set: ReadonlySet<Allergen>): Allergen[] => ALLERGENS.filter((a) => set.has(a));

/**
 * A cart line's allergens: its product's own, its dough's (the chosen one, else the product's base
 * dough) and its additions'. Cross-contact lists what the line may carry and does not already contain.
 */
export function lineAllergens(
  product: AllergenFacts & { base_dough: AllergenFacts | null },
  chosenDough: AllergenFacts | null,
  additions: readonly AllergenFacts[],
): { allergens: Allergen[]; may_contain: Allergen[] } {
  const parts = [product, chosenDough ?? product.base_dough, ...additions].filter((p): p is AllergenFacts => p !== null);
  const contains = new Set(parts.flatMap((p) => p.allergens));
  const traces = new Set(parts.flatMap((p) => p.may_contain).filter((a) => !contains.has(a)));
  return { allergens: inAnnexOrder(contains), may_contain: inAnnexOrder(traces) };
}

/** The diet marks its allergens contradict ('Vegana' on a product with milk): refused when the owner saves it. */
export function contradictedDietMarks(diet: readonly DietMark[], allergens: readonly Allergen[]): DietMark[] {
  return diet.filter((mark) => mark !== 'spicy' && EXCLUDED_BY[mark].some((a) => allergens.includes(a)));
}
