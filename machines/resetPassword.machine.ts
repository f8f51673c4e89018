import { fromPromise, setup, type SnapshotFrom } from 'xstate';
import { connectNewPasswordForm, formSetup, newPasswordProblem, type FormAnswer, type FormContext, type FormEvent } from './authForm';

export const RESET_FIELDS = ['password', 'password_confirmation'] as const;
export type ResetField = (typeof RESET_FIELDS)[number];
export type ResetPasswordEvent = FormEvent<ResetField>;
/** What the e-mailed link carries. */
export interface ResetLink {
  token: string;
  email: string;
}
export type ResetPasswordRequest = ResetLink & Record<ResetField, string>;

export const RESET_FAILED = 'Errore nel reset della password';

const form = formSetup({
  fields: RESET_FIELDS,
  problem: (context: FormContext<ResetField> & ResetLink) => newPasswordProblem(context.values, RESET_FIELDS, context.email),
  serverFields: ['password'],
  failure: RESET_FAILED,
  fixedMessage: true,
});

/** The reset link's screen: token and e-mail come from the link's query, the new password from the user. */
export const resetPasswordMachine = setup({
  types: { ...form.types, input: {} as ResetLink },
  actors: {
    resetPassword: fromPromise<FormAnswer, ResetPasswordRequest>(async () => {
      throw new Error('resetPassword not provided');
    }),
  },
  guards: form.guards,
  actions: form.actions,
}).createMachine({
  id: 'resetPassword',
  context: ({ input }) => ({ ...form.empty(), token: input.token, email: input.email }),
  initial: 'editing',
  states: {
    editing: form.editing,
    submitting: form.submitting({
      src: 'resetPassword',
      request: (context) => ({ token: context.token, email: context.email, ...context.values }),
      onDone: [form.acceptedTo('done')],
    }),
    done: { type: 'final' },
  },
});

export type ResetPasswordSnapshot = SnapshotFrom<typeof resetPasswordMachine>;

/** The reset screen: the new password twice, then 'Password reimpostata con successo!' and a link to log in. */
export function connectResetPassword(snapshot: ResetPasswordSnapshot, send: (event: ResetPasswordEvent) => void) {
  const form = connectNewPasswordForm(snapshot, send);
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
