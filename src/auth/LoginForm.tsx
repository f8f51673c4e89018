import { Link } from 'react-aria-components';
import { connectLogin, loginMachine } from '../../machines/login.machine';
import { useApiActors, useAppActors, useView, useScreenActor } from '../actors/AppActors';
import { createAuthActors } from '../api/authActors';
import { TextField } from '../ui/TextField';
import { AuthForm, useFormExits } from './AuthForm';

export interface AuthFormProps {
  /** called instead of the default next step, once the form succeeded (an embedding page goes on) */
  onDone?: () => void;
  /** shown beside the other form (checkout step 1): no link to it */
  isBesideOtherForm?: boolean;
}

/**
 * E-mail and password. Success tells the session who logged in, then calls `onDone` (the login page
 * passes none: its guard sends the user on); an unverified account goes to confirm-required.
 */
export function LoginForm({ onDone, isBesideOtherForm = false }: AuthFormProps) {
  const { session } = useAppActors();
  const io = useApiActors(createAuthActors);
  const latest = useFormExits(onDone);
  const login = useScreenActor(
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
    <AuthForm
      view={view}
      after={
        <p className="auth-form__links">
          <Link href="/auth/forgot-password">{view.texts.forgotLink}</Link>
          {!isBesideOtherForm && <Link href="/auth/register">{view.texts.registerLink}</Link>}
        </p>
      }
    >
      <TextField label={view.texts.email} field={view.emailField} type="email" autoComplete="email" />
      <TextField label={view.texts.password} field={view.passwordField} type="password" autoComplete="current-password" />
    </AuthForm>
  );
}
