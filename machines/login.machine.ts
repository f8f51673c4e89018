import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import {
  answerAs,
  changeField,
  cleared,
  connectFormFields,
  emptyForm,
  failed,
  missingFieldsProblem,
  refusedByServer,
  type FormContext,
  type FormEvent,
  type Refusal,
} from './authForm';
import type { User } from './session.machine';

export const LOGIN_FIELDS = ['email', 'password'] as const;
export type LoginField = (typeof LOGIN_FIELDS)[number];
export type LoginEvent = FormEvent<LoginField>;

/** POST /api/login: the user, an account still to verify (403), or a refusal (422 wrong password, 429). */
export type LoginAnswer = { outcome: 'loggedIn'; user: User } | { outcome: 'unverified'; email: string } | Refusal;

export const LOGIN_FAILED = 'Errore di autenticazione';

/**
 * The login form. Success hands the user to the session (`loggedIn`, provided by the view, which
 * then goes on); an unverified account goes to confirm-required with its e-mail (`confirmationRequired`).
 */
export const loginMachine = setup({
  types: {
    input: {} as { email?: string },
    context: {} as FormContext<LoginField>,
    events: {} as LoginEvent,
    tags: {} as 'submitting',
  },
  actors: {
    login: fromPromise<LoginAnswer, { email: string; password: string }>(async () => {
      throw new Error('login not provided');
    }),
  },
  guards: {
    hasProblem: ({ context }) => missingFieldsProblem(context.values, LOGIN_FIELDS) !== null,
    isLoggedIn: (_, answer: LoginAnswer) => answer.outcome === 'loggedIn',
    isUnverified: (_, answer: LoginAnswer) => answer.outcome === 'unverified',
  },
  actions: {
    loggedIn: (_, _params: { user: User }) => {
      throw new Error('loggedIn not provided');
    },
    confirmationRequired: (_, _params: { email: string }) => {
      throw new Error('confirmationRequired not provided');
    },
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => emptyForm(LOGIN_FIELDS, { email: input.email }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': { actions: assign(({ context, event }) => changeField(context, event)) },
        'form.submit': [
          { guard: 'hasProblem', actions: assign(({ context }) => missingFieldsProblem(context.values, LOGIN_FIELDS)!) },
          { target: 'submitting', actions: assign(cleared) },
        ],
      },
    },
    submitting: {
      tags: ['submitting'],
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ context }) => ({ email: context.values.email.trim(), password: context.values.password }),
        onDone: [
          {
            guard: { type: 'isLoggedIn', params: ({ event }) => event.output },
            target: 'loggedIn',
            actions: { type: 'loggedIn', params: ({ event }) => ({ user: answerAs(event.output, 'loggedIn').user }) },
          },
          {
            guard: { type: 'isUnverified', params: ({ event }) => event.output },
            target: 'unverified',
            actions: { type: 'confirmationRequired', params: ({ event }) => ({ email: answerAs(event.output, 'unverified').email }) },
          },
          {
            target: 'editing',
            actions: assign(({ event }) => refusedByServer(answerAs(event.output, 'refused'), [], LOGIN_FAILED)),
          },
        ],
        onError: { target: 'editing', actions: assign(failed(LOGIN_FAILED)) },
      },
    },
    loggedIn: { type: 'final' },
    unverified: { type: 'final' },
  },
});

export type LoginSnapshot = SnapshotFrom<typeof loginMachine>;

/** The login screen: e-mail (typed as e-mail) and password, the submit, the message below. */
export function connectLogin(snapshot: LoginSnapshot, send: (event: LoginEvent) => void) {
  const form = connectFormFields(snapshot.context, send, { isSubmitting: snapshot.hasTag('submitting') });
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
