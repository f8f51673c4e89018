import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import {
  answerAs,
  changeField,
  cleared,
  connectNewPasswordForm,
  emptyForm,
  failed,
  newPasswordProblem,
  refusedByServer,
  type FormContext,
  type FormEvent,
  type Refusal,
} from './authForm';

export const REGISTER_FIELDS = ['name', 'email', 'password', 'password_confirmation'] as const;
export type RegisterField = (typeof REGISTER_FIELDS)[number];
export type RegisterEvent = FormEvent<RegisterField>;
export type RegisterRequest = Record<RegisterField, string>;

/** POST /api/register: the address to confirm, or a refusal (422: e-mail taken, password rule…). */
export type RegisterAnswer = { outcome: 'registered'; email: string } | Refusal;

export const REGISTER_FAILED = 'Errore Generico';
/** The server's field errors the form shows under its fields (SPEC §5). */
const SERVER_FIELDS = ['email', 'password'] as const;

/** The registration form; success goes on through `registered` (by default to confirm-required). */
export const registerMachine = setup({
  types: {
    context: {} as FormContext<RegisterField>,
    events: {} as RegisterEvent,
    tags: {} as 'submitting',
  },
  actors: {
    register: fromPromise<RegisterAnswer, RegisterRequest>(async () => {
      throw new Error('register not provided');
    }),
  },
  guards: {
    hasProblem: ({ context }) => newPasswordProblem(context.values, REGISTER_FIELDS, context.values.email) !== null,
    isRegistered: (_, answer: RegisterAnswer) => answer.outcome === 'registered',
  },
  actions: {
    registered: (_, _params: { email: string }) => {
      throw new Error('registered not provided');
    },
  },
}).createMachine({
  id: 'register',
  context: emptyForm(REGISTER_FIELDS),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': { actions: assign(({ context, event }) => changeField(context, event)) },
        'form.submit': [
          {
            guard: 'hasProblem',
            actions: assign(({ context }) => newPasswordProblem(context.values, REGISTER_FIELDS, context.values.email)!),
          },
          { target: 'submitting', actions: assign(cleared) },
        ],
      },
    },
    submitting: {
      tags: ['submitting'],
      invoke: {
        id: 'register',
        src: 'register',
        input: ({ context }) => ({ ...context.values, name: context.values.name.trim(), email: context.values.email.trim() }),
        onDone: [
          {
            guard: { type: 'isRegistered', params: ({ event }) => event.output },
            target: 'registered',
            actions: { type: 'registered', params: ({ event }) => ({ email: answerAs(event.output, 'registered').email }) },
          },
          {
            target: 'editing',
            actions: assign(({ event }) => refusedByServer(answerAs(event.output, 'refused'), SERVER_FIELDS, REGISTER_FAILED)),
          },
        ],
        onError: { target: 'editing', actions: assign(failed(REGISTER_FAILED)) },
      },
    },
    registered: { type: 'final' },
  },
});

export type RegisterSnapshot = SnapshotFrom<typeof registerMachine>;

/** The registration screen: four fields, 'Le password non coincidono.' live under the confirmation. */
export function connectRegister(snapshot: RegisterSnapshot, send: (event: RegisterEvent) => void) {
  const form = connectNewPasswordForm(snapshot.context, send, { isSubmitting: snapshot.hasTag('submitting'), isDone: false });
  return {
    ...form,
    nameField: form.field('name'),
    emailField: form.field('email'),
    texts: {
      title: 'Registrati',
      name: 'Nome',
      email: 'Email',
      password: 'Password',
      confirmation: 'Conferma password',
      submit: 'Registrati',
      loginLink: 'Hai già un account? Accedi',
    },
  };
}

export type RegisterView = ReturnType<typeof connectRegister>;
