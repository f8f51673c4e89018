import { Button, FieldError, Input, Label, TextField as AriaTextField } from 'react-aria-components';
import type { FieldProps } from '../../machines/authForm';
import { pendingClass } from './pending';

interface TextFieldProps {
  label: string;
  field: FieldProps;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
}

/**
 * A labelled text input whose error (the machine's, never the browser's bubble: forms use
 * validationBehavior="aria") shows under it and is announced with it.
 */
export function TextField({ label, field, type = 'text', autoComplete }: TextFieldProps) {
  const { errorMessage, ...props } = field;
  return (
    <AriaTextField className="field" {...props} type={type} autoComplete={autoComplete}>
      <Label className="field__label">{label}</Label>
      <Input className="field__input" />
      <FieldError className="field__error">{errorMessage}</FieldError>
    </AriaTextField>
  );
}

/** The general message below a form (and the server's reason under it), announced when it appears. */
export function FormMessage({ message, detail }: { message: string | null; detail?: string | null }) {
  return (
    <div className="form-message" role="alert">
      {message && <p className="form-message__text">{message}</p>}
      {detail && <p className="form-message__detail">{detail}</p>}
    </div>
  );
}

/** A form's submit button (saying it works while the form is sent) and, below it, its general message. */
export function FormFooter({
  submit,
  submitButton,
  message,
  detail,
}: {
  submit: string;
  submitButton: { isPending: boolean; pendingLabel: string };
  message: string | null;
  detail?: string | null;
}) {
  return (
    <>
      <Button type="submit" className={pendingClass('button button--primary', submitButton.isPending)} isDisabled={submitButton.isPending}>
        {submitButton.isPending ? submitButton.pendingLabel : submit}
      </Button>
      <FormMessage message={message} detail={detail} />
    </>
  );
}
