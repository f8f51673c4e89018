import { allergyNoteError, checkoutDetailsErrors } from '../src/domain';
import type { CheckoutContext, FieldName, OrderOutcome, PlacedOrderFacts, SavedAddress, Step } from './checkout.types';

/** The checkout's step table and the small rules its transitions share (the statechart is in checkout.machine.ts). */
export const DELIVERY_REQUIRED = 'Il campo tipo di consegna è obbligatorio.';
export const DETAIL_FIELDS: readonly string[] = [
  'nomeCitofono',
  'zonaConsegna',
  'indirizzo',
  'nomeCliente',
  'telefono',
  'fascia',
  'allergy_note',
];

/** The state node of each step: the one owner of the step. */
export const STEP_STATES = { 1: 'account', 2: 'delivery', 3: 'address', 4: 'details', 5: 'upsell', 6: 'summary' } as const;

/**
 * `checkout.restore` to each of `steps`, for a logged-in customer (step 1 needs no restoring): on
 * arrival, any step; later, the browser's Back to an earlier step's entry (not while the order is
 * on its way: the answer decides).
 */
export const restoreTo = (steps: readonly Exclude<Step, 1>[]) =>
  steps.map((step) => ({
    guard: { type: 'isRestoringTo' as const, params: { step } },
    target: `#checkout.${STEP_STATES[step]}`,
    actions: 'restore' as const,
  }));

/** Back from a step 'Modifica' went back to: the summary's entry, once the details are valid again. */
export const backToSummary = { guard: 'isReturningToSummary', target: '#checkout.summary', actions: 'restore' } as const;

/** Step 4's errors: the order form's rule (shared with the server) and 'Allergie o intolleranze'. */
export function detailsErrors(form: CheckoutContext['form'], zones: CheckoutContext['zones']): CheckoutContext['errors'] {
  const allergyNote = allergyNoteError(form.allergy_note);
  return { ...checkoutDetailsErrors(form, zones), ...(allergyNote && { allergy_note: allergyNote }) };
}

export const detailsAreValid = (form: CheckoutContext['form'], zones: CheckoutContext['zones']) =>
  Object.keys(detailsErrors(form, zones)).length === 0;

export function placedOrder(outcome: OrderOutcome): PlacedOrderFacts {
  if (!outcome.ok) throw new Error('a refusal places no order');
  return { message: outcome.message, orderId: outcome.orderId, trackingPath: outcome.trackingPath };
}

export function refusal(outcome: OrderOutcome): Pick<CheckoutContext, 'message' | 'errors'> {
  const field = outcome.ok ? null : (outcome.field as FieldName | null);
  return { message: outcome.message, errors: field ? { [field]: outcome.message } : {} };
}

/** The form with a saved address chosen (its name, zone, street and phone), or a new one (id 0) to type. */
export function formWithAddress(form: CheckoutContext['form'], addresses: readonly SavedAddress[], id: number): CheckoutContext['form'] {
  const saved = addresses.find((a) => a.id === id);
  if (!saved) return { ...form, addressSelector: 0 };
  const name = form.tipoConsegna === 'consegna' ? { nomeCitofono: saved.name } : { nomeCliente: saved.name };
  return {
    ...form,
    ...name,
    addressSelector: saved.id,
    zonaConsegna: saved.zoneId,
    indirizzo: saved.address ?? '',
    telefono: saved.telephone,
  };
}

/**
 * Pickup's details, typed at step 4 with no address step: the name and phone of the customer's last
 * pickup (the saved addresses come newest first), else the profile's name, in the fields still empty;
 * what was typed stays.
 */
export function formForPickup(
  form: CheckoutContext['form'],
  addresses: readonly SavedAddress[],
  userName: string | null,
): CheckoutContext['form'] {
  const last = addresses.find((a) => a.delivery === 'ritiro');
  const nomeCliente = form.nomeCliente || last?.name || userName || '';
  return { ...form, addressSelector: 0, nomeCliente, telefono: form.telefono || (last?.telephone ?? '') };
}
