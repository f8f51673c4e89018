import { Button, FieldError, Input, Label, Text, TextField } from 'react-aria-components';
import type { CheckoutView } from '../../machines/checkout.connect';

type AllergyNote = NonNullable<CheckoutView['details']>['allergyNote'];

/** 'Allergie o intolleranze': one line, a counter, and the 14 allergens as buttons that append their name. */
export function AllergyNoteField({ field }: { field: AllergyNote }) {
  return (
    <div className="allergy-note">
      <TextField className="field" value={field.value} onChange={field.onChange} isInvalid={field.isInvalid} maxLength={field.maxLength}>
        <Label>{field.label}</Label>
        <Input />
        <Text slot="description" className="muted">
          Facoltativo · {field.counter}
        </Text>
        <FieldError className="field-error">{field.errorMessage}</FieldError>
      </TextField>
      <div className="chip-group__list" role="group" aria-label="Aggiungi un allergene">
        {field.quickChoices.map((choice) => (
          <Button key={choice.id} className="chip" onPress={choice.onPress}>
            {choice.label}
          </Button>
        ))}
      </div>
    </div>
  );
}
