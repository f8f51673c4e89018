import { fromPromise, setup, type SnapshotFrom } from 'xstate';
import { answerOf, connectNewPasswordForm, formSetup, outputOf, newPasswordProblem, type FormEvent, type Refusal } from './authForm';

export const REGISTER_FIELDS = ['name', 'email', 'password', 'password_confirmation'] as const;
export type RegisterField = (typeof REGISTER_FIELDS)[number];
export type RegisterEvent = FormEvent<RegisterField>;
export type RegisterRequest = Record<RegisterField, string>;

/** POST /api/register: the address to confirm, or a refusal (422: e-mail taken, password rule…). */
export type RegisterAnswer = { outcome: 'registered'; email: string } | Refusal;

export const REGISTER_FAILED = 'Errore Generico';

const form = formSetup({
  fields: REGISTER_FIELDS,
  problem: (context) => newPasswordProblem(context.values, REGISTER_FIELDS, context.values.email),
  /** The server's field errors the form shows under its fields (SPEC §5). */
  serverFields: ['email', 'password'],
  failure: REGISTER_FAILED,
});

/** The registration form; success goes on through `registered` (by default to confirm-required). */
export const registerMachine = setup({
  types: form.types,
  actors: {
    register: fromPromise<RegisterAnswer, RegisterRequest>(async () => {
      throw new Error('register not provided');
    }),
  },
  guards: {
    ...form.guards,
    isRegistered: (_, answer: RegisterAnswer) => answer.outcome === 'registered',
  },
  actions: {
    ...form.actions,
    registered: (_, _params: { email: string }) => {
      throw new Error('registered not provided');
    },
  },
}).createMachine({
  id: 'register',
  context: form.empty(),
  initial: 'editing',
  states: {
    editing: form.editing,
    submitting: form.submitting({
      src: 'register',
      request: (context) => ({ ...context.values, name: context.values.name.trim(), email: context.values.email.trim() }),
      onDone: [
        {
          guard: { type: 'isRegistered', params: outputOf },
          target: 'registered',
          actions: { type: 'registered', params: answerOf('registered') },
        },
      ],
    }),
    registered: { type: 'final' },
  },
});

export type RegisterSnapshot = SnapshotFrom<typeof registerMachine>;

/** The registration screen: four fields, 'Le password non coincidono.' live under the confirmation. */
export function connectRegister(snapshot: RegisterSnapshot, send: (event: RegisterEvent) => void) {
  const form = connectNewPasswordForm(snapshot, send);
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
