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
  type FormAnswer,
  type FormContext,
  type FormEvent,
} from './authForm';

export const RESET_FIELDS = ['password', 'password_confirmation'] as const;
export type ResetField = (typeof RESET_FIELDS)[number];
export type ResetPasswordEvent = FormEvent<ResetField>;
export interface ResetPasswordRequest {
  token: string;
  email: string;
  password: string;
  password_confirmation: string;
}

export const RESET_FAILED = 'Errore nel reset della password';

/** The reset link's screen: token and e-mail come from the link's query, the new password from the user. */
export const resetPasswordMachine = setup({
  types: {
    input: {} as { token: string; email: string },
    context: {} as FormContext<ResetField> & { token: string; email: string },
    events: {} as ResetPasswordEvent,
    tags: {} as 'submitting',
  },
  actors: {
    resetPassword: fromPromise<FormAnswer, ResetPasswordRequest>(async () => {
      throw new Error('resetPassword not provided');
    }),
  },
  guards: {
    hasProblem: ({ context }) => newPasswordProblem(context.values, RESET_FIELDS, context.email) !== null,
    isAccepted: (_, answer: FormAnswer) => answer.outcome === 'done',
  },
}).createMachine({
  id: 'resetPassword',
  context: ({ input }) => ({ ...emptyForm(RESET_FIELDS), token: input.token, email: input.email }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': { actions: assign(({ context, event }) => changeField(context, event)) },
        'form.submit': [
          { guard: 'hasProblem', actions: assign(({ context }) => newPasswordProblem(context.values, RESET_FIELDS, context.email)!) },
          { target: 'submitting', actions: assign(cleared) },
        ],
      },
    },
    submitting: {
      tags: ['submitting'],
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        input: ({ context }) => ({ token: context.token, email: context.email, ...context.values }),
        onDone: [
          {
            guard: { type: 'isAccepted', params: ({ event }) => event.output },
            target: 'done',
            actions: assign({ message: ({ event }) => answerAs(event.output, 'done').message }),
          },
          {
            target: 'editing',
            actions: assign(({ event }) => refusedByServer(answerAs(event.output, 'refused'), ['password'] as const, RESET_FAILED, true)),
          },
        ],
        onError: { target: 'editing', actions: assign(failed(RESET_FAILED)) },
      },
    },
    done: { type: 'final' },
  },
});

export type ResetPasswordSnapshot = SnapshotFrom<typeof resetPasswordMachine>;

/** The reset screen: the new password twice, then 'Password reimpostata con successo!' and a link to log in. */
export function connectResetPassword(snapshot: ResetPasswordSnapshot, send: (event: ResetPasswordEvent) => void) {
  const form = connectNewPasswordForm(snapshot.context, send, {
    isSubmitting: snapshot.hasTag('submitting'),
    isDone: snapshot.matches('done'),
  });
  return {
    ...form,
    texts: {
      title: 'Reimposta password',
      password: 'Nuova password',
      confirmation: 'Conferma password',
      submit: 'Reimposta password',
      loginLink: 'Accedi',
    },
  };
}

export type ResetPasswordView = ReturnType<typeof connectResetPassword>;
