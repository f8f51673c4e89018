import { Checkbox, CheckboxGroup, FieldError, Label } from 'react-aria-components';
import type { Field } from '../../../machines/recordEditor.machine';
import { ALLERGEN_LABELS, ALLERGENS, DIET_MARK_LABELS, DIET_MARKS, type Allergen, type DietMark } from '../../domain';

/**
 * A group of checkboxes over one of the domain's lists: each shows its state (filled box) and is a
 * real checkbox to a screen reader; the group is named by its label and carries the server's error.
 */
function ChoiceGroup<T extends string>({
  label,
  field,
  choices,
  labels,
}: {
  label: string;
  field: Field<T[]>;
  choices: readonly T[];
  labels: Record<T, string>;
}) {
  return (
    <CheckboxGroup
      className="admin-fieldset admin-checkgroup"
      value={field.value}
      // Kept in the list's own order (the Annex's, for allergens), whatever order they were ticked in.
      onChange={(chosen) => field.onChange(choices.filter((c) => chosen.includes(c)))}
      isInvalid={field.errors.length > 0}
      validationBehavior="aria"
    >
      <Label className="admin-checkgroup__label">{label}</Label>
      <div className="admin-checkgroup__items">
        {choices.map((choice) => (
          <Checkbox key={choice} value={choice} className="admin-checkbox">
            <span className="admin-checkbox__box" aria-hidden="true" />
            {labels[choice]}
          </Checkbox>
        ))}
      </div>
      <FieldError className="field__error">{field.errors.join(' ')}</FieldError>
    </CheckboxGroup>
  );
}

/** 'Contiene' and 'Può contenere': the 14 allergens, twice. */
export function AllergenFields({ allergens, mayContain }: { allergens: Field<Allergen[]>; mayContain: Field<Allergen[]> }) {
  return (
    <>
      <ChoiceGroup label="Contiene" field={allergens} choices={ALLERGENS} labels={ALLERGEN_LABELS} />
      <ChoiceGroup label="Può contenere" field={mayContain} choices={ALLERGENS} labels={ALLERGEN_LABELS} />
    </>
  );
}

/** 'Vegetariana', 'Vegana', 'Piccante'. */
export function DietMarkField({ field }: { field: Field<DietMark[]> }) {
  return <ChoiceGroup label="Indicazioni" field={field} choices={DIET_MARKS} labels={DIET_MARK_LABELS} />;
}
