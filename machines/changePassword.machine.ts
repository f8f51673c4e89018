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

export const CHANGE_FIELDS = ['current_password', 'password', 'password_confirmation'] as const;
export type ChangeField = (typeof CHANGE_FIELDS)[number];
export type ChangePasswordEvent = FormEvent<ChangeField>;
export type ChangePasswordRequest = Record<ChangeField, string>;

export const CHANGE_FAILED = 'Errore nel cambio password';

/** A logged-in user's password change: the current one, the new one twice. */
export const changePasswordMachine = setup({
  types: {
    input: {} as { email: string },
    context: {} as FormContext<ChangeField> & { email: string },
    events: {} as ChangePasswordEvent,
    tags: {} as 'submitting',
  },
  actors: {
    changePassword: fromPromise<FormAnswer, ChangePasswordRequest>(async () => {
      throw new Error('changePassword not provided');
    }),
  },
  guards: {
    hasProblem: ({ context }) => newPasswordProblem(context.values, CHANGE_FIELDS, context.email) !== null,
    isAccepted: (_, answer: FormAnswer) => answer.outcome === 'done',
  },
}).createMachine({
  id: 'changePassword',
  context: ({ input }) => ({ ...emptyForm(CHANGE_FIELDS), email: input.email }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': { actions: assign(({ context, event }) => changeField(context, event)) },
        'form.submit': [
          { guard: 'hasProblem', actions: assign(({ context }) => newPasswordProblem(context.values, CHANGE_FIELDS, context.email)!) },
          { target: 'submitting', actions: assign(cleared) },
        ],
      },
    },
    submitting: {
      tags: ['submitting'],
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ context }) => context.values,
        onDone: [
          {
            guard: { type: 'isAccepted', params: ({ event }) => event.output },
            target: 'done',
            actions: assign({ message: ({ event }) => answerAs(event.output, 'done').message }),
          },
          {
            target: 'editing',
            actions: assign(({ event }) =>
              refusedByServer(answerAs(event.output, 'refused'), ['current_password', 'password'] as const, CHANGE_FAILED, true),
            ),
          },
        ],
        onError: { target: 'editing', actions: assign(failed(CHANGE_FAILED)) },
      },
    },
    done: { type: 'final' },
  },
});

export type ChangePasswordSnapshot = SnapshotFrom<typeof changePasswordMachine>;

/** The change-password screen: three fields, then 'Password aggiornata con successo.'. */
export function connectChangePassword(snapshot: ChangePasswordSnapshot, send: (event: ChangePasswordEvent) => void) {
  const form = connectNewPasswordForm(snapshot.context, send, {
    isSubmitting: snapshot.hasTag('submitting'),
    isDone: snapshot.matches('done'),
  });
  return {
    ...form,
    currentField: form.field('current_password'),
    texts: {
      title: 'Cambia Password',
      current: 'Password attuale',
      password: 'Nuova password',
      confirmation: 'Conferma nuova password',
      submit: 'Cambia Password',
      accountLink: 'Torna al tuo account',
    },
  };
}

export type ChangePasswordView = ReturnType<typeof connectChangePassword>;
