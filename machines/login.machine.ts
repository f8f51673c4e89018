import { fromPromise, setup, type SnapshotFrom } from 'xstate';
import { answerOf, connectFormFields, formSetup, outputOf, missingFieldsProblem, type FormEvent, type Refusal } from './authForm';
import type { User } from './session.machine';

export const LOGIN_FIELDS = ['email', 'password'] as const;
export type LoginField = (typeof LOGIN_FIELDS)[number];
export type LoginEvent = FormEvent<LoginField>;

/** POST /api/login: the user, an account still to verify (403), or a refusal (422 wrong password, 429). */
export type LoginAnswer = { outcome: 'loggedIn'; user: User } | { outcome: 'unverified'; email: string } | Refusal;

export const LOGIN_FAILED = 'Errore di autenticazione';

const form = formSetup({
  fields: LOGIN_FIELDS,
  problem: (context) => missingFieldsProblem(context.values, LOGIN_FIELDS),
  // The server's reason goes below the form, never under a field.
  serverFields: [],
  failure: LOGIN_FAILED,
});

/**
 * The login form. Success hands the user to the session (`loggedIn`, provided by the view, which
 * then goes on); an unverified account goes to confirm-required with its e-mail (`confirmationRequired`).
 */
export const loginMachine = setup({
  types: { ...form.types, input: {} as { email?: string } },
  actors: {
    login: fromPromise<LoginAnswer, { email: string; password: string }>(async () => {
      throw new Error('login not provided');
    }),
  },
  guards: {
    ...form.guards,
    isLoggedIn: (_, answer: LoginAnswer) => answer.outcome === 'loggedIn',
    isUnverified: (_, answer: LoginAnswer) => answer.outcome === 'unverified',
  },
  actions: {
    ...form.actions,
    loggedIn: (_, _params: { user: User }) => {
      throw new Error('loggedIn not provided');
    },
    confirmationRequired: (_, _params: { email: string }) => {
      throw new Error('confirmationRequired not provided');
    },
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => form.empty({ email: input.email }),
  initial: 'editing',
  states: {
    editing: form.editing,
    submitting: form.submitting({
      src: 'login',
      request: (context) => ({ email: context.values.email.trim(), password: context.values.password }),
      onDone: [
        {
          guard: { type: 'isLoggedIn', params: outputOf },
          target: 'loggedIn',
          actions: { type: 'loggedIn', params: answerOf('loggedIn') },
        },
        {
          guard: { type: 'isUnverified', params: outputOf },
          target: 'unverified',
          actions: { type: 'confirmationRequired', params: answerOf('unverified') },
        },
      ],
    }),
    loggedIn: { type: 'final' },
    unverified: { type: 'final' },
  },
});

export type LoginSnapshot = SnapshotFrom<typeof loginMachine>;

/** The login screen: e-mail (typed as e-mail) and password, the submit, the message below. */
export function connectLogin(snapshot: LoginSnapshot, send: (event: LoginEvent) => void) {
  const form = connectFormFields(snapshot, send);
  return {
    ...form,
    emailField: form.field('email'),
    passwordField: form.field('password'),
    texts: {
      title: 'Accedi',
      email: 'Email',
      password: 'Password',
      submit: 'Accedi',
      forgotLink: 'Password dimenticata?',
      registerLink: 'Non hai un account? Registrati',
    },
  };
}

export type LoginView = ReturnType<typeof connectLogin>;
