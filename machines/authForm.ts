import { assign, assertEvent } from 'xstate';
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

/** Any form's answer as the shared pieces read it: login and register add outcomes of their own. */
type AnyAnswer = { outcome: string };

/** A submit's label while the server works (a registration's password hash takes seconds). */
export const PENDING_LABEL = 'Invio in corso...';

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

/** Whether an answer has that outcome, typed as that outcome's answer. */
function hasOutcome<A extends AnyAnswer, O extends string>(answer: A, outcome: O): answer is Extract<A, { outcome: O }> {
  return answer.outcome === outcome;
}

/** The answer a guard already recognised, typed as that outcome (the guard and this check agree). */
export function answerAs<A extends AnyAnswer, O extends A['outcome']>(answer: A, outcome: O): Extract<A, { outcome: O }> {
  if (!hasOutcome(answer, outcome)) throw new Error(`expected a '${outcome}' answer, got '${answer.outcome}'`);
  return answer;
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

/** What a form's view-model reads of its machine's snapshot. */
export interface FormSnapshot<F extends string> {
  context: FormContext<F>;
  /** 'done' once the form reached its final state */
  status: string;
  hasTag(tag: 'submitting'): boolean;
}

/**
 * The view-model every form shares: its fields, the submit, the messages, and once the machine is
 * done the server's confirmation in place of the form.
 */
export function connectFormFields<F extends string>(
  snapshot: FormSnapshot<F>,
  send: (event: FormEvent<F>) => void,
  liveErrors: Partial<Record<string, string | null>> = {},
) {
  const { context } = snapshot;
  const isSubmitting = snapshot.hasTag('submitting');
  const isDone = snapshot.status === 'done';
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
    /** pending while sent: it says so and cannot be pressed again */
    submitButton: { isPending: isSubmitting, pendingLabel: PENDING_LABEL },
    isSubmitting,
    message: isDone ? null : context.message,
    detail: context.detail,
    /** the server's confirmation, which replaces the form */
    confirmation: isDone ? context.message : null,
  };
}

/**
 * The view-model of a form that sets a password (register, reset, change): its fields with
 * 'Le password non coincidono.' live under the confirmation, and once done the server's
 * confirmation (`success`) in place of the form.
 */
export function connectNewPasswordForm<F extends string>(
  snapshot: FormSnapshot<F | 'password' | 'password_confirmation'>,
  send: (event: FormEvent<F | 'password' | 'password_confirmation'>) => void,
) {
  const { values } = snapshot.context;
  const { confirmation, ...form } = connectFormFields(snapshot, send, {
    password_confirmation: passwordsDifferLive(values.password, values.password_confirmation),
  });
  return {
    ...form,
    passwordField: form.field('password'),
    confirmationField: form.field('password_confirmation'),
    success: confirmation,
  };
}

/** Under the confirmation, live: 'Le password non coincidono.' once both are typed and differ. */
export function passwordsDifferLive(password: string, confirmation: string): string | null {
  return confirmation !== '' && password !== confirmation ? FORM_MESSAGES.passwordsDiffer : null;
}

// --- the machines' side ------------------------------------------------------------------------

/** onDone's dynamic `params` for a guard on the answer (`isAccepted`, `isLoggedIn`…): the answer itself. */
export const outputOf = <A extends AnyAnswer>({ event }: { event: { output: A } }) => event.output;

/** onDone's dynamic `params` for an action: the answer, typed as the `outcome` its guard recognised. */
export const answerOf =
  <O extends string>(outcome: O) =>
  <A extends AnyAnswer>({ event }: { event: { output: A } }): Extract<A, { outcome: O }> => {
    if (!hasOutcome(event.output, outcome)) throw new Error(`expected a '${outcome}' answer, got '${event.output.outcome}'`);
    return event.output;
  };

/** How one form checks what is typed and shows what the server answers. */
export interface FormRules<F extends string, C extends FormContext<F>> {
  /** the form's fields, in order */
  fields: readonly F[];
  /** the browser's own check before sending (`missingFieldsProblem`, `newPasswordProblem`); null sends */
  problem: (context: C) => FormMessages<F> | null;
  /** the fields under which the form shows the server's field errors */
  serverFields: readonly NoInfer<F>[];
  /** the catalogue's text for a failure, and for a refusal without a message */
  failure: string;
  /** the general message is always `failure` and the server's reason goes in `detail` */
  fixedMessage?: boolean;
}

/**
 * What every form's machine shares, built once per form from its rules: the `setup` types (context,
 * `field.change`/`form.submit`, the `submitting` tag), the named guards and actions, the empty
 * context, and the `editing` and `submitting` states. Each machine names its own actor and request,
 * its own outcomes and its own final states (`isAccepted` and `showConfirmation` serve the forms
 * whose answer is a confirmation; login and register answer with outcomes of their own).
 */
export function formSetup<F extends string, C extends FormContext<F> = FormContext<F>>(rules: FormRules<F, C>) {
  type E = FormEvent<F>;
  // The machine's whole context, updated in the form's part (typed so because `assign` cannot see
  // that a FormContext<F> part fits a context that only extends it).
  const update = <P>(change: (context: C, params: P, event: E) => Partial<FormContext<F>>) =>
    assign<C, E, P, E, never>(({ context, event }, params) => ({ ...context, ...change(context, params, event) }));
  return {
    types: { context: {} as C, events: {} as E, tags: {} as 'submitting' },
    guards: {
      hasProblem: ({ context }: { context: C }) => rules.problem(context) !== null,
      isAccepted: (_: unknown, answer: AnyAnswer) => answer.outcome === 'done',
    },
    actions: {
      changeField: update((context, _: undefined, event) => {
        assertEvent(event, 'field.change');
        return changeField(context, event);
      }),
      showProblem: update((context) => rules.problem(context) ?? {}),
      clearMessages: update(() => cleared),
      showConfirmation: update((_, accepted: Accepted) => ({ message: accepted.message })),
      showRefusal: update((_, refusal: Refusal) => refusedByServer(refusal, rules.serverFields, rules.failure, rules.fixedMessage)),
      showFailure: update(() => failed(rules.failure)),
    },

    /** The form as nobody typed it yet (login may start with a remembered e-mail). */
    empty: (values: Partial<Record<F, string>> = {}) => emptyForm(rules.fields, values),

    /** The form being typed: a change clears its field's error; a submit the browser refuses stays here. */
    editing: {
      on: {
        'field.change': { actions: 'changeField' },
        'form.submit': [
          { guard: 'hasProblem', actions: 'showProblem' },
          { target: 'submitting', actions: 'clearMessages' },
        ],
      },
    },

    /**
     * The form being sent: `src` invoked (under its own name) with `request(context)`. Its answer
     * goes through the form's own `onDone` outcomes in order; any other answer is a refusal (data,
     * SPEC's 4xx): back to editing with the server's reasons. A network error or a 5xx goes back to
     * editing with the form's catalogue text.
     */
    submitting: <const S extends string, I, const D extends readonly object[]>(invoke: { src: S; request: (context: C) => I; onDone: D }) =>
      ({
        tags: ['submitting'],
        invoke: {
          id: invoke.src,
          src: invoke.src,
          input: ({ context }: { context: C }) => invoke.request(context),
          onDone: [...invoke.onDone, { target: 'editing', actions: { type: 'showRefusal', params: answerOf('refused') } }],
          onError: { target: 'editing', actions: 'showFailure' },
        },
      }) as const,

    /** onDone: the server accepted the form; its confirmation becomes the message, on to `target`. */
    acceptedTo: <const T extends string>(target: T) =>
      ({
        guard: { type: 'isAccepted', params: outputOf },
        target,
        actions: { type: 'showConfirmation', params: answerOf('done') },
      }) as const,
  } as const;
}
