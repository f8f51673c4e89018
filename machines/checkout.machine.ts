import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import {
  ADDRESS_REQUIRED,
  checkoutDetailsErrors,
  DELIVERY_LABELS,
  formatEuro,
  PICKUP_AVAILABLE_NOTE,
  ZONE_NOT_COVERED,
  type CheckoutDetails,
  type CheckoutField,
  type DeliveryType,
} from '../src/domain';
import type { Product, Zone } from './shop.machine';

export interface SavedAddress {
  id: number;
  name: string;
  zoneId: number | null;
  address: string | null;
  telephone: string;
  delivery: DeliveryType;
}

export interface Timeslot {
  /** 'HH:MM' */
  time: string;
  available: boolean;
}

/** What the customer has typed or chosen: the order form (SPEC §3 checkout payload). */
export interface CheckoutForm extends CheckoutDetails {
  /** a saved address id, 0 for a new one, null before step 3 */
  addressSelector: number | null;
}

export type OrderOutcome =
  | { ok: true; message: string }
  /** `field`: the field the server refused (the step that must change), null for the shop being closed and the like */
  | { ok: false; message: string; field: string | null };

export interface PlaceOrderInput {
  form: CheckoutForm;
  idempotencyKey: string;
}

export type Step = 1 | 2 | 3 | 4 | 5 | 6;

/** What survives a reload of the checkout (sessionStorage, through the composition root). */
export interface SavedCheckout {
  step: Step;
  form: CheckoutForm;
  idempotencyKey: string | null;
}

export interface CheckoutInput {
  hasUser: boolean;
  zones: Zone[];
  saved: SavedCheckout | null;
  /** a fresh Idempotency-Key, once per order attempt */
  createKey: () => string;
}

type FieldName = CheckoutField | 'tipoConsegna' | 'addressSelector';

export interface CheckoutContext {
  hasUser: boolean;
  zones: Zone[];
  restoreStep: Step;
  createKey: () => string;
  form: CheckoutForm;
  addresses: SavedAddress[];
  timeslots: Timeslot[];
  suggestions: Product[];
  errors: Partial<Record<FieldName, string>>;
  /** the server's refusal or failure, in its words */
  message: string | null;
  idempotencyKey: string | null;
}

type TextField = 'nomeCitofono' | 'indirizzo' | 'nomeCliente' | 'telefono' | 'fascia' | 'note';

export type CheckoutEvent =
  | { type: 'session.changed'; hasUser: boolean }
  | { type: 'delivery.select'; delivery: DeliveryType }
  | { type: 'address.select'; id: number }
  | { type: 'field.change'; field: TextField; value: string }
  | { type: 'zone.select'; zoneId: number | null }
  | { type: 'upsell.add'; product: Product }
  | { type: 'discount.apply'; code: string }
  | { type: 'step.next' }
  | { type: 'step.back' }
  | { type: 'order.confirm' };

export const EMPTY_FORM: CheckoutForm = {
  tipoConsegna: null,
  addressSelector: null,
  nomeCitofono: '',
  zonaConsegna: null,
  indirizzo: '',
  nomeCliente: '',
  telefono: '',
  fascia: '',
  note: '',
};

const DELIVERY_REQUIRED = 'Il campo tipo di consegna è obbligatorio.';
const DETAIL_FIELDS: readonly string[] = ['nomeCitofono', 'zonaConsegna', 'indirizzo', 'nomeCliente', 'telefono', 'fascia'];

const isStep =
  (step: Step) =>
  ({ context }: { context: CheckoutContext }) =>
    context.hasUser && context.restoreStep === step;

/**
 * The six-step checkout (SPEC §2, §4). The machine owns the step; the page mirrors it in the
 * browser history (`showStep`) so that Back goes to the previous step. Entering step 3 loads the
 * saved addresses, 4 the timeslots, 5 the suggestions, 6 re-prices the cart with the code the
 * delivery type calls for (`prepareCart`). One Idempotency-Key per attempt, kept in context (and
 * across a reload) until the order is placed, so retries never make a second order.
 */
export const checkoutMachine = setup({
  types: {
    input: {} as CheckoutInput,
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    tags: {} as 'loading' | 'submitting',
  },
  actors: {
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
    isAtStep2: isStep(2),
    isAtStep3: isStep(3),
    isAtStep4: isStep(4),
    isAtStep5: isStep(5),
    isAtStep6: isStep(6),
    hasDeliveryType: ({ context }) => context.form.tipoConsegna !== null,
    hasAddressChoice: ({ context }) => context.form.addressSelector !== null && context.form.addressSelector >= 0,
    areDetailsValid: ({ context }) => Object.keys(checkoutDetailsErrors(context.form, context.zones)).length === 0,
    isKnownAddress: ({ context, event }) => {
      assertEvent(event, 'address.select');
      return event.id === 0 || context.addresses.some((a) => a.id === event.id);
    },
    isPlaced: (_, outcome: OrderOutcome) => outcome.ok,
    isDetailsRefusal: (_, outcome: OrderOutcome) => !outcome.ok && outcome.field !== null && DETAIL_FIELDS.includes(outcome.field),
    isAddressRefusal: (_, outcome: OrderOutcome) => !outcome.ok && outcome.field === 'addressSelector',
  },
  actions: {
    /** Mirrors the step in the browser history (Back goes to the previous step). */
    showStep: (_, _params: { step: Step }) => {
      throw new Error('showStep not provided');
    },
    /** Step 6: the cart re-priced, with RITIRO-IN-PIZZERIA for pickup and without it otherwise. */
    prepareCart: (_, _params: { delivery: DeliveryType | null }) => {
      throw new Error('prepareCart not provided');
    },
    addToCart: (_, _params: { product: Product }) => {
      throw new Error('addToCart not provided');
    },
    applyDiscount: (_, _params: { code: string }) => {
      throw new Error('applyDiscount not provided');
    },
    /** The order is in: empty the cart, go to the confirmation page with the server's message. */
    orderPlaced: (_, _params: { message: string }) => {
      throw new Error('orderPlaced not provided');
    },
    changeField: assign({
      form: ({ context, event }) => {
        assertEvent(event, 'field.change');
        return { ...context.form, [event.field]: event.value };
      },
      errors: ({ context, event }) => {
        assertEvent(event, 'field.change');
        const { [event.field as FieldName]: _cleared, ...rest } = context.errors;
        return rest;
      },
    }),
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => ({
    hasUser: input.hasUser,
    zones: input.zones,
    createKey: input.createKey,
    restoreStep: input.saved?.step ?? 1,
    form: input.saved?.form ?? EMPTY_FORM,
    idempotencyKey: input.saved?.idempotencyKey ?? null,
    addresses: [],
    timeslots: [],
    suggestions: [],
    errors: {},
    message: null,
  }),
  on: {
    'session.changed': { actions: assign({ hasUser: ({ event }) => event.hasUser }) },
    'field.change': { actions: 'changeField' },
  },
  initial: 'starting',
  states: {
    // A reload comes back to the step it left (the user still logged in).
    starting: {
      always: [
        { guard: 'isAtStep6', target: 'summary' },
        { guard: 'isAtStep5', target: 'upsell' },
        { guard: 'isAtStep4', target: 'details' },
        { guard: 'isAtStep3', target: 'address' },
        { guard: 'isAtStep2', target: 'delivery' },
        { target: 'account' },
      ],
    },
    account: {
      entry: { type: 'showStep', params: { step: 1 } },
      always: { guard: 'hasUser', target: 'delivery' },
    },
    delivery: {
      entry: { type: 'showStep', params: { step: 2 } },
      on: {
        'delivery.select': {
          actions: assign({
            form: ({ context, event }) => ({ ...context.form, tipoConsegna: event.delivery }),
            errors: {},
          }),
        },
        'step.next': [
          { guard: 'hasDeliveryType', target: 'address' },
          { actions: assign({ errors: { tipoConsegna: DELIVERY_REQUIRED } }) },
        ],
      },
    },
    address: {
      entry: { type: 'showStep', params: { step: 3 } },
      initial: 'loading',
      on: {
        'step.back': 'delivery',
        'address.select': {
          guard: 'isKnownAddress',
          target: 'details',
          actions: assign({
            form: ({ context, event }) => {
              const saved = context.addresses.find((a) => a.id === event.id);
              if (!saved) return { ...context.form, addressSelector: 0 };
              const name = context.form.tipoConsegna === 'consegna' ? { nomeCitofono: saved.name } : { nomeCliente: saved.name };
              return {
                ...context.form,
                ...name,
                addressSelector: saved.id,
                zonaConsegna: saved.zoneId,
                indirizzo: saved.address ?? '',
                telefono: saved.telephone,
              };
            },
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
      entry: { type: 'showStep', params: { step: 4 } },
      initial: 'loading',
      on: {
        'step.back': 'address',
        'zone.select': {
          actions: assign({
            form: ({ context, event }) => ({ ...context.form, zonaConsegna: event.zoneId }),
            errors: ({ context }) => ({ ...context.errors, zonaConsegna: undefined }),
          }),
        },
        'step.next': [
          { guard: 'areDetailsValid', target: 'upsell', actions: assign({ errors: {}, message: null }) },
          { actions: assign({ errors: ({ context }) => checkoutDetailsErrors(context.form, context.zones) }) },
        ],
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
        ready: {},
      },
    },
    upsell: {
      entry: { type: 'showStep', params: { step: 5 } },
      initial: 'loading',
      on: {
        'step.back': 'details',
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
        { type: 'showStep', params: { step: 6 } },
        { type: 'prepareCart', params: ({ context }) => ({ delivery: context.form.tipoConsegna }) },
      ],
      initial: 'idle',
      states: {
        idle: {
          on: {
            'step.back': '#checkout.upsell',
            'discount.apply': { actions: { type: 'applyDiscount', params: ({ event }) => ({ code: event.code }) } },
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
                actions: [
                  { type: 'orderPlaced', params: ({ event }) => ({ message: event.output.message }) },
                  assign({ idempotencyKey: null }),
                ],
              },
              {
                // A full slot or a detail the server refused: back to step 4 (with fresh timeslots).
                guard: { type: 'isDetailsRefusal', params: ({ event }) => event.output },
                target: '#checkout.details',
                actions: assign(({ event }) => refusal(event.output)),
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
    placed: { type: 'final' },
  },
});

function refusal(outcome: OrderOutcome): Pick<CheckoutContext, 'message' | 'errors'> {
  const field = outcome.ok ? null : (outcome.field as FieldName | null);
  return { message: outcome.message, errors: field ? { [field]: outcome.message } : {} };
}

export type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>;

const STEP_STATES: [string, Step][] = [
  ['account', 1],
  ['delivery', 2],
  ['address', 3],
  ['details', 4],
  ['upsell', 5],
  ['summary', 6],
  ['placed', 6],
];

/** The step on screen. */
export function checkoutStep(snapshot: CheckoutSnapshot): Step {
  return STEP_STATES.find(([state]) => snapshot.matches(state as never))?.[1] ?? 1;
}

/** What a reload should bring back; nothing once the order is placed. */
export function savedCheckout(snapshot: CheckoutSnapshot): SavedCheckout | null {
  if (snapshot.status === 'done') return null;
  const { form, idempotencyKey } = snapshot.context;
  return { step: checkoutStep(snapshot), form, idempotencyKey };
}

export const STEP_TITLES: Record<Step, string> = {
  1: 'Accedi o registrati',
  2: 'Consegna o ritiro',
  3: 'Indirizzo',
  4: 'Dettagli',
  5: 'Ti consigliamo anche',
  6: 'Riepilogo',
};

/** What each step shows and the handlers it calls. */
export function connectCheckout(snapshot: CheckoutSnapshot, send: (event: CheckoutEvent) => void) {
  const { context } = snapshot;
  const step = checkoutStep(snapshot);
  const { form, errors } = context;
  const isPickup = form.tipoConsegna === 'ritiro';
  const isSubmitting = snapshot.hasTag('submitting');
  const field = (name: TextField, label: string) => ({
    label,
    value: form[name],
    errorMessage: errors[name as FieldName] ?? null,
    isInvalid: Boolean(errors[name as FieldName]),
    onChange: (value: string) => send({ type: 'field.change', field: name, value }),
  });
  return {
    step,
    title: STEP_TITLES[step],
    stepLabel: `Passo ${step} di 6`,
    isLoading: snapshot.hasTag('loading'),
    message: context.message,
    nextButton: step >= 2 && step <= 5 ? { label: 'Prosegui', onPress: () => send({ type: 'step.next' }) } : null,
    /** 'Indietro' from step 3: the page goes back in the history, which sends `step.back` */
    hasBackButton: step >= 3 && !isSubmitting,
    onHistoryBack: () => send({ type: 'step.back' }),
    delivery:
      step === 2
        ? {
            label: 'Come vuoi ricevere il tuo ordine?',
            value: form.tipoConsegna,
            options: (['consegna', 'ritiro'] as const).map((value) => ({
              value,
              label: DELIVERY_LABELS[value],
            })),
            errorMessage: errors.tipoConsegna ?? null,
            onChange: (value: string) => send({ type: 'delivery.select', delivery: value === 'ritiro' ? 'ritiro' : 'consegna' }),
          }
        : null,
    address:
      step === 3
        ? {
            saved: context.addresses
              .filter((a) => a.delivery === form.tipoConsegna)
              .map((a) => ({
                id: a.id,
                label: [a.name, a.address, a.telephone].filter(Boolean).join(' — '),
                onPress: () => send({ type: 'address.select', id: a.id }),
              })),
            newButton: { label: 'Aggiungi un nuovo indirizzo', onPress: () => send({ type: 'address.select', id: 0 }) },
            errorMessage: errors.addressSelector ?? null,
          }
        : null,
    details:
      step === 4
        ? {
            isPickup,
            nomeCitofono: isPickup ? null : field('nomeCitofono', 'Nome sul citofono'),
            indirizzo: isPickup ? null : field('indirizzo', 'Indirizzo'),
            nomeCliente: isPickup ? field('nomeCliente', 'Nome') : null,
            zone: isPickup
              ? null
              : {
                  label: 'Zona di consegna',
                  value: form.zonaConsegna,
                  options: context.zones.map((z) => ({ id: z.id, name: z.name })),
                  errorMessage: errors.zonaConsegna ?? null,
                  note: errors.zonaConsegna === ZONE_NOT_COVERED ? PICKUP_AVAILABLE_NOTE : null,
                  onChange: (zoneId: number | null) => send({ type: 'zone.select', zoneId }),
                },
            telefono: field('telefono', 'Telefono'),
            note: field('note', 'Note'),
            fascia: {
              label: 'Fascia oraria',
              value: form.fascia,
              options: context.timeslots.map((t) => ({ value: t.time, label: t.time, isDisabled: !t.available })),
              errorMessage: errors.fascia ?? null,
              onChange: (value: string) => send({ type: 'field.change', field: 'fascia', value }),
            },
          }
        : null,
    upsell:
      step === 5
        ? context.suggestions.map((product) => ({
            id: product.id,
            name: product.name,
            description: product.description,
            imageUrl: product.image_url,
            price: formatEuro(product.priceCents),
            addButton: { label: `Aggiungi ${product.name}`, onPress: () => send({ type: 'upsell.add', product }) },
          }))
        : null,
    summary:
      step === 6
        ? {
            deliveryLabel: DELIVERY_LABELS[isPickup ? 'ritiro' : 'consegna'],
            /** the code field is hidden for pickup (RITIRO-IN-PIZZERIA is applied by itself) */
            showsDiscountField: !isPickup,
            onApplyDiscount: (code: string) => send({ type: 'discount.apply', code }),
            confirmButton: {
              label: 'Conferma ordine',
              isDisabled: isSubmitting,
              onPress: () => send({ type: 'order.confirm' }),
            },
            isSubmitting,
          }
        : null,
  };
}

export type CheckoutView = ReturnType<typeof connectCheckout>;
