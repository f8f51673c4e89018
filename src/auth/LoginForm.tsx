import { useRef } from 'react';
import { Form, Link } from 'react-aria-components';
import { useActorRef } from '@xstate/react';
import { connectLogin, loginMachine } from '../../machines/login.machine';
import { useAppActors, useView } from '../app/AppActors';
import { FormFooter, TextField } from '../ui/TextField';
import { useGoToConfirmRequired } from './confirmRequired';

export interface AuthFormProps {
  /** called instead of the default next step, once the form succeeded (an embedding page goes on) */
  onDone?: () => void;
}

/**
 * E-mail and password. Success tells the session who logged in, then calls `onDone` (the login page
 * passes none: its guard sends the user on); an unverified account goes to confirm-required.
 */
export function LoginForm({ onDone }: AuthFormProps) {
  const { io, session } = useAppActors();
  const goToConfirmRequired = useGoToConfirmRequired();
  // The latest callbacks, read when the machine acts (it is created once per visit of the screen).
  const latest = useRef({ onDone, goToConfirmRequired });
  latest.current = { onDone, goToConfirmRequired };
  const login = useActorRef(
    loginMachine.provide({
      actors: io.login,
      actions: {
        loggedIn: (_, { user }) => {
          session.send({ type: 'session.login', user });
          latest.current.onDone?.();
        },
        confirmationRequired: (_, { email }) => latest.current.goToConfirmRequired(email),
      },
    }),
    { input: {} },
  );
  const view = useView(login, connectLogin);
  return (
    <Form className="auth-form" validationBehavior="aria" onSubmit={view.form.onSubmit} aria-label={view.texts.title}>
      <TextField label={view.texts.email} field={view.emailField} type="email" autoComplete="email" />
      <TextField label={view.texts.password} field={view.passwordField} type="password" autoComplete="current-password" />
      <FormFooter submit={view.texts.submit} submitButton={view.submitButton} message={view.message} detail={view.detail} />
      <p className="auth-form__links">
        <Link href="/auth/forgot-password">{view.texts.forgotLink}</Link>
        <Link href="/auth/register">{view.texts.registerLink}</Link>
      </p>
    </Form>
  );
}
