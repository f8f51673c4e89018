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
  type FormAnswer,
  type FormContext,
  type FormEvent,
} from './authForm';

export const FORGOT_FIELDS = ['email'] as const;
export type ForgotField = (typeof FORGOT_FIELDS)[number];
export type ForgotPasswordEvent = FormEvent<ForgotField>;

export const FORGOT_FAILED = 'Errore durante il recupero della password';

/** "Password dimenticata": the e-mail to send a reset link to; the server's confirmation names it. */
export const forgotPasswordMachine = setup({
  types: {
    context: {} as FormContext<ForgotField>,
    events: {} as ForgotPasswordEvent,
    tags: {} as 'submitting',
  },
  actors: {
    requestReset: fromPromise<FormAnswer, { email: string }>(async () => {
      throw new Error('requestReset not provided');
    }),
  },
  guards: {
    hasProblem: ({ context }) => missingFieldsProblem(context.values, FORGOT_FIELDS) !== null,
    isAccepted: (_, answer: FormAnswer) => answer.outcome === 'done',
  },
}).createMachine({
  id: 'forgotPassword',
  context: emptyForm(FORGOT_FIELDS),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': { actions: assign(({ context, event }) => changeField(context, event)) },
        'form.submit': [
          { guard: 'hasProblem', actions: assign(({ context }) => missingFieldsProblem(context.values, FORGOT_FIELDS)!) },
          { target: 'submitting', actions: assign(cleared) },
        ],
      },
    },
    submitting: {
      tags: ['submitting'],
      invoke: {
        id: 'requestReset',
        src: 'requestReset',
        input: ({ context }) => ({ email: context.values.email.trim() }),
        onDone: [
          {
            guard: { type: 'isAccepted', params: ({ event }) => event.output },
            target: 'sent',
            actions: assign({ message: ({ event }) => answerAs(event.output, 'done').message }),
          },
          {
            target: 'editing',
            actions: assign(({ event }) => refusedByServer(answerAs(event.output, 'refused'), FORGOT_FIELDS, FORGOT_FAILED)),
          },
        ],
        onError: { target: 'editing', actions: assign(failed(FORGOT_FAILED)) },
      },
    },
    sent: { type: 'final' },
  },
});

export type ForgotPasswordSnapshot = SnapshotFrom<typeof forgotPasswordMachine>;

/** The forgot-password screen: the form, then only the confirmation ('Controlla la tua casella di posta …'). */
export function connectForgotPassword(snapshot: ForgotPasswordSnapshot, send: (event: ForgotPasswordEvent) => void) {
  const form = connectFormFields(snapshot.context, send, { isSubmitting: snapshot.hasTag('submitting') });
  const isSent = snapshot.matches('sent');
  return {
    ...form,
    emailField: form.field('email'),
    /** the confirmation replaces the form */
    confirmation: isSent ? snapshot.context.message : null,
    message: isSent ? null : form.message,
    texts: { title: 'Password dimenticata', email: 'Email', submit: 'Invia link', loginLink: 'Torna al login' },
  };
}

export type ForgotPasswordView = ReturnType<typeof connectForgotPassword>;
