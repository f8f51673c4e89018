import { useState } from 'react';
import { Button, Input, Label, TextField } from 'react-aria-components';

/** A discount code box with 'Applica' (Enter applies too); the code is the cart's once applied. */
export function DiscountCodeForm({ label, code, onApply }: { label: string; code: string | null; onApply: (code: string) => void }) {
  const [typed, setTyped] = useState(code ?? '');
  return (
    <form
      className="discount-form"
      onSubmit={(event) => {
        event.preventDefault();
        onApply(typed);
      }}
    >
      <TextField className="field" value={typed} onChange={setTyped}>
        <Label>{label}</Label>
        <Input />
      </TextField>
      <Button type="submit" className="button button--secondary">
        Applica
      </Button>
    </form>
  );
}
