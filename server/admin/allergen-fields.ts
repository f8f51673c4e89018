import {
  ALLERGEN_LABELS,
  contradictedDietMarks,
  DIET_MARK_LABELS,
  type Allergen,
  type AllergenFacts,
  type DietMark,
} from '../../src/domain';
import type { FormCheck } from './fields';

/**
 * The allergen fields of the dough, product and addition editors ('Contiene', 'Può contenere', the
 * diet marks). The contract refuses unknown codes, repeats and more than 14; these are the rules
 * between the fields. A field the form leaves out keeps the record's value.
 */
export interface AllergenForm {
  allergens?: Allergen[];
  may_contain?: Allergen[];
}

const labelOf = (allergen: Allergen) => ALLERGEN_LABELS[allergen];

export function checkedAllergens(check: FormCheck, form: AllergenForm, current: AllergenFacts): AllergenFacts {
  const allergens = form.allergens ?? current.allergens;
  const mayContain = form.may_contain ?? current.may_contain;
  const both = mayContain.filter((a) => allergens.includes(a));
  if (both.length) check.add('may_contain', `Può contenere non ripete ciò che contiene: ${both.map(labelOf).join(', ')}.`);
  return { allergens, may_contain: mayContain };
}

/** 'Un prodotto con Latte non può essere Vegana.', for each mark one of its allergens contradicts. */
export function checkDietMarks(check: FormCheck, diet: readonly DietMark[], allergens: readonly Allergen[]): void {
  for (const mark of contradictedDietMarks(diet, allergens)) {
    const cause = allergens.find((a) => contradictedDietMarks([mark], [a]).length > 0)!;
    check.add('diet', `Un prodotto con ${labelOf(cause)} non può essere ${DIET_MARK_LABELS[mark]}.`);
  }
}

const lowerCase = (labels: string[]) => labels.map((label) => label.toLocaleLowerCase('it'));

/** What the register shows: 'allergeni: latte → latte, frutta a guscio'. */
export const allergenAuditView = (facts: AllergenFacts) => ({
  allergens: lowerCase(facts.allergens.map(labelOf)),
  may_contain: lowerCase(facts.may_contain.map(labelOf)),
});

export const dietAuditView = (diet: readonly DietMark[]) => lowerCase(diet.map((mark) => DIET_MARK_LABELS[mark]));
