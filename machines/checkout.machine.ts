import { and, assertEvent, assign, fromCallback, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { ADDRESS_REQUIRED, type DeliveryType } from '../src/domain';
import type { Product } from './shop.machine';
import {
  EMPTY_FORM,
  type CheckoutContext,
  type CheckoutEvent,
  type CheckoutInput,
  type FieldName,
  type OrderOutcome,
  type PlaceOrderInput,
  type SavedAddress,
  type SavedCheckout,
  type Step,
  type Timeslot,
} from './checkout.types';
import {
  backToSummary,
  DELIVERY_REQUIRED,
  DETAIL_FIELDS,
  detailsAreValid,
  detailsErrors,
  formForPickup,
  formWithAddress,
  placedOrder,
  refusal,
  restoreTo,
  STEP_STATES,
} from './checkout.steps';

/**
 * The six-step checkout (SPEC §2, §4). The state node is the one owner of the step: the page writes history entries and the
 * tab's copy from the actor's snapshots and sends them back as one `checkout.restore` (a reload, the browser's Back). The
 * session's owner tells whether a user is in, and their name (`session.changed`, through the invoked `followSession`). Steps 2
 * and 3 load the saved addresses (pickup starts from the last one's name and phone), 4 the timeslots, 5 the suggestions; 6 tells
 * the cart the delivery type and zone (`prepareCart`). One Idempotency-Key per attempt, kept (across a reload too) until placed.
 */
export const checkoutMachine = setup({
  types: {
    input: {} as CheckoutInput,
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    tags: {} as 'loading' | 'submitting',
  },
  actors: {
    /** Sends `session.changed` now and whenever the session's owner changes its mind. */
    followSession: fromCallback<CheckoutEvent>(() => {
      throw new Error('followSession not provided');
    }),
    loadAddresses: fromPromise<SavedAddress[]>(async () => {
      throw new Error('loadAddresses not provided');
    }),
    loadTimeslots: fromPromise<Timeslot[]>(async () => {
      throw new Error('loadTimeslots not provided');
    }),
    loadSuggestions: fromPromise<Product[]>(async () => {
      throw new Error('loadSuggestions not provided');
    }),
    placeOrder: fromPromise<OrderOutcome, PlaceOrderInput>(async () => {
      throw new Error('placeOrder not provided');
    }),
  },
  guards: {
    hasUser: ({ context }) => context.hasUser,
    isRestoringTo: ({ context, event }, { step }: { step: Step }) => {
      assertEvent(event, 'checkout.restore');
      // Pickup has no address step.
      return context.hasUser && event.step === step && !(step === 3 && event.form.tipoConsegna === 'ritiro');
    },
    isReturningToSummary: ({ context, event }) => {
      assertEvent(event, 'checkout.restore');
      return context.hasUser && context.isEditingSummary && event.step === 6 && detailsAreValid(event.form, context.zones);
    },
    hasDeliveryType: ({ context }) => context.form.tipoConsegna !== null,
    isPickup: ({ context }) => context.form.tipoConsegna === 'ritiro',
    hasAddressChoice: ({ context }) => context.form.addressSelector !== null && context.form.addressSelector >= 0,
    areDetailsValid: ({ context }) => detailsAreValid(context.form, context.zones),
    isEditingSummary: ({ context }) => context.isEditingSummary,
    isDeliveryEdit: ({ event }) => {
      assertEvent(event, 'summary.edit');
      return event.step === 2;
    },
    isKnownAddress: ({ context, event }) => {
      assertEvent(event, 'address.select');
      return event.id === 0 || context.addresses.some((a) => a.id === event.id);
    },
    isPlaced: (_, outcome: OrderOutcome) => outcome.ok,
    isDetailsRefusal: (_, outcome: OrderOutcome) => !outcome.ok && outcome.field !== null && DETAIL_FIELDS.includes(outcome.field),
    isAddressRefusal: (_, outcome: OrderOutcome) => !outcome.ok && outcome.field === 'addressSelector',
    isPickupAddressRefusal: ({ context }, outcome: OrderOutcome) =>
      context.form.tipoConsegna === 'ritiro' && !outcome.ok && outcome.field === 'addressSelector',
  },
  actions: {
    /** Step 6: the cart hears the delivery type and zone (RITIRO-IN-PIZZERIA for pickup, the zone's fee for home delivery). */
    prepareCart: (_, _params: { delivery: DeliveryType | null; zoneId: number | null }) => {
      throw new Error('prepareCart not provided');
    },
    addToCart: (_, _params: { product: Product }) => {
      throw new Error('addToCart not provided');
    },
    applyDiscount: (_, _params: { code: string }) => {
      throw new Error('applyDiscount not provided');
    },
    /** The order is in: empty the cart, go to the confirmation page with the server's message and the order. */
    orderPlaced: (_, _params: ReturnType<typeof placedOrder>) => {
      throw new Error('orderPlaced not provided');
    },
    restore: assign(({ event }) => {
      assertEvent(event, 'checkout.restore');
      return { form: event.form, idempotencyKey: event.idempotencyKey };
    }),
    editSummary: assign({ isEditingSummary: true, errors: {}, message: null }),
    showDetailsErrors: assign({ errors: ({ context }) => detailsErrors(context.form, context.zones) }),
    fillPickupDetails: assign({ form: ({ context }) => formForPickup(context.form, context.addresses, context.userName) }),
    changeField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      const { [event.field as FieldName]: _cleared, ...errors } = context.errors;
      return { form: { ...context.form, [event.field]: event.value }, errors };
    }),
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => ({
    hasUser: false,
    userName: null,
    zones: input.zones,
    createKey: input.createKey,
    form: EMPTY_FORM,
    idempotencyKey: null,
    addresses: [],
    timeslots: [],
    suggestions: [],
    errors: {},
    message: null,
    isEditingSummary: false,
  }),
  on: {
    'session.changed': { actions: assign(({ event }) => ({ hasUser: event.hasUser, userName: event.userName ?? null })) },
    'field.change': { actions: 'changeField' },
  },
  invoke: { id: 'session', src: 'followSession' },
  initial: 'starting',
  states: {
    // Waits for the browser's copy: a reload comes back to the step it left (the user still logged in).
    starting: {
      tags: ['loading'],
      on: { 'checkout.restore': [...restoreTo([2, 3, 4, 5, 6]), { target: 'account', actions: 'restore' }] },
    },
    account: {
      always: { guard: 'hasUser', target: 'delivery' },
    },
    delivery: {
      invoke: {
        id: 'loadPickupDetails',
        src: 'loadAddresses',
        onDone: { actions: assign({ addresses: ({ event }) => event.output }) },
        onError: { actions: assign({ addresses: [] }) },
      },
      on: {
        'checkout.restore': backToSummary,
        'delivery.select': {
          actions: assign(({ context, event }) => ({ form: { ...context.form, tipoConsegna: event.delivery }, errors: {} })),
        },
        'step.next': [
          // Pickup needs only a name and a phone: no address to choose, the last pickup's filled in.
          { guard: 'isPickup', target: 'details', actions: 'fillPickupDetails' },
          { guard: 'hasDeliveryType', target: 'address' },
          { actions: assign({ errors: { tipoConsegna: DELIVERY_REQUIRED } }) },
        ],
      },
    },
    address: {
      initial: 'loading',
      on: {
        'checkout.restore': [...restoreTo([2]), backToSummary],
        'address.select': {
          guard: 'isKnownAddress',
          target: 'details',
          actions: assign({
            form: ({ context, event }) => formWithAddress(context.form, context.addresses, event.id),
            errors: {},
          }),
        },
        'step.next': [
          { guard: 'hasAddressChoice', target: 'details' },
          { actions: assign({ errors: { addressSelector: ADDRESS_REQUIRED } }) },
        ],
      },
      states: {
        loading: {
          tags: ['loading'],
          invoke: {
            id: 'loadAddresses',
            src: 'loadAddresses',
            onDone: { target: 'ready', actions: assign({ addresses: ({ event }) => event.output }) },
            // Nothing to pick from: the customer can still add a new address.
            onError: { target: 'ready', actions: assign({ addresses: [] }) },
          },
        },
        ready: {},
      },
    },
    details: {
      initial: 'loading',
      on: {
        'checkout.restore': [...restoreTo([2, 3]), backToSummary],
        'zone.select': {
          actions: assign({
            form: ({ context, event }) => ({ ...context.form, zonaConsegna: event.zoneId }),
            errors: ({ context }) => ({ ...context.errors, zonaConsegna: undefined }),
          }),
        },
      },
      states: {
        loading: {
          tags: ['loading'],
          invoke: {
            id: 'loadTimeslots',
            src: 'loadTimeslots',
            onDone: { target: 'ready', actions: assign({ timeslots: ({ event }) => event.output }) },
            onError: { target: 'ready', actions: assign({ timeslots: [] }) },
          },
        },
        // 'Prosegui' only once the step is on screen: a press meant for the step before (a double
        // click) never shows this step's errors before the customer has done anything.
        ready: {
          on: {
            'step.next': [
              {
                guard: and(['areDetailsValid', 'isEditingSummary']),
                target: '#checkout.summary',
                actions: assign({ errors: {}, message: null }),
              },
              { guard: 'areDetailsValid', target: '#checkout.upsell', actions: assign({ errors: {}, message: null }) },
              { actions: 'showDetailsErrors' },
            ],
          },
        },
      },
    },
    upsell: {
      initial: 'loading',
      on: {
        'checkout.restore': restoreTo([2, 3, 4]),
        'step.next': 'summary',
        'upsell.add': { actions: { type: 'addToCart', params: ({ event }) => ({ product: event.product }) } },
      },
      states: {
        loading: {
          tags: ['loading'],
          invoke: {
            id: 'loadSuggestions',
            src: 'loadSuggestions',
            onDone: { target: 'ready', actions: assign({ suggestions: ({ event }) => event.output }) },
            onError: { target: 'ready', actions: assign({ suggestions: [] }) },
          },
        },
        ready: {},
      },
    },
    summary: {
      entry: [
        {
          type: 'prepareCart',
          params: ({ context }) => ({
            delivery: context.form.tipoConsegna,
            zoneId: context.form.tipoConsegna === 'consegna' ? context.form.zonaConsegna : null,
          }),
        },
        assign({ isEditingSummary: false }),
      ],
      initial: 'idle',
      states: {
        idle: {
          on: {
            'checkout.restore': restoreTo([2, 3, 4, 5]),
            'discount.apply': { actions: { type: 'applyDiscount', params: ({ event }) => ({ code: event.code }) } },
            // 'Modifica' beside a fact of the summary: back to the step where it is chosen.
            'summary.edit': [
              { guard: 'isDeliveryEdit', target: '#checkout.delivery', actions: 'editSummary' },
              { target: '#checkout.details', actions: 'editSummary' },
            ],
            'order.confirm': {
              target: 'submitting',
              // One key per attempt: created on the first confirm, reused by every retry.
              actions: assign({ idempotencyKey: ({ context }) => context.idempotencyKey ?? context.createKey(), message: null }),
            },
          },
        },
        submitting: {
          tags: ['submitting'],
          invoke: {
            id: 'placeOrder',
            src: 'placeOrder',
            input: ({ context }) => ({ form: context.form, idempotencyKey: context.idempotencyKey! }),
            onDone: [
              {
                guard: { type: 'isPlaced', params: ({ event }) => event.output },
                target: '#checkout.placed',
                actions: [{ type: 'orderPlaced', params: ({ event }) => placedOrder(event.output) }, assign({ idempotencyKey: null })],
              },
              {
                // A full slot or a detail the server refused: back to step 4 (with fresh timeslots).
                guard: { type: 'isDetailsRefusal', params: ({ event }) => event.output },
                target: '#checkout.details',
                actions: assign(({ event }) => refusal(event.output)),
              },
              {
                // A saved pickup contact refused (an old copy of the tab): typed anew at step 4.
                guard: { type: 'isPickupAddressRefusal', params: ({ event }) => event.output },
                target: '#checkout.details',
                actions: assign(({ context, event }) => ({ ...refusal(event.output), form: { ...context.form, addressSelector: 0 } })),
              },
              {
                guard: { type: 'isAddressRefusal', params: ({ event }) => event.output },
                target: '#checkout.address',
                actions: assign(({ event }) => refusal(event.output)),
              },
              // The shop closed meanwhile, the cart changed…: said here, everything kept.
              { target: 'idle', actions: assign({ message: ({ event }) => event.output.message }) },
            ],
            onError: {
              target: 'idle',
              actions: assign({ message: ({ event }) => (event.error instanceof Error ? event.error.message : 'Errore generico') }),
            },
          },
        },
      },
    },
    placed: { type: 'final', description: 'The order is confirmed: the customer sees the confirmation page.' },
  },
});

export type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>;

/** The step on screen; null while the checkout waits for the browser's copy (`starting`). */
export function checkoutStep(snapshot: CheckoutSnapshot): Step | null {
  if (snapshot.matches('placed')) return 6;
  const steps = Object.entries(STEP_STATES) as unknown as [string, (typeof STEP_STATES)[Step]][];
  const found = steps.find(([, state]) => snapshot.matches(state));
  return found ? (Number(found[0]) as Step) : null;
}

/** What the browser keeps (the tab's copy, the history entry); nothing once the order is placed. */
export function savedCheckout(snapshot: CheckoutSnapshot): SavedCheckout | null {
  const step = checkoutStep(snapshot);
  if (snapshot.status === 'done' || step === null) return null;
  const { form, idempotencyKey } = snapshot.context;
  return { step, form, idempotencyKey };
}
