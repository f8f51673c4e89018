import {
  ALLERGEN_LABELS,
  ALLERGENS,
  DIET_MARK_LABELS,
  DIET_MARKS,
  lineAllergens,
  type Allergen,
  type AllergenFacts,
  type DietMark,
} from '../src/domain';

/** The allergen table's address: the dialog, the footer and the FAQ link to it. */
export const ALLERGEN_PAGE = '/ecommerce/allergeni';

/** The Italian names in the Annex's order, as a sentence: 'Glutine, Latte'. */
export const allergenNames = (list: readonly Allergen[]) =>
  ALLERGENS.filter((a) => list.includes(a))
    .map((a) => ALLERGEN_LABELS[a])
    .join(', ');

/** The filter chip that hides a product containing it: 'Senza glutine', 'Senza frutta a guscio'. */
export const withoutLabel = (allergen: Allergen) => `Senza ${ALLERGEN_LABELS[allergen].toLowerCase()}`;

/** What a customer reads before buying: 'Contiene: Glutine, Latte' and 'Può contenere: Glutine' (null when none). */
export function allergenSentences(facts: { allergens: readonly Allergen[]; may_contain: readonly Allergen[] }) {
  return {
    contains: facts.allergens.length > 0 ? `Contiene: ${allergenNames(facts.allergens)}` : 'Nessuno dei 14 allergeni',
    mayContain: facts.may_contain.length > 0 ? `Può contenere: ${allergenNames(facts.may_contain)}` : null,
  };
}

/** The card's small marks: short enough for a phone, the full names go to screen readers. */
const ALLERGEN_MARKS: Record<Allergen, string> = {
  gluten: 'GLU',
  crustaceans: 'CRO',
  eggs: 'UOV',
  fish: 'PES',
  peanuts: 'ARA',
  soybeans: 'SOI',
  milk: 'LAT',
  nuts: 'FRU',
  celery: 'SED',
  mustard: 'SEN',
  sesame: 'SES',
  sulphites: 'SOL',
  lupin: 'LUP',
  molluscs: 'MOL',
};

export const FROZEN_LEGEND = "* Prodotto surgelato o congelato all'origine";

/** What a menu card shows of a product as it comes (on its base dough): allergen and diet marks. */
export function productMarks(product: AllergenFacts & { base_dough: AllergenFacts | null; diet: readonly DietMark[] }) {
  const facts = lineAllergens(product, null, []);
  const sentences = allergenSentences(facts);
  return {
    /** traces are drawn apart (in brackets) */
    marks: [
      ...facts.allergens.map((a) => ({ key: a, mark: ALLERGEN_MARKS[a], trace: false })),
      ...facts.may_contain.map((a) => ({ key: a, mark: `(${ALLERGEN_MARKS[a]})`, trace: true })),
    ],
    /** for screen readers, in place of the marks */
    text: [sentences.contains, sentences.mayContain].filter(Boolean).join('. '),
    diet: DIET_MARKS.filter((m) => product.diet.includes(m)).map((m) => DIET_MARK_LABELS[m]),
  };
}
