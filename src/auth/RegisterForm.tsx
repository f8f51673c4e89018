import { useRef } from 'react';
import { Form, Link } from 'react-aria-components';
import { useActorRef } from '@xstate/react';
import { connectRegister, registerMachine } from '../../machines/register.machine';
import { useAppActors, useView } from '../app/AppActors';
import { FormFooter, TextField } from '../ui/TextField';
import { useGoToConfirmRequired } from './confirmRequired';
import type { AuthFormProps } from './LoginForm';

/**
 * Name, e-mail, password and its confirmation. Success goes to confirm-required with the address
 * (SPEC §2), or calls `onDone` instead when the embedding page passes it.
 */
export function RegisterForm({ onDone }: AuthFormProps) {
  const { io } = useAppActors();
  const goToConfirmRequired = useGoToConfirmRequired();
  const latest = useRef({ onDone, goToConfirmRequired });
  latest.current = { onDone, goToConfirmRequired };
  const register = useActorRef(
    registerMachine.provide({
      actors: io.register,
      actions: {
        registered: (_, { email }) => {
          const { onDone: done, goToConfirmRequired: confirm } = latest.current;
          if (done) done();
          else confirm(email);
        },
      },
    }),
  );
  const view = useView(register, connectRegister);
  return (
    <Form className="auth-form" validationBehavior="aria" onSubmit={view.form.onSubmit} aria-label={view.texts.title}>
      <TextField label={view.texts.name} field={view.nameField} autoComplete="name" />
      <TextField label={view.texts.email} field={view.emailField} type="email" autoComplete="email" />
      <TextField label={view.texts.password} field={view.passwordField} type="password" autoComplete="new-password" />
      <TextField label={view.texts.confirmation} field={view.confirmationField} type="password" autoComplete="new-password" />
      <FormFooter submit={view.texts.submit} submitButton={view.submitButton} message={view.message} detail={view.detail} />
      <p className="auth-form__links">
        <Link href="/auth/login">{view.texts.loginLink}</Link>
      </p>
    </Form>
  );
}
