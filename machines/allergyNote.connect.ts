import { ALLERGEN_LABELS, ALLERGENS, ALLERGY_NOTE_LABEL, ALLERGY_NOTE_MAX, withAllergen } from '../src/domain';

/**
 * 'Allergie o intolleranze' as the checkout and the cassa show it: one line with its bound and
 * counter, its error, and the 14 allergens as quick choices that append their name.
 */
export function connectAllergyNote(note: string, error: string | null, change: (note: string) => void) {
  return {
    label: ALLERGY_NOTE_LABEL,
    value: note,
    errorMessage: error,
    isInvalid: error !== null,
    onChange: change,
    maxLength: ALLERGY_NOTE_MAX,
    counter: `${note.length}/${ALLERGY_NOTE_MAX} caratteri`,
    quickChoices: ALLERGENS.map((allergen) => ({
      id: allergen,
      label: ALLERGEN_LABELS[allergen],
      onPress: () => change(withAllergen(note, allergen)),
    })),
  };
}

export type AllergyNoteView = ReturnType<typeof connectAllergyNote>;
