import { assertEvent, assign, sendParent, sendTo, setup, type SnapshotFrom } from 'xstate';
import { cartMachine, type CartEvent, type CartSnapshot } from './cart.machine';
import { cassaOrderMachine } from './cassaOrder.machine';
import type { CartFacts, CassaDraft } from './cassaOrder.types';
import type { CassaDay } from './cassaDayList.types';
import { cassaOutboxMachine, type OutboxEntry } from './cassaOutbox.machine';
import { cassaDayListMachine, type CassaDayListSnapshot } from './cassaDayList.machine';
import { cassaDelayMachine } from './cassaDelay.machine';
import { cassaPrinterMachine } from './cassaPrinter.machine';

export interface CassaScreenInput {
  /** the order the URL names (`/cassa?ordine=12`), or null */
  orderId: number | null;
  /** the list's chime was off when the cashier last left (the list owns it from then on) */
  muted: boolean;
  createKey: () => string;
  /** the order being typed before the page was reloaded (the screen's owner keeps it in the browser) */
  draft?: CassaDraft | null;
  /** the page's clock, for the printers' minutes in the header (the browser's by default) */
  clock?: () => number;
  /** the day's list this browser kept, shown until the server answers (an offline start: cassaStart) */
  savedDay?: CassaDay | null;
}

export type CassaScreenContext = CassaScreenInput;

export type CassaScreenEvent =
  /** the page: the URL names another order, or none */
  | { type: 'url.changed'; orderId: number | null }
  /** 'Torna indietro' */
  | { type: 'list.back' }
  /** the list: an order's name was clicked */
  | { type: 'list.open'; id: number }
  /** the editor: a command for the cart */
  | { type: 'editor.cart'; command: CartEvent }
  /** the editor: an order was saved */
  | { type: 'editor.saved' }
  /** the editor: the URL should name this order, or none */
  | { type: 'editor.show'; id: number | null }
  /** the editor or the list: a write the server could not be reached for waits in 'Da inviare' */
  | { type: 'write.queued'; entry: OutboxEntry }
  /** the header's 'Ritardo' moved tonight's orders */
  | { type: 'delay.applied' }
  /** the printers: no kitchen printer took the ticket, the list prints its PDF */
  | { type: 'printer.pdf'; id: number };

/** The editor, telling the screen what the cart and the list must hear. */
export const screenEditor = cassaOrderMachine.provide({
  actions: {
    toCart: sendParent((_, command: CartEvent) => ({ type: 'editor.cart', command })),
    ordersChanged: sendParent({ type: 'editor.saved' }),
    showOrder: sendParent((_, { id }: { id: number | null }) => ({ type: 'editor.show', id })),
    writeQueued: sendParent((_, entry: OutboxEntry) => ({ type: 'write.queued', entry })),
  },
});

/** The day's list, telling the screen which order the cashier opened. */
export const screenOrders = cassaDayListMachine.provide({
  actions: {
    openOrder: sendParent((_, { id }: { id: number }) => ({ type: 'list.open', id })),
    writeQueued: sendParent((_, entry: OutboxEntry) => ({ type: 'write.queued', entry })),
  },
});

/** The header's 'Ritardo', telling the screen what the list and the outbox must hear. */
export const screenDelay = cassaDelayMachine.provide({
  actions: {
    ordersChanged: sendParent({ type: 'delay.applied' }),
    writeQueued: sendParent((_, entry: OutboxEntry) => ({ type: 'write.queued', entry })),
  },
});

/** The kitchen printers, handing the list a ticket they could not take. */
export const screenPrinter = cassaPrinterMachine.provide({
  actions: { printPdf: sendParent((_, { id }: { id: number }) => ({ type: 'printer.pdf', id })) },
});

/** The catalogue version the day's list was last read at (0 before the first answer: never newer). */
export const listedVersion = (snapshot: CassaDayListSnapshot): number => snapshot.context?.day?.catalogueVersion ?? 0;

/** What the editor needs of a cart snapshot. */
export const cartFacts = (snapshot: CartSnapshot): CartFacts => ({
  lines: snapshot.context.lines,
  code: snapshot.context.code,
  isPricing: snapshot.hasTag('pricing'),
});

/**
 * The cash desk screen: the day's list (`orders`), the add/edit widget (`editor`), the cassa's own
 * cart (`cart`, not persisted), the header's 'Ritardo' (`delay`) and kitchen printers (`printer`: a row's
 * print goes there first, and to the list's PDF when no printer takes it), started once with the screen. It routes what one child says to the
 * other: the cart's every change reaches the editor, the editor's cart commands reach the cart, a
 * save refreshes the list, a write either could not send reaches the outbox. The URL names the open order: the page reports it (`url.changed`), and
 * the screen asks for a new one through the provided `showOrder`. The list's answers carry the
 * catalogue version: the editor hears it and reloads the products, zones and badges when it is newer.
 */
export const cassaScreenMachine = setup({
  types: {
    input: {} as CassaScreenInput,
    context: {} as CassaScreenContext,
    events: {} as CassaScreenEvent,
    children: {} as { orders: 'orders'; editor: 'editor'; cart: 'cart'; outbox: 'outbox'; delay: 'delay'; printer: 'printer' },
  },
  actors: {
    orders: screenOrders,
    editor: screenEditor,
    cart: cartMachine,
    outbox: cassaOutboxMachine,
    delay: screenDelay,
    printer: screenPrinter,
  },
  guards: {
    isAnotherOrder: ({ context, event }) => {
      assertEvent(event, 'url.changed');
      return event.orderId !== context.orderId;
    },
  },
  actions: {
    /** The URL names this order (or none); `replace` corrects the URL instead of adding a history entry. */
    showOrder: (_, _params: { id: number | null; replace: boolean }) => {
      throw new Error('showOrder not provided');
    },
    /** The editor is at the top of the page. */
    scrollToTop: () => {
      throw new Error('scrollToTop not provided');
    },
  },
}).createMachine({
  id: 'cassaScreen',
  context: ({ input }) => input,
  invoke: [
    {
      id: 'orders',
      src: 'orders',
      input: ({ context }) => ({ date: null, muted: context.muted, day: context.savedDay ?? null }),
      // Every answer of the list (its 30 s refresh too) names the catalogue version: the editor reloads the products if newer.
      onSnapshot: { actions: sendTo('editor', ({ event }) => ({ type: 'catalogue.changed', version: listedVersion(event.snapshot) })) },
    },
    {
      id: 'editor',
      src: 'editor',
      input: ({ context }) => ({ orderId: context.orderId, createKey: context.createKey, draft: context.draft ?? null }),
    },
    // Writes the server could not take wait here ('Da inviare').
    { id: 'outbox', src: 'outbox' },
    // The header's 'Ritardo' for the whole evening.
    { id: 'delay', src: 'delay' },
    // The kitchen printers: the list's stream reaches them by their system id.
    { id: 'printer', src: 'printer', systemId: 'cassaPrinter', input: ({ context }) => ({ clock: context.clock ?? (() => Date.now()) }) },
    {
      id: 'cart',
      src: 'cart',
      input: { saved: null },
      onSnapshot: { actions: sendTo('editor', ({ event }) => ({ type: 'cart.changed', cart: cartFacts(event.snapshot) })) },
    },
  ],
  on: {
    'url.changed': {
      guard: 'isAnotherOrder',
      actions: [
        assign({ orderId: ({ event }) => event.orderId }),
        sendTo('editor', ({ event }) => (event.orderId === null ? { type: 'order.clear' } : { type: 'order.select', id: event.orderId })),
      ],
    },
    'list.back': { actions: { type: 'showOrder', params: { id: null, replace: false } } },
    'list.open': { actions: [{ type: 'showOrder', params: ({ event }) => ({ id: event.id, replace: false }) }, 'scrollToTop'] },
    'editor.cart': { actions: sendTo('cart', ({ event }) => event.command) },
    'editor.saved': { actions: sendTo('orders', { type: 'orders.refresh' }) },
    'delay.applied': { actions: sendTo('orders', { type: 'orders.refresh' }) },
    'printer.pdf': { actions: sendTo('orders', ({ event }) => ({ type: 'order.print', id: event.id })) },
    'editor.show': { actions: { type: 'showOrder', params: ({ event }) => ({ id: event.id, replace: true }) } },
    // The outbox is the screen's child: no channel outside the actor system reaches it.
    'write.queued': { actions: sendTo('outbox', ({ event }) => ({ type: 'outbox.add', entry: event.entry })) },
  },
});

export type CassaScreenSnapshot = SnapshotFrom<typeof cassaScreenMachine>;

/** The screen's own view-model: its children (each with its own connect) and what the page shows around them. */
export function connectCassaScreen(snapshot: CassaScreenSnapshot, send: (event: CassaScreenEvent) => void) {
  const isOrderOpen = snapshot.context.orderId !== null;
  return {
    orders: snapshot.children.orders!,
    editor: snapshot.children.editor!,
    cart: snapshot.children.cart!,
    outbox: snapshot.children.outbox!,
    delay: snapshot.children.delay!,
    printer: snapshot.children.printer!,
    /** the day's list, or the way back to it while an order is open */
    isListShown: !isOrderOpen,
    backButton: isOrderOpen ? { label: 'Torna indietro', onPress: () => send({ type: 'list.back' }) } : null,
  };
}

export type CassaScreenView = ReturnType<typeof connectCassaScreen>;
