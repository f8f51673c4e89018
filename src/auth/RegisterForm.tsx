import { Link } from 'react-aria-components';
import { connectRegister, registerMachine } from '../../machines/register.machine';
import { useApiActors, useView, useScreenActor } from '../actors/AppActors';
import { createAuthActors } from '../api/authActors';
import { TextField } from '../ui/TextField';
import { AuthForm, NewPasswordFields, useFormExits } from './AuthForm';
import type { AuthFormProps } from './LoginForm';

/**
 * Name, e-mail, password and its confirmation. Success goes to confirm-required with the address
 * (SPEC §2), or calls `onDone` instead when the embedding page passes it.
 */
export function RegisterForm({ onDone, isBesideOtherForm = false }: AuthFormProps) {
  const io = useApiActors(createAuthActors);
  const latest = useFormExits(onDone);
  const register = useScreenActor(
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
    <AuthForm
      view={view}
      after={
        !isBesideOtherForm && (
          <p className="auth-form__links">
            <Link href="/auth/login">{view.texts.loginLink}</Link>
          </p>
        )
      }
    >
      <TextField label={view.texts.name} field={view.nameField} autoComplete="name" />
      <TextField label={view.texts.email} field={view.emailField} type="email" autoComplete="email" />
      <NewPasswordFields view={view} />
    </AuthForm>
  );
}
