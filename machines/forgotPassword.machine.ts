import { fromPromise, setup, type SnapshotFrom } from 'xstate';
import { connectFormFields, formSetup, missingFieldsProblem, type FormAnswer, type FormEvent } from './authForm';

export const FORGOT_FIELDS = ['email'] as const;
export type ForgotField = (typeof FORGOT_FIELDS)[number];
export type ForgotPasswordEvent = FormEvent<ForgotField>;

export const FORGOT_FAILED = 'Errore durante il recupero della password';

const form = formSetup({
  fields: FORGOT_FIELDS,
  problem: (context) => missingFieldsProblem(context.values, FORGOT_FIELDS),
  serverFields: FORGOT_FIELDS,
  failure: FORGOT_FAILED,
});

/** "Password dimenticata": the e-mail to send a reset link to; the server's confirmation names it. */
export const forgotPasswordMachine = setup({
  types: form.types,
  actors: {
    requestReset: fromPromise<FormAnswer, { email: string }>(async () => {
      throw new Error('requestReset not provided');
    }),
  },
  guards: form.guards,
  actions: form.actions,
}).createMachine({
  id: 'forgotPassword',
  context: form.empty(),
  initial: 'editing',
  states: {
    editing: form.editing,
    submitting: form.submitting({
      src: 'requestReset',
      request: (context) => ({ email: context.values.email.trim() }),
      onDone: [form.acceptedTo('sent')],
    }),
    sent: { type: 'final' },
  },
});

export type ForgotPasswordSnapshot = SnapshotFrom<typeof forgotPasswordMachine>;

/** The forgot-password screen: the form, then only the confirmation ('Controlla la tua casella di posta …'). */
export function connectForgotPassword(snapshot: ForgotPasswordSnapshot, send: (event: ForgotPasswordEvent) => void) {
  const form = connectFormFields(snapshot, send);
  return {
    ...form,
    emailField: form.field('email'),
    texts: { title: 'Password dimenticata', email: 'Email', submit: 'Invia link', loginLink: 'Torna al login' },
  };
}

export type ForgotPasswordView = ReturnType<typeof connectForgotPassword>;
