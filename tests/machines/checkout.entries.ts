/** Path-coverage entry of the checkout machine (issue 10 point 5), with the shared fixtures. */
import type { AnyStateMachine } from 'xstate';
import { ApiError } from '../../src/api/client';
import { shopDataFromWire } from '../../src/api/shopActors';
import { checkoutMachine, checkoutStep, type CheckoutSnapshot } from '../../machines/checkout.machine';
import { checkoutConfirmationMachine, type PlacedOrder } from '../../machines/checkoutConfirmation.machine';
import {
  EMPTY_FORM,
  type CheckoutEvent,
  type CheckoutForm,
  type SavedAddress,
  type Step,
  type Timeslot,
} from '../../machines/checkout.types';
import { checkoutDetailsErrors, servedZones } from '../../src/domain';
import { webapp } from '../mocks/fixtures';
import { internalEvents, invokeInput } from './pathCoverage';
import type { MachineEntry } from './registry';

const defineEntry = <T extends AnyStateMachine>(entry: MachineEntry<T>): MachineEntry<T> => entry;
const shop = shopDataFromWire(webapp);
export const zones = servedZones(shop.zones);
const zone = zones.find((z) => z.name !== 'Altra zona')!;

export const savedAddresses: SavedAddress[] = [
  { id: 11, name: 'Giulia Bianchi', zoneId: zone.id, address: 'Via della Lungaretta 10', telephone: '3331234567', delivery: 'consegna' },
  { id: 12, name: 'Giulia', zoneId: null, address: null, telephone: '3331234567', delivery: 'ritiro' },
];
export const timeslots: Timeslot[] = [
  { time: '19:00', available: false },
  { time: '19:15', available: true },
];
export const FIXED_KEY = 'chiave-idempotenza-1';
export const SLOT_FULL = "La fascia delle 19:15 non ha più posto per il tuo ordine: scegline un'altra o chiamaci.";
export const SHOP_CLOSED = 'Il negozio è chiuso.';

const events = internalEvents(checkoutMachine);
/** The note of every form a reload brings back: it tells a restored checkout from one walked through. */
const RESTORED_NOTE = 'Citofono rotto';
/** A customer's event, sent only on the walk from the visitor's start (a restored checkout just shows its step). */
const walked =
  <E extends CheckoutEvent>(event: (s: CheckoutSnapshot) => E | E[] | null) =>
  (s: CheckoutSnapshot) =>
    checkoutStep(s) !== null && s.context.form.note !== RESTORED_NOTE ? event(s) : null;
const restore = (step: Step, form: CheckoutForm, idempotencyKey: string | null = null): CheckoutEvent => ({
  type: 'checkout.restore',
  step,
  form,
  idempotencyKey,
});
const savedForm: CheckoutForm = {
  tipoConsegna: 'ritiro' as const,
  addressSelector: 0,
  nomeCitofono: '',
  zonaConsegna: null,
  indirizzo: '',
  nomeCliente: 'Giulia',
  telefono: '+39 333 123 4567',
  fascia: '19:15',
  note: RESTORED_NOTE,
  allergy_note: 'frutta a guscio',
};
/** A home delivery's copy at step 3 (pickup has no address step). */
const savedDeliveryForm: CheckoutForm = { ...EMPTY_FORM, tipoConsegna: 'consegna', addressSelector: 0, note: RESTORED_NOTE };

export const checkoutEntry = defineEntry({
  name: 'checkout',
  machine: checkoutMachine,
  input: { zones, createKey: () => FIXED_KEY },
  maxSimplePathStates: 0,
  events: [
    // The browser's copy: a visitor's empty one; a customer's reload at steps 2–5 (typed data kept),
    // at step 6 with an attempt under way.
    (s): CheckoutEvent[] | null => {
      if (checkoutStep(s) !== null) return null;
      if (!s.context.hasUser) return [{ type: 'session.changed', hasUser: true }, restore(1, EMPTY_FORM)];
      return [
        restore(2, { ...EMPTY_FORM, tipoConsegna: 'ritiro', note: RESTORED_NOTE }),
        restore(3, savedDeliveryForm),
        ...([4, 5] as const).map((step) => restore(step, savedForm)),
        restore(6, savedForm, FIXED_KEY),
      ];
    },
    // The steps are walked from the visitor's start; a reload only shows it comes back to its step
    // (and, at step 6, that it confirms with the saved key): this keeps the graph to a few hundred paths.
    walked((s) => (s.context.hasUser ? null : { type: 'session.changed', hasUser: true })),
    walked((s): CheckoutEvent[] | null =>
      checkoutStep(s) === 2 && s.context.form.tipoConsegna === null
        ? [
            { type: 'delivery.select', delivery: 'consegna' },
            { type: 'delivery.select', delivery: 'ritiro' },
          ]
        : null,
    ),
    walked((s) =>
      checkoutStep(s) === 3
        ? [
            { type: 'address.select', id: 11 },
            { type: 'address.select', id: 0 },
          ]
        : null,
    ),
    walked((s): CheckoutEvent[] | null =>
      checkoutStep(s) === 4 && s.context.form.telefono === ''
        ? [
            { type: 'field.change', field: 'telefono', value: '333 123 4567' },
            { type: 'field.change', field: 'nomeCliente', value: 'Giulia' },
            { type: 'field.change', field: 'nomeCitofono', value: 'Bianchi' },
            { type: 'field.change', field: 'indirizzo', value: 'Via Roma 1' },
          ]
        : null,
    ),
    walked((s): CheckoutEvent | null =>
      checkoutStep(s) === 4 && s.context.form.fascia === '' ? { type: 'field.change', field: 'fascia', value: '19:15' } : null,
    ),
    walked((s) => (checkoutStep(s) === 4 && s.context.form.zonaConsegna === null ? { type: 'zone.select', zoneId: zone.id } : null)),
    walked((s) => (checkoutStep(s) === 5 ? { type: 'upsell.add', product: shop.products[0]! } : null)),
    walked((s) => (checkoutStep(s) === 6 ? { type: 'discount.apply', code: 'PIZZA10' } : null)),
    // 'Modifica' beside the delivery type and beside a detail; Back from there to the summary.
    walked((s): CheckoutEvent[] | null =>
      checkoutStep(s) === 6
        ? [
            { type: 'summary.edit', step: 2 },
            { type: 'summary.edit', step: 4 },
          ]
        : null,
    ),
    walked((s) => (s.context.isEditingSummary ? restore(6, s.context.form, s.context.idempotencyKey) : null)),
    walked(() => ({ type: 'step.next' })),
    // The browser's Back to any earlier step, only from a clean step (after a refusal the customer
    // fixes, then goes on).
    walked((s) => {
      const at = checkoutStep(s)!;
      const isClean = s.context.message === null && Object.keys(s.context.errors).length === 0;
      if (!isClean) return null;
      return ([2, 3, 4, 5] as const).filter((step) => step < at).map((step) => restore(step, s.context.form, s.context.idempotencyKey));
    }),
    { type: 'order.confirm' },
    { type: events.done('checkout.address.loading'), output: savedAddresses },
    {
      type: events.error('checkout.address.loading'),
      error: new ApiError(401, { message: 'Devi accedere per continuare.' }, 'Errore generico'),
    },
    { type: events.done('loadPickupDetails'), output: savedAddresses },
    { type: events.error('loadPickupDetails'), error: new TypeError('Failed to fetch') },
    { type: events.done('loadTimeslots'), output: timeslots },
    { type: events.error('loadTimeslots'), error: new TypeError('Failed to fetch') },
    { type: events.done('loadSuggestions'), output: shop.products.slice(0, 2) },
    { type: events.error('loadSuggestions'), error: new TypeError('Failed to fetch') },
    {
      type: events.done('placeOrder'),
      output: { ok: true, message: 'Ordine confermato con successo!', orderId: 41, trackingPath: '/ordine/tok_41' },
    },
    { type: events.done('placeOrder'), output: { ok: false, message: SLOT_FULL, field: 'fascia' } },
    { type: events.done('placeOrder'), output: { ok: false, message: 'Seleziona un indirizzo.', field: 'addressSelector' } },
    { type: events.done('placeOrder'), output: { ok: false, message: SHOP_CLOSED, field: null } },
    { type: events.error('placeOrder'), error: new TypeError('Failed to fetch') },
  ],
  serializeState: (s) =>
    JSON.stringify({
      value: s.value,
      status: s.status,
      user: s.context.hasUser,
      delivery: s.context.form.tipoConsegna,
      address: s.context.form.addressSelector === null ? null : s.context.form.addressSelector > 0 ? 'saved' : 'new',
      valid: Object.keys(checkoutDetailsErrors(s.context.form, zones)).length === 0,
      errors: Object.keys(s.context.errors).length > 0,
      refused: s.context.message !== null,
      editing: s.context.isEditingSummary,
      // a restored checkout only shows its step: kept apart from the same step walked to
      restored: s.context.form.note === RESTORED_NOTE,
      key: s.context.idempotencyKey,
    }),
});

/** The customer's own orders the confirmation page can read back (anything else answers "not found"). */
export const placedOrders = new Map<number, PlacedOrder>([
  [
    41,
    {
      orderNum: 7,
      deliveryTime: '20:30',
      delivery: 'consegna',
      address: 'Via Marmorata 12',
      zoneName: 'Testaccio',
      paymentType: 'Contanti',
      totalCents: 2320,
      deliveryFeeCents: 250,
      allergyNote: 'frutta a guscio',
    },
  ],
  [
    42,
    {
      orderNum: 8,
      deliveryTime: '19:15',
      delivery: 'ritiro',
      address: null,
      zoneName: null,
      paymentType: 'Contanti',
      totalCents: 1318,
      deliveryFeeCents: 0,
      allergyNote: null,
    },
  ],
]);

const confirmationEvents = internalEvents(checkoutConfirmationMachine);
export const checkoutConfirmationEntry = defineEntry({
  name: 'checkoutConfirmation',
  machine: checkoutConfirmationMachine,
  // A delivery and a pickup of the customer's, someone else's order, and URLs naming no possible order.
  inputs: [{ orderId: 41 }, { orderId: 42 }, { orderId: 999 }, { orderId: Number.NaN }, { orderId: 0 }],
  events: [
    { type: 'order.retry' },
    (snapshot) => {
      const input = invokeInput<{ id: number }>(snapshot, confirmationEvents.invokeId('loadPlacedOrder'));
      if (!input) return null;
      const order = placedOrders.get(input.id);
      return { type: confirmationEvents.done('loadPlacedOrder'), output: order ? { found: true, order } : { found: false } };
    },
    { type: confirmationEvents.error('loadPlacedOrder'), error: new TypeError('Failed to fetch') },
  ],
  serializeState: (s) =>
    JSON.stringify({ value: s.value, status: s.status, id: s.context.orderId, order: s.context.order?.orderNum ?? null }),
});
