import { fromPromise, setup, type SnapshotFrom } from 'xstate';
import { connectNewPasswordForm, formSetup, newPasswordProblem, type FormAnswer, type FormContext, type FormEvent } from './authForm';

export const CHANGE_FIELDS = ['current_password', 'password', 'password_confirmation'] as const;
export type ChangeField = (typeof CHANGE_FIELDS)[number];
export type ChangePasswordEvent = FormEvent<ChangeField>;
export type ChangePasswordRequest = Record<ChangeField, string>;

export const CHANGE_FAILED = 'Errore nel cambio password';

const form = formSetup({
  fields: CHANGE_FIELDS,
  problem: (context: FormContext<ChangeField> & { email: string }) => newPasswordProblem(context.values, CHANGE_FIELDS, context.email),
  serverFields: ['current_password', 'password'],
  failure: CHANGE_FAILED,
  fixedMessage: true,
});

/** A logged-in user's password change: the current one, the new one twice. */
export const changePasswordMachine = setup({
  types: { ...form.types, input: {} as { email: string } },
  actors: {
    changePassword: fromPromise<FormAnswer, ChangePasswordRequest>(async () => {
      throw new Error('changePassword not provided');
    }),
  },
  guards: form.guards,
  actions: form.actions,
}).createMachine({
  id: 'changePassword',
  context: ({ input }) => ({ ...form.empty(), email: input.email }),
  initial: 'editing',
  states: {
    editing: form.editing,
    submitting: form.submitting({
      src: 'changePassword',
      request: (context) => context.values,
      onDone: [form.acceptedTo('done')],
    }),
    done: { type: 'final' },
  },
});

export type ChangePasswordSnapshot = SnapshotFrom<typeof changePasswordMachine>;

/** The change-password screen: three fields, then 'Password aggiornata con successo.'. */
export function connectChangePassword(snapshot: ChangePasswordSnapshot, send: (event: ChangePasswordEvent) => void) {
  const form = connectNewPasswordForm(snapshot, send);
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
