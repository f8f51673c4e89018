import { describe, expect, it } from 'vitest';
import { ALLERGEN_LABELS, ALLERGENS, contradictedDietMarks, lineAllergens, type Allergen } from '../../src/domain';

const facts = (allergens: Allergen[], may_contain: Allergen[] = []) => ({ allergens, may_contain });
const classic = facts(['gluten']);
const glutenFree = facts([], ['gluten']);
const margherita = { ...facts(['milk']), base_dough: classic };

describe('the 14 allergens', () => {
  it('are the Annex II list in its order, each with its Italian label', () => {
    expect(ALLERGENS).toHaveLength(14);
    expect(ALLERGENS.map((a) => ALLERGEN_LABELS[a])).toEqual([
      'Glutine',
      'Crostacei',
      'Uova',
      'Pesce',
      'Arachidi',
      'Soia',
      'Latte',
      'Frutta a guscio',
      'Sedano',
      'Senape',
      'Sesamo',
      'Anidride solforosa e solfiti',
      'Lupini',
      'Molluschi',
    ]);
  });
});

describe("a line's allergens", () => {
  it("are the product's and its base dough's when no dough is chosen", () => {
    expect(lineAllergens(margherita, null, [])).toEqual({ allergens: ['gluten', 'milk'], may_contain: [] });
  });

  it('lose gluten when the gluten-free dough replaces the base, which may still carry it', () => {
    expect(lineAllergens(margherita, glutenFree, [])).toEqual({ allergens: ['milk'], may_contain: ['gluten'] });
  });

  it('gain gluten when a dough with it replaces a product made on none', () => {
    const drink = { ...facts([]), base_dough: null };
    expect(lineAllergens(drink, null, []).allergens).toEqual([]);
    expect(lineAllergens(drink, classic, []).allergens).toEqual(['gluten']);
  });

  it("add each addition's, in the Annex's order, once", () => {
    const line = lineAllergens(margherita, null, [facts(['fish']), facts(['milk', 'nuts'])]);
    expect(line.allergens).toEqual(['gluten', 'fish', 'milk', 'nuts']);
  });

  it('may contain only what the line does not already contain', () => {
    const line = lineAllergens(margherita, glutenFree, [facts(['sesame'], ['milk', 'peanuts'])]);
    expect(line).toEqual({ allergens: ['milk', 'sesame'], may_contain: ['gluten', 'peanuts'] });
  });
});

describe('the diet marks a product contradicts', () => {
  it("refuse 'Vegana' with milk or eggs, and allow it without", () => {
    expect(contradictedDietMarks(['vegan'], ['gluten', 'milk'])).toEqual(['vegan']);
    expect(contradictedDietMarks(['vegan'], ['eggs'])).toEqual(['vegan']);
    expect(contradictedDietMarks(['vegan'], ['gluten', 'nuts'])).toEqual([]);
  });

  it("refuse 'Vegetariana' and 'Vegana' with fish, crustaceans or molluscs, and allow 'Vegetariana' with milk", () => {
    for (const animal of ['fish', 'crustaceans', 'molluscs'] as const) {
      expect(contradictedDietMarks(['vegetarian', 'vegan'], [animal])).toEqual(['vegetarian', 'vegan']);
    }
    expect(contradictedDietMarks(['vegetarian'], ['milk', 'eggs'])).toEqual([]);
  });

  it("never refuse 'Piccante'", () => {
    expect(contradictedDietMarks(['spicy'], [...ALLERGENS])).toEqual([]);
  });
});
