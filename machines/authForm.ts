import { passwordProblem } from '../src/domain/password';

/**
 * What the account forms (login, register, forgot, reset and change password) share: their fields'
 * values and errors, the server's refusals as data, and the field/submit props their views spread.
 * Each form is still its own machine (machines/<form>.machine.ts) with its own graph.
 */

/** The server's per-field messages (`errors` of a 422), keyed by field name. */
export type FieldErrors = Record<string, string[] | undefined>;

/** A 4xx the user can act on: the server's Italian message (if any) and its field errors. */
export interface Refusal {
  outcome: 'refused';
  message: string | null;
  errors: FieldErrors;
}

/** A form the server accepted, with its Italian confirmation. */
export interface Accepted {
  outcome: 'done';
  message: string;
}

export type FormAnswer = Accepted | Refusal;

export const FORM_MESSAGES = {
  missing: 'Compila tutti i campi.',
  passwordsDiffer: 'Le password non coincidono.',
} as const;

export interface FormContext<F extends string> {
  values: Record<F, string>;
  /** the first message per field: the browser's own checks or the server's */
  errors: Partial<Record<F, string>>;
  /** the general message below the form */
  message: string | null;
  /** the server's reason under the general message, for forms whose general text is fixed */
  detail: string | null;
}

export type FieldChange<F extends string> = { type: 'field.change'; field: F; value: string };
export type FormEvent<F extends string> = FieldChange<F> | { type: 'form.submit' };

export function emptyForm<F extends string>(fields: readonly F[], values: Partial<Record<F, string>> = {}): FormContext<F> {
  return {
    values: Object.fromEntries(fields.map((field) => [field, values[field] ?? ''])) as Record<F, string>,
    errors: {},
    message: null,
    detail: null,
  };
}

/** A typed value replaces the old one and clears that field's error. */
export function changeField<F extends string>(context: FormContext<F>, event: FieldChange<F>): Partial<FormContext<F>> {
  const errors = { ...context.errors };
  delete errors[event.field];
  return { values: { ...context.values, [event.field]: event.value }, errors };
}

/** What the form shows besides its values. */
export type FormMessages<F extends string> = Pick<FormContext<F>, 'errors' | 'message' | 'detail'>;

/** Nothing to show: the state of a form about to be sent. */
export const cleared = { errors: {}, message: null, detail: null };

const refusedHere = <F extends string>(message: string | null, errors: Partial<Record<F, string>> = {}): FormMessages<F> => ({
  errors,
  message,
  detail: null,
});

/** The browser's own check before sending: every field filled, else 'Compila tutti i campi.'. */
export function missingFieldsProblem<F extends string>(values: Record<F, string>, fields: readonly F[]): FormMessages<F> | null {
  return fields.some((field) => values[field].trim() === '') ? refusedHere(FORM_MESSAGES.missing) : null;
}

/**
 * The browser's checks of a form that sets a password: every field filled, the confirmation equal
 * (else 'Le password non coincidono.'), then the password rule shared with the server (SPEC §5).
 */
export function newPasswordProblem<F extends string>(
  values: Record<NoInfer<F>, string> & { password: string; password_confirmation: string },
  fields: readonly F[],
  email: string,
): FormMessages<F> | null {
  const missing = missingFieldsProblem<F>(values, fields);
  if (missing) return missing;
  if (values.password !== values.password_confirmation) return refusedHere(FORM_MESSAGES.passwordsDiffer);
  const weak = passwordProblem(values.password, email);
  // Only forms with a 'password' field call this: the error goes under it.
  return weak ? refusedHere<F>(null, { password: weak } as Partial<Record<F, string>>) : null;
}

/**
 * The server's refusal as the form shows it: the first message of each field the form shows under
 * that field, the general message below (the server's, or the form's own text when `fixedMessage`).
 */
export function refusedByServer<F extends string>(
  refusal: Refusal,
  shownFields: readonly F[],
  fallback: string,
  fixedMessage = false,
): Pick<FormContext<F>, 'errors' | 'message' | 'detail'> {
  const errors: Partial<Record<F, string>> = {};
  for (const field of shownFields) {
    const first = refusal.errors[field]?.[0];
    if (first) errors[field] = first;
  }
  return fixedMessage
    ? { errors, message: fallback, detail: refusal.message }
    : { errors, message: refusal.message ?? fallback, detail: null };
}

/** A network failure or a 5xx (the app's toast tells the rest): the form's catalogue text. */
export const failed = (fallback: string) => ({ errors: {}, message: fallback, detail: null });

/** The answer a guard already recognised, typed as that outcome (the guard and this check agree). */
export function answerAs<A extends { outcome: string }, O extends A['outcome']>(answer: A, outcome: O): Extract<A, { outcome: O }> {
  if (answer.outcome !== outcome) throw new Error(`expected a '${outcome}' answer, got '${answer.outcome}'`);
  return answer as Extract<A, { outcome: O }>;
}

/** Props of one text field, as react-aria's TextField takes them. */
export interface FieldProps {
  name: string;
  value: string;
  onChange: (value: string) => void;
  isInvalid: boolean;
  errorMessage: string | null;
  /** while the form is being sent (read-only rather than disabled, so focus stays put) */
  isReadOnly: boolean;
}

/** The view-model every form shares: its fields, the submit, the messages. */
export function connectFormFields<F extends string>(
  context: FormContext<F>,
  send: (event: FormEvent<F>) => void,
  options: { isSubmitting: boolean; liveErrors?: Partial<Record<string, string | null>> },
) {
  const { isSubmitting } = options;
  const liveErrors = options.liveErrors ?? {};
  const field = (name: F): FieldProps => {
    const error = context.errors[name] ?? liveErrors[name] ?? null;
    return {
      name,
      value: context.values[name],
      onChange: (value) => send({ type: 'field.change', field: name, value }),
      isInvalid: error !== null,
      errorMessage: error,
      isReadOnly: isSubmitting,
    };
  };
  return {
    field,
    form: {
      onSubmit: (event?: { preventDefault(): void }) => {
        event?.preventDefault();
        send({ type: 'form.submit' });
      },
    },
    submitButton: { isDisabled: isSubmitting },
    isSubmitting,
    message: context.message,
    detail: context.detail,
  };
}

/**
 * The view-model of a form that sets a password (register, reset, change): its fields with
 * 'Le password non coincidono.' live under the confirmation, and once `isDone` the server's
 * confirmation in place of the form.
 */
export function connectNewPasswordForm<F extends string>(
  context: FormContext<F | 'password' | 'password_confirmation'>,
  send: (event: FormEvent<F | 'password' | 'password_confirmation'>) => void,
  state: { isSubmitting: boolean; isDone: boolean },
) {
  const { values } = context;
  const form = connectFormFields(context, send, {
    isSubmitting: state.isSubmitting,
    liveErrors: { password_confirmation: passwordsDifferLive(values.password, values.password_confirmation) },
  });
  return {
    ...form,
    passwordField: form.field('password'),
    confirmationField: form.field('password_confirmation'),
    /** the server's confirmation, which replaces the form */
    success: state.isDone ? context.message : null,
    message: state.isDone ? null : form.message,
  };
}

/** Under the confirmation, live: 'Le password non coincidono.' once both are typed and differ. */
export function passwordsDifferLive(password: string, confirmation: string): string | null {
  return confirmation !== '' && password !== confirmation ? FORM_MESSAGES.passwordsDiffer : null;
}
