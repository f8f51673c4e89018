import { Button, FieldError, Input, Label, Text, TextField } from 'react-aria-components';
import type { AllergyNoteView } from '../../machines/allergyNote.connect';

/** 'Allergie o intolleranze': one line, a counter, and the 14 allergens as buttons that append their name. */
export function AllergyNoteField({ field }: { field: AllergyNoteView & { isDisabled?: boolean } }) {
  return (
    <div className="allergy-note">
      <TextField
        className="field"
        value={field.value}
        onChange={field.onChange}
        isInvalid={field.isInvalid}
        maxLength={field.maxLength}
        isDisabled={field.isDisabled}
      >
        <Label>{field.label}</Label>
        <Input />
        <Text slot="description" className="muted">
          Facoltativo · {field.counter}
        </Text>
        <FieldError className="field-error">{field.errorMessage}</FieldError>
      </TextField>
      <div className="chip-group__list" role="group" aria-label="Aggiungi un allergene">
        {field.quickChoices.map((choice) => (
          <Button key={choice.id} className="chip" isDisabled={field.isDisabled} onPress={choice.onPress}>
            {choice.label}
          </Button>
        ))}
      </div>
    </div>
  );
}
