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

// --- login -----------------------------------------------------------------------------------

const loginEvents = internalEvents(loginMachine);
export const loginEntry = defineEntry({
  name: 'login',
  machine: loginMachine,
  input: {},
  events: [
    { type: 'field.change', field: 'email', value: customer.email },
    { type: 'field.change', field: 'email', value: '' },
    { type: 'field.change', field: 'password', value: GOOD_PASSWORD },
    { type: 'form.submit' },
    { type: loginEvents.done('login'), output: { outcome: 'loggedIn', user: customer } },
    { type: loginEvents.done('login'), output: { outcome: 'unverified', email: customer.email } },
    { type: loginEvents.done('login'), output: refused('Credenziali non valide.', { email: ['Credenziali non valide.'] }) },
    { type: loginEvents.done('login'), output: refused(null) },
    { type: loginEvents.error('login'), error: networkDown() },
  ],
  maxSimplePathStates: 0,
  serializeState: formFacts,
});

// --- register --------------------------------------------------------------------------------

const registerEvents = internalEvents(registerMachine);
export const registerEntry = defineEntry({
  name: 'register',
  machine: registerMachine,
  events: [
    { type: 'field.change', field: 'name', value: customer.name },
    { type: 'field.change', field: 'email', value: customer.email },
    { type: 'field.change', field: 'password', value: GOOD_PASSWORD },
    { type: 'field.change', field: 'password', value: 'giulia.bianchi' },
    { type: 'field.change', field: 'password_confirmation', value: GOOD_PASSWORD },
    { type: 'form.submit' },
    { type: registerEvents.done('register'), output: { outcome: 'registered', email: customer.email } },
    {
      type: registerEvents.done('register'),
      output: refused('Questo indirizzo email è già registrato.', { email: ['Questo indirizzo email è già registrato.'] }),
    },
    {
      type: registerEvents.done('register'),
      output: refused('Questa password è troppo facile da indovinare: scegline una meno comune.', {
        password: ['Questa password è troppo facile da indovinare: scegline una meno comune.'],
      }),
    },
    { type: registerEvents.error('register'), error: serverDown() },
  ],
  maxSimplePathStates: 0,
  serializeState: formFacts,
});

// --- forgot password -------------------------------------------------------------------------

const forgotEvents = internalEvents(forgotPasswordMachine);
export const forgotPasswordEntry = defineEntry({
  name: 'forgotPassword',
  machine: forgotPasswordMachine,
  events: [
    { type: 'field.change', field: 'email', value: customer.email },
    { type: 'form.submit' },
    {
      type: forgotEvents.done('requestReset'),
      output: {
        outcome: 'done',
        message: `Controlla la tua casella di posta ${customer.email}, ti abbiamo inviato un link per reimpostare la password.`,
      },
    },
    { type: forgotEvents.done('requestReset'), output: refused("Hai già richiesto un'email da poco: riprova tra 60 secondi.") },
    { type: forgotEvents.error('requestReset'), error: networkDown() },
  ],
  serializeState: formFacts,
});

// --- reset password --------------------------------------------------------------------------

const RESET_INVALID = 'Il link per reimpostare la password non è valido o è scaduto. Richiedine uno nuovo.';
const resetEvents = internalEvents(resetPasswordMachine);
export const resetPasswordEntry = defineEntry({
  name: 'resetPassword',
  machine: resetPasswordMachine,
  input: { token: 'q3Zx9-Reset_Token', email: customer.email },
  events: [
    { type: 'field.change', field: 'password', value: GOOD_PASSWORD },
    { type: 'field.change', field: 'password_confirmation', value: GOOD_PASSWORD },
    { type: 'field.change', field: 'password_confirmation', value: 'Forno-a-gas' },
    { type: 'form.submit' },
    { type: resetEvents.done('resetPassword'), output: { outcome: 'done', message: 'Password reimpostata con successo!' } },
    { type: resetEvents.done('resetPassword'), output: refused(RESET_INVALID, { email: [RESET_INVALID] }) },
    { type: resetEvents.error('resetPassword'), error: serverDown() },
  ],
  maxSimplePathStates: 0,
  serializeState: formFacts,
});

// --- change password -------------------------------------------------------------------------

const changeEvents = internalEvents(changePasswordMachine);
export const changePasswordEntry = defineEntry({
  name: 'changePassword',
  machine: changePasswordMachine,
  input: { email: customer.email },
  events: [
    { type: 'field.change', field: 'current_password', value: 'Vecchia-Pinsa-7' },
    { type: 'field.change', field: 'password', value: GOOD_PASSWORD },
    { type: 'field.change', field: 'password', value: 'corta' },
    { type: 'field.change', field: 'password_confirmation', value: GOOD_PASSWORD },
    { type: 'form.submit' },
    { type: changeEvents.done('changePassword'), output: { outcome: 'done', message: 'Password aggiornata con successo.' } },
    {
      type: changeEvents.done('changePassword'),
      output: refused('La password attuale non è corretta.', { current_password: ['La password attuale non è corretta.'] }),
    },
    { type: changeEvents.error('changePassword'), error: networkDown() },
  ],
  maxSimplePathStates: 0,
  serializeState: formFacts,
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
  ],
  serializeState: (s) =>
    JSON.stringify({
      value: s.value,
      orders: s.context.orders.length,
      addresses: s.context.addresses.length,
      deleting: s.context.deletingId,
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
