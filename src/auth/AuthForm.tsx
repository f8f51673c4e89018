import { useRef, type ReactNode } from 'react';
import { Form } from 'react-aria-components';
import type { connectFormFields, FieldProps } from '../../machines/authForm';
import { FormFooter, TextField } from '../ui/TextField';
import { useGoToConfirmRequired } from './confirmRequired';

/** What an auth form's frame reads of its view-model: the submit, the messages, its title and submit texts. */
export type AuthFormView = Pick<ReturnType<typeof connectFormFields>, 'form' | 'submitButton' | 'message' | 'detail'> & {
  texts: { title: string; submit: string };
};

/** An auth form, named by its title: its fields, the submit with the form's messages below, then `after`. */
export function AuthForm({ view, children, after }: { view: AuthFormView; children: ReactNode; after?: ReactNode }) {
  return (
    <Form className="auth-form" validationBehavior="aria" onSubmit={view.form.onSubmit} aria-label={view.texts.title}>
      {children}
      <FormFooter submit={view.texts.submit} submitButton={view.submitButton} message={view.message} detail={view.detail} />
      {after}
    </Form>
  );
}

/** The new password and its confirmation (register, reset and change password). */
export function NewPasswordFields({
  view,
}: {
  view: { texts: { password: string; confirmation: string }; passwordField: FieldProps; confirmationField: FieldProps };
}) {
  return (
    <>
      <TextField label={view.texts.password} field={view.passwordField} type="password" autoComplete="new-password" />
      <TextField label={view.texts.confirmation} field={view.confirmationField} type="password" autoComplete="new-password" />
    </>
  );
}

/**
 * Where a login or registration form goes once done: the embedding page's `onDone`, or
 * confirm-required. Read through a ref, as they are when the machine acts (the machine is created
 * once per visit of the screen).
 */
export function useFormExits(onDone: (() => void) | undefined) {
  const goToConfirmRequired = useGoToConfirmRequired();
  const latest = useRef({ onDone, goToConfirmRequired });
  latest.current = { onDone, goToConfirmRequired };
  return latest;
}
