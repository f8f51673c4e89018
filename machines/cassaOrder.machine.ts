import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import {
  defaultDeliveryTime,
  CASSA_DELIVERY_LABELS,
  formatEuro,
  formatTime,
  freeItems,
  PAYMENT_LABELS,
  searchProducts,
  suggestClients,
  toMinutes,
  type DeliveryType,
  type PaymentType,
} from '../src/domain';
import type { CartLine } from './cart.machine';
import type { Category, Product, Zone } from './shop.machine';

/** A client of the cassa's address book. */
export interface CassaClient {
  id: number;
  name: string;
  address: string | null;
  telephone: string | null;
  zoneId: number | null;
}

/** The shop's date and time now (Europe/Rome), as the server's clock says. */
export interface ShopNow {
  date: string;
  time: string;
}

/** What the cassa loads once: the address book, the zones and the whole catalogue (hidden items too). */
export interface CassaCatalog {
  clients: CassaClient[];
  zones: Zone[];
  categories: Category[];
  products: Product[];
  /** the server's clock, read again whenever a new order starts */
  now: () => ShopNow;
}

export interface CassaOrderForm {
  /** 0: a name typed by hand, a client the server will add */
  clientId: number;
  name: string;
  zoneId: number | null;
  address: string;
  telephone: string;
  delivery: DeliveryType;
  paymentType: PaymentType;
  hour: number;
  minute: number;
  date: string;
  note: string;
}

/** The order being edited, as it was loaded. */
export interface OpenedOrder {
  id: number;
  orderNum: number;
  /** the version the edit is based on: a save after another cash desk's is refused */
  version: number;
  /** the registered customer who placed it online, if any */
  user: { id: number; name: string } | null;
  nomeCitofono: string | null;
  form: CassaOrderForm;
  lines: CartLine[];
  code: string | null;
}

export type LoadOrderOutcome = { ok: true; order: OpenedOrder } | { ok: false; message: string };

export interface SaveOrderInput {
  form: CassaOrderForm;
  /** null: a new order */
  order: Pick<OpenedOrder, 'id' | 'version' | 'user' | 'nomeCitofono'> | null;
  /** a new order's key: a second confirm of the same order returns the first */
  idempotencyKey: string | null;
}

export type SaveOrderOutcome =
  | { ok: true; message: string; client: CassaClient | null }
  /** 'stale': another cash desk saved the order first; 'refused': the server named what is wrong */
  | { ok: false; reason: 'stale' | 'refused'; message: string; errors: Record<string, string> };

export interface CassaOrderInput {
  /** the order the URL names, or null for a new one */
  orderId: number | null;
  createKey: () => string;
}

export interface CassaOrderContext {
  createKey: () => string;
  catalog: CassaCatalog | null;
  /** the order the URL names (the URL owns it; the machine follows) */
  orderId: number | null;
  opened: OpenedOrder | null;
  form: CassaOrderForm;
  productQuery: string;
  idempotencyKey: string | null;
  /** the last save's outcome, or why an order could not be opened */
  message: string | null;
  isError: boolean;
  errors: Record<string, string>;
}

type TextField = 'address' | 'telephone' | 'note' | 'date';

export type CassaOrderEvent =
  | { type: 'init.retry' }
  | { type: 'order.select'; id: number }
  | { type: 'order.clear' }
  | { type: 'order.confirm' }
  | { type: 'client.focus' }
  | { type: 'client.blur' }
  | { type: 'client.query'; text: string }
  | { type: 'client.pick'; id: number }
  | { type: 'zone.select'; zoneId: number | null }
  | { type: 'field.change'; field: TextField; value: string }
  | { type: 'hour.change'; hour: number }
  | { type: 'minute.change'; minute: number }
  | { type: 'delivery.change'; delivery: DeliveryType }
  | { type: 'payment.change'; paymentType: PaymentType }
  | { type: 'product.focus' }
  | { type: 'product.blur' }
  | { type: 'product.query'; text: string }
  | { type: 'product.add'; productId: number }
  | { type: 'freeItem.add'; productId: number };

/** A new order's form: delivery at home, cash, today at the first sensible time from now. */
export function newOrderForm(now: ShopNow): CassaOrderForm {
  const minutes = toMinutes(defaultDeliveryTime(now.time));
  return {
    clientId: 0,
    name: '',
    zoneId: null,
    address: '',
    telephone: '',
    delivery: 'consegna',
    paymentType: 'Contanti',
    hour: Math.floor(minutes / 60),
    minute: minutes % 60,
    date: now.date,
    note: '',
  };
}

const BLANK_FORM = newOrderForm({ date: '', time: '00:00' });

const categoryIds = (catalog: CassaCatalog) => new Set(catalog.categories.map((c) => c.id));
const productIn = (list: readonly Product[], id: number) => list.find((p) => p.id === id);
/** The product a search picked, as the cart takes it. */
const pickedProduct = ({ context, event }: { context: CassaOrderContext; event: CassaOrderEvent }) => {
  assertEvent(event, 'product.add');
  return { product: productIn(context.catalog!.products, event.productId)! };
};

/**
 * The cassa's add/edit widget: a phone order typed from the first letter of the name to 'Conferma
 * ordine', or an order of the list (the URL names it) loaded, changed and saved. The cart is another
 * actor (the cassa's own cart machine): lines go to it through provided actions and the save reads
 * it at the edge. The two suggestion popups close a moment after focus leaves (so a click on a
 * suggestion lands) and the product popup comes back after an item is added, for the next one.
 */
export const cassaOrderMachine = setup({
  types: {
    input: {} as CassaOrderInput,
    context: {} as CassaOrderContext,
    events: {} as CassaOrderEvent,
    tags: {} as 'loading' | 'saving' | 'failed',
  },
  actors: {
    loadCatalog: fromPromise<CassaCatalog>(async () => {
      throw new Error('loadCatalog not provided');
    }),
    loadOrder: fromPromise<LoadOrderOutcome, { id: number }>(async () => {
      throw new Error('loadOrder not provided');
    }),
    saveOrder: fromPromise<SaveOrderOutcome, SaveOrderInput>(async () => {
      throw new Error('saveOrder not provided');
    }),
  },
  guards: {
    hasOrderId: ({ context }) => context.orderId !== null,
    isNewOrder: ({ context }) => context.opened === null,
    isOpenedOrder: ({ context }) => context.opened !== null,
    isKnownClient: ({ context, event }) => {
      assertEvent(event, 'client.pick');
      return context.catalog!.clients.some((c) => c.id === event.id);
    },
    isKnownZone: ({ context, event }) => {
      assertEvent(event, 'zone.select');
      return event.zoneId === null || context.catalog!.zones.some((z) => z.id === event.zoneId);
    },
    isHour: ({ event }) => {
      assertEvent(event, 'hour.change');
      return Number.isInteger(event.hour) && event.hour >= 0 && event.hour <= 23;
    },
    isMinute: ({ event }) => {
      assertEvent(event, 'minute.change');
      return Number.isInteger(event.minute) && event.minute >= 0 && event.minute <= 59;
    },
    isSearchable: ({ context, event }) => {
      assertEvent(event, 'product.add');
      const catalog = context.catalog!;
      return productIn(searchProducts(catalog.products, categoryIds(catalog), ''), event.productId) !== undefined;
    },
    isFreeItem: ({ context, event }) => {
      assertEvent(event, 'freeItem.add');
      return productIn(freeItems(context.catalog!.products), event.productId) !== undefined;
    },
    isOpened: (_, outcome: LoadOrderOutcome) => outcome.ok,
    /** The URL now names another order than the one on screen (or none). */
    hasUrlMoved: ({ context }) => context.orderId !== (context.opened?.id ?? null),
    isSaved: (_, outcome: SaveOrderOutcome) => outcome.ok,
    isStale: (_, outcome: SaveOrderOutcome) => !outcome.ok && outcome.reason === 'stale',
  },
  actions: {
    /** The cart takes the opened order's lines and code, and is priced. */
    loadCart: (_, _params: { lines: CartLine[]; code: string | null }) => {
      throw new Error('loadCart not provided');
    },
    emptyCart: () => {
      throw new Error('emptyCart not provided');
    },
    addToCart: (_, _params: { product: Product }) => {
      throw new Error('addToCart not provided');
    },
    /** RITIRO-IN-PIZZERIA follows the delivery type (set for pickup, cleared for home delivery). */
    syncDeliveryCode: (_, _params: { delivery: DeliveryType }) => {
      throw new Error('syncDeliveryCode not provided');
    },
    /** The day's list loads again (it shows the order just saved). */
    ordersChanged: () => {
      throw new Error('ordersChanged not provided');
    },
    /** The URL names this order, or none (after an update the list comes back). */
    showOrder: (_, _params: { id: number | null }) => {
      throw new Error('showOrder not provided');
    },
    clearProductQuery: assign({ productQuery: '' }),
    startNewOrder: assign(({ context }) => ({
      opened: null,
      form: newOrderForm(context.catalog!.now()),
      idempotencyKey: null,
      errors: {},
      productQuery: '',
    })),
    /** A save went through: its message shows, and a new client is suggested from the next order on. */
    rememberSaved: assign(({ context }, outcome: SaveOrderOutcome) => {
      const catalog = context.catalog!;
      const client = outcome.ok ? outcome.client : null;
      const known = client === null || catalog.clients.some((c) => c.id === client.id);
      return {
        message: outcome.ok ? outcome.message : null,
        isError: false,
        catalog: known ? catalog : { ...catalog, clients: [...catalog.clients, client] },
        // An update clears the selection; after a new order the URL keeps what it names (none, or
        // an order clicked while this one was saving).
        orderId: context.opened ? null : context.orderId,
      };
    }),
    rememberRefusal: assign((_, outcome: SaveOrderOutcome) => ({
      message: outcome.ok ? null : outcome.message,
      isError: true,
      errors: outcome.ok ? {} : outcome.errors,
    })),
    changeForm: assign({
      form: ({ context, event }) => {
        switch (event.type) {
          case 'client.query':
            return { ...context.form, name: event.text, clientId: 0 };
          case 'zone.select':
            return { ...context.form, zoneId: event.zoneId };
          case 'field.change':
            return { ...context.form, [event.field]: event.value };
          case 'hour.change':
            return { ...context.form, hour: event.hour };
          case 'minute.change':
            return { ...context.form, minute: event.minute };
          case 'payment.change':
            return { ...context.form, paymentType: event.paymentType };
          case 'delivery.change':
            return { ...context.form, delivery: event.delivery };
          default:
            return context.form;
        }
      },
      errors: {},
    }),
  },
  delays: { SUGGEST_CLOSE: 200, SUGGEST_REOPEN: 300 },
}).createMachine({
  id: 'cassaOrder',
  context: ({ input }) => ({
    createKey: input.createKey,
    catalog: null,
    orderId: input.orderId,
    opened: null,
    form: BLANK_FORM,
    productQuery: '',
    idempotencyKey: null,
    message: null,
    isError: false,
    errors: {},
  }),
  initial: 'loading',
  on: {
    // The URL names another order, or none; a state busy with something else follows it when done.
    'order.select': { actions: assign({ orderId: ({ event }) => event.id }) },
    'order.clear': { actions: assign({ orderId: null }) },
  },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadCatalog',
        src: 'loadCatalog',
        onDone: { target: 'ready', actions: [assign({ catalog: ({ event }) => event.output }), 'startNewOrder'] },
        onError: 'failed',
      },
    },
    failed: {
      tags: ['failed'],
      on: { 'init.retry': 'loading' },
    },
    ready: {
      type: 'parallel',
      states: {
        order: {
          initial: 'choosing',
          states: {
            /** Which order the URL names decides what the widget shows. */
            choosing: {
              always: [
                { guard: 'hasOrderId', target: 'opening' },
                // The URL names no order any more: the one on screen makes room for a new one.
                { guard: 'isOpenedOrder', target: 'editing', actions: ['startNewOrder', 'emptyCart'] },
                { target: 'editing' },
              ],
            },
            opening: {
              tags: ['loading'],
              on: {
                'order.select': { target: 'opening', reenter: true, actions: assign({ orderId: ({ event }) => event.id }) },
                'order.clear': { target: 'editing', actions: [assign({ orderId: null, message: null }), 'startNewOrder', 'emptyCart'] },
              },
              invoke: {
                id: 'loadOrder',
                src: 'loadOrder',
                input: ({ context }) => ({ id: context.orderId! }),
                onDone: [
                  {
                    guard: { type: 'isOpened', params: ({ event }) => event.output },
                    target: 'editing',
                    actions: [
                      assign(({ event }) => {
                        const { order } = event.output as Extract<LoadOrderOutcome, { ok: true }>;
                        return { opened: order, form: order.form, errors: {}, idempotencyKey: null, productQuery: '' };
                      }),
                      {
                        type: 'loadCart',
                        params: ({ event }) => {
                          const { order } = event.output as Extract<LoadOrderOutcome, { ok: true }>;
                          return { lines: order.lines, code: order.code };
                        },
                      },
                    ],
                  },
                  {
                    // Gone, or never editable (an external platform's order): a new order instead.
                    target: 'editing',
                    actions: [
                      assign({ message: ({ event }) => (event.output.ok ? null : event.output.message), isError: true }),
                      'startNewOrder',
                      'emptyCart',
                      { type: 'showOrder', params: { id: null } },
                    ],
                  },
                ],
                onError: {
                  target: 'editing',
                  actions: [
                    assign({ message: ({ event }) => errorText(event.error), isError: true }),
                    'startNewOrder',
                    'emptyCart',
                    { type: 'showOrder', params: { id: null } },
                  ],
                },
              },
            },
            editing: {
              on: {
                'order.select': { target: 'opening', actions: assign({ orderId: ({ event }) => event.id, message: null }) },
                'order.clear': {
                  guard: 'isOpenedOrder',
                  actions: [assign({ orderId: null, message: null }), 'startNewOrder', 'emptyCart'],
                },
                'client.query': { guard: 'isNewOrder', actions: 'changeForm' },
                'client.pick': {
                  guard: 'isKnownClient',
                  actions: [
                    assign({
                      form: ({ context, event }) => {
                        const client = context.catalog!.clients.find((c) => c.id === event.id)!;
                        return {
                          ...context.form,
                          clientId: client.id,
                          name: client.name,
                          address: client.address ?? '',
                          zoneId: client.zoneId,
                          telephone: client.telephone ?? '',
                          delivery: 'consegna',
                          paymentType: 'Contanti',
                        };
                      },
                      errors: {},
                    }),
                    { type: 'syncDeliveryCode', params: { delivery: 'consegna' } },
                  ],
                },
                'zone.select': { guard: 'isKnownZone', actions: 'changeForm' },
                'field.change': { actions: 'changeForm' },
                'hour.change': { guard: 'isHour', actions: 'changeForm' },
                'minute.change': { guard: 'isMinute', actions: 'changeForm' },
                'payment.change': { actions: 'changeForm' },
                'delivery.change': {
                  actions: ['changeForm', { type: 'syncDeliveryCode', params: ({ event }) => ({ delivery: event.delivery }) }],
                },
                'freeItem.add': {
                  guard: 'isFreeItem',
                  actions: {
                    type: 'addToCart',
                    params: ({ context, event }) => ({ product: productIn(context.catalog!.products, event.productId)! }),
                  },
                },
                'order.confirm': {
                  target: 'saving',
                  // One key per new order, kept by every retry of it: a second press finds the first order.
                  actions: assign({
                    idempotencyKey: ({ context }) => (context.opened ? null : (context.idempotencyKey ?? context.createKey())),
                    message: null,
                    errors: {},
                  }),
                },
              },
            },
            saving: {
              tags: ['saving'],
              invoke: {
                id: 'saveOrder',
                src: 'saveOrder',
                input: ({ context }) => ({
                  form: context.form,
                  order: context.opened && {
                    id: context.opened.id,
                    version: context.opened.version,
                    user: context.opened.user,
                    nomeCitofono: context.opened.nomeCitofono,
                  },
                  idempotencyKey: context.idempotencyKey,
                }),
                onDone: [
                  {
                    guard: { type: 'isSaved', params: ({ event }) => event.output },
                    target: 'choosing',
                    actions: [
                      { type: 'rememberSaved', params: ({ event }) => event.output },
                      'startNewOrder',
                      'emptyCart',
                      'ordersChanged',
                      { type: 'showOrder', params: ({ context }) => ({ id: context.orderId }) },
                    ],
                  },
                  {
                    // The URL moved on while the order was saving: the widget follows it, the reason stays.
                    guard: 'hasUrlMoved',
                    target: 'choosing',
                    actions: { type: 'rememberRefusal', params: ({ event }) => event.output },
                  },
                  {
                    // Another cash desk saved it first: nothing was written; the order as it is now comes back.
                    guard: { type: 'isStale', params: ({ event }) => event.output },
                    target: 'opening',
                    actions: { type: 'rememberRefusal', params: ({ event }) => event.output },
                  },
                  // The cashier's form stays as typed, with the server's reasons under the fields.
                  { target: 'editing', actions: { type: 'rememberRefusal', params: ({ event }) => event.output } },
                ],
                onError: [
                  {
                    guard: 'hasUrlMoved',
                    target: 'choosing',
                    actions: assign({ message: ({ event }) => errorText(event.error), isError: true }),
                  },
                  // Nothing is lost: the same confirm, with the same key, can be pressed again.
                  { target: 'editing', actions: assign({ message: ({ event }) => errorText(event.error), isError: true }) },
                ],
              },
            },
          },
        },
        /** The name box's popup: open while it has focus, closed 200 ms after focus leaves or on a pick. */
        clientSuggestions: {
          initial: 'closed',
          on: { 'client.query': '.open', 'client.pick': '.closed' },
          states: {
            closed: { on: { 'client.focus': 'open' } },
            open: { on: { 'client.blur': 'closing' } },
            closing: {
              on: { 'client.focus': 'open' },
              after: { SUGGEST_CLOSE: 'closed' },
            },
          },
        },
        productSuggestions: {
          initial: 'closed',
          on: {
            'product.query': { target: '.open', actions: assign({ productQuery: ({ event }) => event.text }) },
            // 'Aggiungi' takes the focus from the box first (the popup is closing or closed): the item
            // goes in all the same, and the popup stays shut while the box has no focus.
            'product.add': {
              guard: 'isSearchable',
              target: '.closed',
              actions: [{ type: 'addToCart', params: pickedProduct }, 'clearProductQuery'],
            },
          },
          states: {
            closed: { on: { 'product.focus': 'open' } },
            open: {
              on: {
                'product.blur': 'closing',
                'product.add': {
                  guard: 'isSearchable',
                  target: 'reopening',
                  actions: [{ type: 'addToCart', params: pickedProduct }, 'clearProductQuery'],
                },
              },
            },
            closing: {
              on: { 'product.focus': 'open' },
              after: { SUGGEST_CLOSE: 'closed' },
            },
            /** An item was just added: the list comes back for the next one. */
            reopening: {
              on: { 'product.blur': 'closed' },
              after: { SUGGEST_REOPEN: 'open' },
            },
          },
        },
      },
    },
  },
});

const errorText = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Errore generico');

export type CassaOrderSnapshot = SnapshotFrom<typeof cassaOrderMachine>;

export const NEW_CLIENT_NOTE = 'Nuovo cliente - Verrà aggiunto';
const ZONE_PLACEHOLDER = '-- Seleziona zona --';

/** The server's field names, as the widget's fields show them. */
const FIELD_ERRORS = {
  name: 'nomeCliente',
  zone: 'zone_id',
  address: 'indirizzo',
  telephone: 'telefono',
  time: 'fascia',
  date: 'delivery_date',
  note: 'note',
} as const;
const FIELD_ERROR_KEYS: readonly string[] = Object.values(FIELD_ERRORS);

/** The add/edit widget: what it shows and the handlers it calls; pure, so path tests assert it. */
/** What the widget needs to know of the cassa's cart (another actor). */
export interface CartFacts {
  isEmpty: boolean;
  isPricing: boolean;
}

export function connectCassaOrder(
  snapshot: CassaOrderSnapshot,
  send: (event: CassaOrderEvent) => void,
  cart: CartFacts = { isEmpty: false, isPricing: false },
) {
  const { catalog, form, opened, message, isError, errors, productQuery } = snapshot.context;
  const isNew = opened === null;
  const isEditable = snapshot.matches({ ready: { order: 'editing' } });
  const isSaving = snapshot.hasTag('saving');
  const clientPopup = snapshot.matches({ ready: { clientSuggestions: 'closed' } }) ? 'closed' : 'open';
  const productPopupOpen =
    snapshot.matches({ ready: { productSuggestions: 'open' } }) || snapshot.matches({ ready: { productSuggestions: 'closing' } });
  const fieldError = (name: keyof typeof FIELD_ERRORS) => errors[FIELD_ERRORS[name]] ?? null;
  const products = catalog ? searchProducts(catalog.products, categoryIds(catalog), productQuery) : [];
  const clientSuggestions =
    catalog && isNew
      ? suggestClients(catalog.clients, form.name).map((c) => ({
          id: c.id,
          name: c.name,
          detail: [c.address, c.telephone].filter(Boolean).join(' · '),
        }))
      : [];
  const field = (name: TextField) => ({
    value: form[name],
    isDisabled: !isEditable,
    onChange: (value: string) => send({ type: 'field.change', field: name, value }),
  });
  return {
    isLoading: snapshot.hasTag('loading'),
    isSaving,
    failure: snapshot.hasTag('failed') ? 'Non è stato possibile caricare clienti e prodotti.' : null,
    retryButton: { label: 'Riprova', onPress: () => send({ type: 'init.retry' }) },
    title: isNew ? 'Aggiungi ordine' : 'Modifica ordine',
    orderNumber: opened ? `Ordine numero #${opened.orderNum}` : null,
    message: message && { text: message, isError },
    /** what the server refused that no field shows (an empty cart, a product gone…) */
    otherErrors: Object.entries(errors)
      .filter(([key]) => !FIELD_ERROR_KEYS.includes(key))
      .map(([, text]) => text),
    client: {
      value: form.name,
      isDisabled: !isNew || !isEditable,
      error: fieldError('name'),
      isOpen: isNew && isEditable && clientPopup === 'open' && clientSuggestions.length > 0,
      suggestions: clientSuggestions,
      newClientNote: isNew && form.clientId === 0 && form.name.trim() !== '' ? NEW_CLIENT_NOTE : null,
      userNote: opened?.user ? `Ordine online del cliente registrato ${opened.user.name} (id ${opened.user.id})` : null,
      onChange: (text: string) => send({ type: 'client.query', text }),
      onFocus: () => send({ type: 'client.focus' }),
      onBlur: () => send({ type: 'client.blur' }),
      onPick: (id: number) => send({ type: 'client.pick', id }),
    },
    zone: {
      value: form.zoneId === null ? '' : String(form.zoneId),
      isDisabled: !isEditable,
      error: fieldError('zone'),
      options: [{ value: '', label: ZONE_PLACEHOLDER }, ...(catalog?.zones ?? []).map((z) => ({ value: String(z.id), label: z.name }))],
      onChange: (value: string) => send({ type: 'zone.select', zoneId: value === '' ? null : Number(value) }),
    },
    address: { ...field('address'), error: fieldError('address') },
    telephone: { ...field('telephone'), error: fieldError('telephone') },
    note: { ...field('note'), error: fieldError('note') },
    delivery: {
      value: form.delivery,
      isDisabled: !isEditable,
      options: (['consegna', 'ritiro'] as const).map((value) => ({ value, label: CASSA_DELIVERY_LABELS[value] })),
      onChange: (value: string) => send({ type: 'delivery.change', delivery: value as DeliveryType }),
    },
    payment: {
      value: form.paymentType,
      isDisabled: !isEditable,
      options: (['Contanti', 'Carta di credito'] as const).map((value) => ({ value, label: PAYMENT_LABELS[value] })),
      onChange: (value: string) => send({ type: 'payment.change', paymentType: value as PaymentType }),
    },
    time: {
      hour: { value: form.hour, isDisabled: !isEditable, onChange: (hour: number) => send({ type: 'hour.change', hour }) },
      minute: { value: form.minute, isDisabled: !isEditable, onChange: (minute: number) => send({ type: 'minute.change', minute }) },
      date: { ...field('date'), error: fieldError('date') },
      summary: formatTime(form.hour, form.minute),
      error: fieldError('time'),
    },
    productSearch: {
      value: productQuery,
      isDisabled: !isEditable,
      isOpen: isEditable && productPopupOpen,
      results: products.map((p) => ({ id: p.id, name: p.name, price: formatEuro(p.priceCents) })),
      emptyMessage: products.length === 0 ? 'Nessun prodotto trovato.' : null,
      onChange: (text: string) => send({ type: 'product.query', text }),
      onFocus: () => send({ type: 'product.focus' }),
      onBlur: () => send({ type: 'product.blur' }),
      onAdd: (productId: number) => send({ type: 'product.add', productId }),
      /** 'Aggiungi': the first product the text finds */
      addButton: {
        isDisabled: !isEditable || products.length === 0 || productQuery.trim() === '',
        onPress: () => products[0] && send({ type: 'product.add', productId: products[0].id }),
      },
    },
    freeItems: {
      isDisabled: !isEditable,
      options: catalog ? freeItems(catalog.products).map((p) => ({ id: p.id, name: p.name })) : [],
      onAdd: (productId: number) => send({ type: 'freeItem.add', productId }),
    },
    /** The product a cart line was made of (the staff dialog reopens it), if it is still in the catalogue. */
    catalogProduct: (id: number) => catalog?.products.find((p) => p.id === id) ?? null,
    confirmButton: {
      label: isSaving ? 'Salvataggio...' : isNew ? 'Conferma ordine' : 'Modifica ordine',
      // An empty cart has nothing to confirm (and a double press after a save finds it empty);
      // a cart being priced has no final total yet.
      isDisabled: !snapshot.can({ type: 'order.confirm' }) || cart.isEmpty || cart.isPricing,
      onPress: () => send({ type: 'order.confirm' }),
    },
  };
}

export type CassaOrderView = ReturnType<typeof connectCassaOrder>;
