import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { discountCodeForDelivery, isSameLineKey, MIN_QUANTITY, type Cents, type DeliveryType, type LineKey } from '../src/domain';
import { choicePriceCents, type LineChoice } from './lineChoice';
import type { Addition, Variant } from './shop.machine';

/** A cart line: what was chosen, and its total (the browser's estimate until the server has priced it). */
export interface CartLine {
  productId: number;
  categoryId: number;
  name: string;
  imageUrl: string | null;
  /** the product's base price */
  priceCents: Cents;
  variant: Variant | null;
  additions: Addition[];
  qty: number;
  totalCents: Cents;
}

/** The server's totals of the cart (SPEC §3 backend totals). */
export interface BackendTotals {
  totalQuantity: number;
  /** the goods, before any discount */
  totalCents: Cents;
  /** the zone's fee for a home delivery (its own line), 0 otherwise */
  deliveryFeeCents: Cents;
  /** the zone's minimum order not reached (checkout will refuse it), else null */
  belowMinimum: string | null;
  /** what is paid: goods after the discount, plus the fee */
  finalCents: Cents;
}

/** The server's verdict on the code (SPEC §3 discount), money in cents. */
export interface Discount {
  code: string;
  valueCents: Cents;
  isValid: boolean;
  clientMessage: string | null;
  detail: string[];
  /** the code exists but its rule (minimum, pickup only…) is not met */
  validationError: string | null;
  /** the code is unknown or inactive */
  errorMessage: string | null;
  totalCents: Cents;
  finalCents: Cents;
}

/** What the server answers to a price request. */
export interface PricedCart {
  lines: CartLine[];
  backend: BackendTotals;
  discount: Discount | null;
  /** the catalogue version the prices were read at */
  catalogueVersion: number;
}

export interface PriceRequest {
  lines: CartLine[];
  code: string | null;
  /** the delivery type once chosen: a code for the other type gives no discount */
  delivery: DeliveryType | null;
  /** a home delivery's zone: its fee and minimum */
  zoneId: number | null;
  /** the cassa's reopened order: its unchanged lines keep their stored prices */
  orderId: number | null;
}

/** The server's answer: the priced cart, or a refusal the customer is told (a product withdrawn…). */
export type PriceAnswer = { ok: true; priced: PricedCart } | { ok: false; message: string };

/** What survives a reload, a login and a registration (localStorage, through the composition root). */
export interface SavedCart {
  lines: CartLine[];
  backend: BackendTotals | null;
  discount: Discount | null;
  code: string | null;
  /** told by the checkout or the cassa; null before it is chosen. Kept, so a reload prices the same fee and minimum */
  delivery: DeliveryType | null;
  /** the zone of a home delivery, told with the delivery type */
  zoneId: number | null;
}

export interface CartContext extends SavedCart {
  /** why the last entered code was dropped ('Codice sconto non valido o non attivo.') */
  codeMessage: string | null;
  /** the catalogue version of the last price answer (the app tells the shop, which reloads the menu if newer) */
  catalogueVersion: number | null;
  /** the order the cassa reopened into this cart (`cart.load`), null otherwise */
  orderId: number | null;
}

export type CartEvent =
  | { type: 'line.add'; choice: LineChoice }
  | { type: 'line.replace'; index: number; choice: LineChoice }
  | { type: 'line.remove'; line: LineKey }
  | { type: 'quantity.increment'; index: number }
  | { type: 'quantity.decrement'; index: number }
  | { type: 'discount.apply'; code: string }
  | { type: 'discount.clear' }
  /** the delivery type (and a home delivery's zone) is (re)chosen: RITIRO-IN-PIZZERIA for pickup, removed again for home delivery */
  | { type: 'delivery.select'; delivery: DeliveryType | null; zoneId?: number | null }
  | { type: 'cart.refresh' }
  | { type: 'cart.empty' }
  /** the cassa opens an order: its lines, code, delivery type and zone replace the cart, priced again (unchanged lines at the order's prices, the code kept as stored) */
  | {
      type: 'cart.load';
      orderId: number | null;
      lines: CartLine[];
      code: string | null;
      delivery: DeliveryType | null;
      zoneId: number | null;
    };

/** A line as the remove rule knows it: product id plus the same variant and addition ids. */
export type { LineKey };

export const EMPTY_CART: SavedCart = { lines: [], backend: null, discount: null, code: null, delivery: null, zoneId: null };

export function lineKey(line: CartLine): LineKey {
  return { productId: line.productId, variantId: line.variant?.id ?? null, additionIds: line.additions.map((a) => a.id) };
}

/** SPEC §4: a line is the same when product id, variant id and the set of addition ids all match. */
export const isSameLine = (line: CartLine, key: LineKey): boolean => isSameLineKey(lineKey(line), key);

/** A choice as a cart line, priced by the browser until the server answers. */
export function lineFrom(choice: LineChoice): CartLine {
  const { product } = choice;
  return {
    productId: product.id,
    categoryId: product.category_id,
    name: product.name,
    imageUrl: product.image_url,
    priceCents: product.priceCents,
    variant: choice.variant,
    additions: choice.additions,
    qty: choice.qty,
    totalCents: choicePriceCents(choice),
  };
}

const withQty = (line: CartLine, qty: number): CartLine => ({ ...line, qty, totalCents: (line.totalCents / line.qty) * qty });

/** Adds a choice; the same product with the same dough and additions adds to that line's quantity. */
function addLine(lines: CartLine[], choice: LineChoice): CartLine[] {
  const added = lineFrom(choice);
  const index = lines.findIndex((line) => isSameLine(line, lineKey(added)));
  return index < 0 ? [...lines, added] : lines.map((line, i) => (i === index ? withQty(line, line.qty + added.qty) : line));
}

/**
 * The cart: app-wide, persisted. Every change of a line, of the code or of the delivery type is
 * priced by the server (debounced: `PRICE_DEBOUNCE`); a change while a request is out leaves
 * `pricing`, which stops that request, so only the answer for the latest cart is ever applied. The
 * server's prices replace the browser's estimates; a refusal keeps the cart and raises the global
 * error (`notifyError`); a failure keeps the cart (the API client has raised the error).
 */
export const cartMachine = setup({
  types: {
    input: {} as { saved: SavedCart | null },
    context: {} as CartContext,
    events: {} as CartEvent,
    tags: {} as 'pricing',
  },
  actors: {
    priceCart: fromPromise<PriceAnswer, PriceRequest>(async () => {
      throw new Error('priceCart not provided');
    }),
  },
  guards: {
    hasLines: ({ context }) => context.lines.length > 0,
    isRefused: (_, answer: PriceAnswer) => !answer.ok,
    isUnknownCode: (_, answer: PriceAnswer) => answer.ok && answer.priced.discount?.errorMessage != null,
    isValidIndex: ({ context, event }) => {
      assertEvent(event, ['line.replace', 'quantity.increment', 'quantity.decrement']);
      return event.index >= 0 && event.index < context.lines.length;
    },
    canDecrement: ({ context, event }) => {
      assertEvent(event, 'quantity.decrement');
      return (context.lines[event.index]?.qty ?? 0) > MIN_QUANTITY;
    },
    hasLine: ({ context, event }) => {
      assertEvent(event, 'line.remove');
      return context.lines.some((line) => isSameLine(line, event.line));
    },
    isCode: ({ event }) => {
      assertEvent(event, 'discount.apply');
      return event.code.trim() !== '';
    },
  },
  actions: {
    /** Shows the global error toast with the server's message. */
    notifyError: (_, _params: { message: string }) => {
      throw new Error('notifyError not provided');
    },
  },
  delays: { PRICE_DEBOUNCE: 200 },
}).createMachine({
  id: 'cart',
  context: ({ input }) => ({
    ...EMPTY_CART,
    ...input.saved,
    codeMessage: null,
    catalogueVersion: null,
    orderId: null,
  }),
  // A saved cart is priced again on start: its last price request may have been cut off by leaving
  // the page (lines without totals, no checkout button), and prices may have changed since.
  initial: 'starting',
  on: {
    'line.add': {
      target: '.waiting',
      reenter: true,
      actions: assign({ lines: ({ context, event }) => addLine(context.lines, event.choice) }),
    },
    'line.replace': {
      guard: 'isValidIndex',
      target: '.waiting',
      reenter: true,
      actions: assign({
        lines: ({ context, event }) => context.lines.map((line, i) => (i === event.index ? lineFrom(event.choice) : line)),
      }),
    },
    'line.remove': {
      guard: 'hasLine',
      target: '.waiting',
      reenter: true,
      actions: assign({ lines: ({ context, event }) => context.lines.filter((line) => !isSameLine(line, event.line)) }),
    },
    'quantity.increment': {
      guard: 'isValidIndex',
      target: '.waiting',
      reenter: true,
      actions: assign({
        lines: ({ context, event }) => context.lines.map((line, i) => (i === event.index ? withQty(line, line.qty + 1) : line)),
      }),
    },
    'quantity.decrement': {
      guard: 'canDecrement',
      target: '.waiting',
      reenter: true,
      actions: assign({
        lines: ({ context, event }) => context.lines.map((line, i) => (i === event.index ? withQty(line, line.qty - 1) : line)),
      }),
    },
    'discount.apply': {
      guard: 'isCode',
      target: '.waiting',
      reenter: true,
      // SPEC §4: applying stores the code and resets its validity and message.
      actions: assign({ code: ({ event }) => event.code.trim(), discount: null, codeMessage: null }),
    },
    'discount.clear': {
      target: '.waiting',
      reenter: true,
      actions: assign({ code: null, discount: null, codeMessage: null }),
    },
    'delivery.select': {
      target: '.waiting',
      reenter: true,
      actions: assign(({ context, event }) => {
        const code = event.delivery ? discountCodeForDelivery(event.delivery, context.code) : context.code;
        // A changed code starts over (SPEC §4), as if applied or cleared by hand.
        const reset = code === context.code ? {} : { discount: null, codeMessage: null };
        return { delivery: event.delivery, zoneId: event.zoneId ?? null, code, ...reset };
      }),
    },
    // Prices may have changed since the cart was filled (checkout step 6 asks again).
    'cart.refresh': { target: '.waiting', reenter: true },
    'cart.empty': { target: '.idle', actions: assign({ ...EMPTY_CART, codeMessage: null, orderId: null }) },
    'cart.load': {
      target: '.waiting',
      reenter: true,
      actions: assign(({ event }) => ({
        ...EMPTY_CART,
        lines: event.lines,
        code: event.code,
        codeMessage: null,
        delivery: event.delivery,
        zoneId: event.zoneId,
        orderId: event.orderId,
      })),
    },
  },
  states: {
    starting: {
      always: [{ guard: 'hasLines', target: 'waiting' }, { target: 'idle' }],
    },
    idle: {},
    waiting: {
      tags: ['pricing'],
      after: { PRICE_DEBOUNCE: 'pricing' },
    },
    pricing: {
      tags: ['pricing'],
      invoke: {
        id: 'priceCart',
        src: 'priceCart',
        input: ({ context }) => ({
          lines: context.lines,
          code: context.code,
          delivery: context.delivery,
          zoneId: context.zoneId,
          orderId: context.orderId,
        }),
        onDone: [
          {
            guard: { type: 'isRefused', params: ({ event }) => event.output },
            target: 'idle',
            actions: { type: 'notifyError', params: ({ event }) => ({ message: event.output.ok ? '' : event.output.message }) },
          },
          {
            // An unknown code is dropped and the cart priced again without it.
            guard: { type: 'isUnknownCode', params: ({ event }) => event.output },
            target: 'pricing',
            reenter: true,
            actions: assign({ code: null, discount: null, codeMessage: ({ event }) => priced(event.output).discount!.errorMessage }),
          },
          {
            target: 'idle',
            actions: assign(({ event }) => {
              const { lines, backend, discount, catalogueVersion } = priced(event.output);
              return { lines, backend, discount, catalogueVersion };
            }),
          },
        ],
        // A network failure or a 5xx: the API client raised the global error already (one toast).
        onError: { target: 'idle' },
      },
    },
  },
});

export type CartSnapshot = SnapshotFrom<typeof cartMachine>;

/** The priced cart of an answer the guards found priced. */
function priced(answer: PriceAnswer): PricedCart {
  if (!answer.ok) throw new Error('a refusal has no priced cart');
  return answer.priced;
}

export const savedCart = (context: CartContext): SavedCart => {
  const { lines, backend, discount, code, delivery, zoneId } = context;
  return { lines, backend, discount, code, delivery, zoneId };
};

/** How many items the cart holds (the header's badge): counted from the lines, so it moves at once. */
export const cartItemCount = (snapshot: CartSnapshot) => snapshot.context.lines.reduce((sum, line) => sum + line.qty, 0);
