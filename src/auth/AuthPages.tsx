import type { ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { Button, Link } from 'react-aria-components';
import { changePasswordMachine, connectChangePassword } from '../../machines/changePassword.machine';
import { confirmRequiredMachine, connectConfirmRequired } from '../../machines/confirmRequired.machine';
import { connectForgotPassword, forgotPasswordMachine } from '../../machines/forgotPassword.machine';
import { connectResetPassword, resetPasswordMachine } from '../../machines/resetPassword.machine';
import { useApiActors, useSession, useView, useScreenActor } from '../actors/AppActors';
import { createAuthActors } from '../api/authActors';
import { verifyMessage } from '../domain';
import { TextField } from '../ui/TextField';
import { AuthForm, NewPasswordFields, type AuthFormView } from './AuthForm';
import { usePageTitle } from '../ui/usePageTitle';
import { emailFromState, useLoginAfterConfirmationHref } from './confirmRequired';
import { GuestOnly, RequireUser } from './guards';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';
import { AccountPage } from './AccountPage';
import { withAriaRouter } from '../ui/AriaRouter';

/** The frame of every auth screen: its title as the page's heading and tab title. */
function AuthScreen({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <section className="page page--narrow auth">
      <h1>{title}</h1>
      {children}
    </section>
  );
}

/**
 * An auth screen with one form, which gives way to the server's `confirmation` once it is done
 * (followed by `afterConfirmation`); `links` below either.
 */
function FormScreen({
  view,
  confirmation,
  afterConfirmation,
  links,
  children,
}: {
  view: AuthFormView;
  confirmation: string | null;
  afterConfirmation?: ReactNode;
  links?: ReactNode;
  children: ReactNode;
}) {
  return (
    <AuthScreen title={view.texts.title}>
      {confirmation ? (
        <>
          <p className="notice" role="status">
            {confirmation}
          </p>
          {afterConfirmation}
        </>
      ) : (
        <AuthForm view={view}>{children}</AuthForm>
      )}
      {links && <p className="auth-form__links">{links}</p>}
    </AuthScreen>
  );
}

/** /auth/login — a fresh form on every visit; once logged in, on to the remembered page. */
function LoginPage() {
  return (
    <GuestOnly>
      <AuthScreen title="Accedi">
        <LoginForm />
      </AuthScreen>
    </GuestOnly>
  );
}

/** /auth/register — then confirm-required. */
function RegisterPage() {
  return (
    <GuestOnly>
      <AuthScreen title="Registrati">
        <RegisterForm />
      </AuthScreen>
    </GuestOnly>
  );
}

/** /auth/forgot-password — the e-mail to send a reset link to. */
function ForgotPasswordPage() {
  const io = useApiActors(createAuthActors);
  const view = useView(useScreenActor(forgotPasswordMachine.provide({ actors: io.forgotPassword })), connectForgotPassword);
  return (
    <FormScreen view={view} confirmation={view.confirmation} links={<Link href="/auth/login">{view.texts.loginLink}</Link>}>
      <TextField label={view.texts.email} field={view.emailField} type="email" autoComplete="email" />
    </FormScreen>
  );
}

/** /auth/reset-password?token=…&email=… — the e-mailed link's screen (a new link is a new form). */
function ResetPasswordPage() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const email = search.get('email') ?? '';
  return <ResetPassword key={`${token} ${email}`} token={token} email={email} />;
}

function ResetPassword({ token, email }: { token: string; email: string }) {
  const io = useApiActors(createAuthActors);
  const view = useView(
    useScreenActor(resetPasswordMachine.provide({ actors: io.resetPassword }), { input: { token, email } }),
    connectResetPassword,
  );
  return (
    <FormScreen
      view={view}
      confirmation={view.success}
      afterConfirmation={
        <Link href="/auth/login" className="button button--primary">
          {view.texts.loginLink}
        </Link>
      }
    >
      <NewPasswordFields view={view} />
    </FormScreen>
  );
}

/** /auth/change-password — for a logged-in user. */
function ChangePasswordPage() {
  return (
    <RequireUser>
      <ChangePassword />
    </RequireUser>
  );
}

function ChangePassword() {
  const io = useApiActors(createAuthActors);
  const email = useSession().user?.email ?? '';
  const view = useView(
    useScreenActor(changePasswordMachine.provide({ actors: io.changePassword }), { input: { email } }),
    connectChangePassword,
  );
  return (
    <FormScreen view={view} confirmation={view.success} links={<Link href="/auth/account">{view.texts.accountLink}</Link>}>
      <TextField label={view.texts.current} field={view.currentField} type="password" autoComplete="current-password" />
      <NewPasswordFields view={view} />
    </FormScreen>
  );
}

/** /auth/confirm-required — for the address the login or the registration remembered; without one, to login. */
function ConfirmRequiredPage() {
  const email = emailFromState(useLocation().state);
  return email ? <ConfirmRequired key={email} email={email} /> : <Navigate to="/auth/login" replace />;
}

function ConfirmRequired({ email }: { email: string }) {
  const io = useApiActors(createAuthActors);
  const view = useView(
    useScreenActor(confirmRequiredMachine.provide({ actors: io.confirmRequired }), { input: { email } }),
    connectConfirmRequired,
  );
  const login = useLoginAfterConfirmationHref();
  return (
    <AuthScreen title={view.texts.title}>
      <p>{view.texts.explanation}</p>
      <div className="form-message" role="status">
        {view.sentMessage && <p className="notice">{view.sentMessage}</p>}
      </div>
      <div className="form-message" role="alert">
        {view.failure && <p className="form-message__text">{view.failure}</p>}
      </div>
      <p className="auth-form__links">
        <Button className="link-button" {...view.resendButton}>
          {view.texts.resend}
        </Button>
        <Link href={login}>{view.texts.loginLink}</Link>
      </p>
    </AuthScreen>
  );
}

/** Where the e-mail verification link lands: the server names the outcome in `message`, shown in its fixed words. */
function VerifyMessagePage() {
  const [params] = useSearchParams();
  const message = verifyMessage(params.get('message'));
  const login = useLoginAfterConfirmationHref();
  return (
    <AuthScreen title="Verifica email">
      {message && (
        <p className="notice" role="status">
          {message}
        </p>
      )}
      <Link href={login} className="button button--primary">
        Accedi
      </Link>
    </AuthScreen>
  );
}

/** The pages routes.tsx shows. */
export const pages = withAriaRouter({
  LoginPage,
  RegisterPage,
  ForgotPasswordPage,
  ResetPasswordPage,
  ConfirmRequiredPage,
  VerifyMessagePage,
  AccountPage,
  ChangePasswordPage,
});
