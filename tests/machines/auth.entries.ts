/**
 * Path-coverage entries of the account machines (issue 9): the five forms, confirm-required and the
 * account page. Realistic payloads from the fixtures; `serializeState` keeps which fields are filled
 * (and whether the passwords match), the messages and the state, never the typed text itself.
 */
import type { AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import { ApiError } from '../../src/api/client';
import { accountOrderFromWire } from '../../src/api/accountActors';
import { accountMachine } from '../../machines/account.machine';
import type { FormContext } from '../../machines/authForm';
import { changePasswordMachine } from '../../machines/changePassword.machine';
import { confirmRequiredMachine } from '../../machines/confirmRequired.machine';
import { forgotPasswordMachine } from '../../machines/forgotPassword.machine';
import { loginMachine } from '../../machines/login.machine';
import { registerMachine } from '../../machines/register.machine';
import { resetPasswordMachine } from '../../machines/resetPassword.machine';
import { accountOrders, savedAddresses } from '../mocks/accountFixtures';
import { customer } from '../mocks/fixtures';
import { internalEvents } from './pathCoverage';
import type { MachineEntry } from './registry';

// registry.ts imports this file: only its types come from there (no import cycle at run time).
const defineEntry = <T extends AnyStateMachine>(entry: MachineEntry<T>): MachineEntry<T> => entry;

const networkDown = () => new TypeError('Failed to fetch');
const serverDown = () => new ApiError(503, { message: 'Servizio non disponibile' }, 'Errore generico');

export const GOOD_PASSWORD = 'Forno-a-legna-1978';

/** The facts a form's screen depends on: which fields hold something, the messages, the state. */
function formFacts(snapshot: AnyMachineSnapshot) {
  const { values, errors, message, detail } = snapshot.context as FormContext<string>;
  const filled = Object.entries(values)
    .filter(([, value]) => value !== '')
    .map(([field]) => field);
  const { password, password_confirmation: confirmation } = values as Record<string, string | undefined>;
  return JSON.stringify({
    value: snapshot.value,
    status: snapshot.status,
    filled,
    same: password === confirmation,
    errors,
    message,
    detail,
  });
}

const refused = (message: string | null, errors: Record<string, string[]> = {}) => ({ outcome: 'refused' as const, message, errors });

/**
 * A form's events, in the order the graph tries them: each value typed into its field, the submit,
 * then each answer of the form's actor (`xstate.done.actor.<id>`) and its failure.
 */
function formEvents<F extends string>(
  machine: AnyStateMachine,
  form: { typed: readonly (readonly [F, string])[]; src: string; answers: readonly unknown[]; failure: Error },
) {
  const { done, error } = internalEvents(machine);
  return [
    ...form.typed.map(([field, value]) => ({ type: 'field.change' as const, field, value })),
    { type: 'form.submit' as const },
    ...form.answers.map((output) => ({ type: done(form.src), output })),
    { type: error(form.src), error: form.failure },
  ];
}

/** The forms' graphs: the facts of `formFacts`, shortest paths and one per edge (no simple paths). */
const formGraph = { maxSimplePathStates: 0, serializeState: formFacts };

// --- login -----------------------------------------------------------------------------------

export const loginEntry = defineEntry({
  name: 'login',
  machine: loginMachine,
  input: {},
  events: formEvents(loginMachine, {
    typed: [
      ['email', customer.email],
      ['email', ''],
      ['password', GOOD_PASSWORD],
    ],
    src: 'login',
    answers: [
      { outcome: 'loggedIn', user: customer },
      { outcome: 'unverified', email: customer.email },
      refused('Credenziali non valide.', { email: ['Credenziali non valide.'] }),
      refused(null),
    ],
    failure: networkDown(),
  }),
  ...formGraph,
});

// --- register --------------------------------------------------------------------------------

const EMAIL_TAKEN = 'Questo indirizzo email è già registrato.';
const PASSWORD_COMMON = 'Questa password è troppo facile da indovinare: scegline una meno comune.';
export const registerEntry = defineEntry({
  name: 'register',
  machine: registerMachine,
  events: formEvents(registerMachine, {
    typed: [
      ['name', customer.name],
      ['email', customer.email],
      ['password', GOOD_PASSWORD],
      ['password', 'giulia.bianchi'],
      ['password_confirmation', GOOD_PASSWORD],
    ],
    src: 'register',
    answers: [
      { outcome: 'registered', email: customer.email },
      refused(EMAIL_TAKEN, { email: [EMAIL_TAKEN] }),
      refused(PASSWORD_COMMON, { password: [PASSWORD_COMMON] }),
    ],
    failure: serverDown(),
  }),
  ...formGraph,
});

// --- forgot password -------------------------------------------------------------------------

export const forgotPasswordEntry = defineEntry({
  name: 'forgotPassword',
  machine: forgotPasswordMachine,
  events: formEvents(forgotPasswordMachine, {
    typed: [['email', customer.email]],
    src: 'requestReset',
    answers: [
      {
        outcome: 'done',
        message: `Controlla la tua casella di posta ${customer.email}, ti abbiamo inviato un link per reimpostare la password.`,
      },
      refused("Hai già richiesto un'email da poco: riprova tra 60 secondi."),
    ],
    failure: networkDown(),
  }),
  // a small graph: simple paths too
  serializeState: formFacts,
});

// --- reset password --------------------------------------------------------------------------

const RESET_INVALID = 'Il link per reimpostare la password non è valido o è scaduto. Richiedine uno nuovo.';
export const resetPasswordEntry = defineEntry({
  name: 'resetPassword',
  machine: resetPasswordMachine,
  input: { token: 'q3Zx9-Reset_Token', email: customer.email },
  events: formEvents(resetPasswordMachine, {
    typed: [
      ['password', GOOD_PASSWORD],
      ['password_confirmation', GOOD_PASSWORD],
      ['password_confirmation', 'Forno-a-gas'],
    ],
    src: 'resetPassword',
    answers: [{ outcome: 'done', message: 'Password reimpostata con successo!' }, refused(RESET_INVALID, { email: [RESET_INVALID] })],
    failure: serverDown(),
  }),
  ...formGraph,
});

// --- change password -------------------------------------------------------------------------

const WRONG_CURRENT = 'La password attuale non è corretta.';
export const changePasswordEntry = defineEntry({
  name: 'changePassword',
  machine: changePasswordMachine,
  input: { email: customer.email },
  events: formEvents(changePasswordMachine, {
    typed: [
      ['current_password', 'Vecchia-Pinsa-7'],
      ['password', GOOD_PASSWORD],
      ['password', 'corta'],
      ['password_confirmation', GOOD_PASSWORD],
    ],
    src: 'changePassword',
    answers: [
      { outcome: 'done', message: 'Password aggiornata con successo.' },
      refused(WRONG_CURRENT, { current_password: [WRONG_CURRENT] }),
    ],
    failure: networkDown(),
  }),
  ...formGraph,
});

// --- confirm required ------------------------------------------------------------------------

const confirmEvents = internalEvents(confirmRequiredMachine);
export const confirmRequiredEntry = defineEntry({
  name: 'confirmRequired',
  machine: confirmRequiredMachine,
  input: { email: customer.email },
  events: [
    { type: 'resend.request' },
    {
      type: confirmEvents.done('resendVerification'),
      output: { outcome: 'done', message: 'Email inviata nuovamente. Controlla la tua casella di posta elettronica' },
    },
    {
      type: confirmEvents.done('resendVerification'),
      output: refused("Hai già richiesto un'email da poco: riprova tra 60 secondi."),
    },
    { type: confirmEvents.done('resendVerification'), output: refused(null) },
    { type: confirmEvents.error('resendVerification'), error: serverDown() },
  ],
  serializeState: (s) => JSON.stringify({ value: s.value, sent: s.context.sentMessage, failure: s.context.failure }),
});

// --- account ---------------------------------------------------------------------------------

export const accountOrdersInCents = accountOrders.map(accountOrderFromWire);
export const accountAddresses = savedAddresses.map(({ id, name, address, telephone }) => ({ id, name, address, telephone }));
const accountEvents = internalEvents(accountMachine);
export const accountEntry = defineEntry({
  name: 'account',
  machine: accountMachine,
  maxSimplePathStates: 0,
  events: [
    { type: accountEvents.done('loadOrders'), output: accountOrdersInCents },
    { type: accountEvents.done('loadOrders'), output: [] },
    { type: accountEvents.error('loadOrders'), error: serverDown() },
    { type: 'orders.retry' },
    { type: accountEvents.done('loadAddresses'), output: accountAddresses },
    { type: accountEvents.done('loadAddresses'), output: accountAddresses.slice(1) },
    { type: accountEvents.error('loadAddresses'), error: networkDown() },
    { type: 'addresses.retry' },
    { type: 'address.delete', id: accountAddresses[0]!.id },
    { type: accountEvents.done('deleteAddress') },
    { type: accountEvents.error('deleteAddress'), error: serverDown() },
    // 'Ordina di nuovo' on a listed order (or on one no longer listed), and what the cart took.
    { type: 'order.reorder', id: accountOrdersInCents[0]!.id },
    { type: 'order.reorder', id: 999 },
    { type: 'reorder.done', added: 1, missing: ['La Capricciosa non è più disponibile.'] },
    // 'Segui il tuo ordine' on today's order (or on the closed one of March), and the link's answer.
    { type: 'order.follow', id: accountOrdersInCents[0]!.id },
    { type: 'order.follow', id: accountOrdersInCents[1]!.id },
    { type: accountEvents.done('followOrder'), output: '/ordine/abc' },
    { type: accountEvents.error('followOrder'), error: serverDown() },
  ],
  serializeState: (s) =>
    JSON.stringify({
      value: s.value,
      orders: s.context.orders.length,
      addresses: s.context.addresses.length,
      deleting: s.context.deletingId,
      notices: s.context.reorderNotices,
    }),
});

export const authEntries = [
  loginEntry,
  registerEntry,
  forgotPasswordEntry,
  resetPasswordEntry,
  changePasswordEntry,
  confirmRequiredEntry,
  accountEntry,
] as const;
