import { assertEvent, assign, fromPromise, sendParent, sendTo, setup } from 'xstate';
import type { CartEvent } from './cart.machine';
import { cassaLinesMachine } from './cassaLines.machine';
import { changedForm, newOrderForm, repeatedLines } from './cassaOrder.form';
import type {
  CassaCatalog,
  CassaOrderContext,
  CassaOrderEvent,
  CassaOrderInput,
  LoadOrderOutcome,
  SaveOrderInput,
  SaveOrderOutcome,
} from './cassaOrder.types';
import type { OutboxEntry } from './cassaOutbox.machine';
import { suggestBoxMachine } from './suggestBox.machine';

export const QUEUED_MESSAGE = "Server non raggiungibile: l'ordine è in 'Da inviare' e partirà appena il server risponde.";

/**
 * The order widget's implementations, named once: its I/O (placeholders the page provides), its
 * children (the name box's popup, the lines), the rules it branches on and its actions. The
 * statechart that uses them is cassaOrder.machine.ts.
 */
export const cassaOrderSetup = setup({
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
    suggestBox: suggestBoxMachine,
    lines: cassaLinesMachine.provide({ actions: { toCart: sendParent((_, command: CartEvent) => ({ type: 'lines.cart', command })) } }),
  },
  guards: {
    hasOrderId: ({ context }) => context.orderId !== null,
    /** A new order was being typed when the page went away, and the URL names none. */
    hasNewOrderDraft: ({ context }) => context.draft?.orderId === null && context.orderId === null,
    /** 'Ripeti ultimo ordine': a new order for a known client who ordered before. */
    hasLastOrder: ({ context }) =>
      context.opened === null && context.form.clientId !== 0 && repeatedLines(context.catalog!, context.form.clientId).length > 0,
    isNewerCatalogue: ({ context, event }) => {
      assertEvent(event, 'catalogue.changed');
      return event.version > context.catalog!.catalogueVersion;
    },
    /** A change committed after the one the reload under way was started for. */
    isNewerThanHeard: ({ context, event }) => {
      assertEvent(event, 'catalogue.changed');
      return event.version > context.catalogueHeard;
    },
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
    isOpened: (_, outcome: LoadOrderOutcome) => outcome.ok,
    /** The URL now names another order than the one on screen (or none). */
    hasUrlMoved: ({ context }) => context.orderId !== (context.opened?.id ?? null),
    isSaved: (_, outcome: SaveOrderOutcome) => outcome.kind === 'saved',
    isQueued: (_, outcome: SaveOrderOutcome) => outcome.kind === 'queued',
    isStale: (_, outcome: SaveOrderOutcome) => outcome.kind === 'stale',
    /** An empty cart has nothing to confirm (a double press after a save finds it empty); one being priced has no final total yet. */
    hasPricedCart: ({ context }) => context.cart.lines.length > 0 && !context.cart.isPricing,
  },
  actions: {
    /** A command for the cassa's cart (load an order's lines, empty it, add an item, follow the delivery type). */
    toCart: (_, _params: CartEvent) => {
      throw new Error('toCart not provided');
    },
    /** The day's list loads again (it shows the order just saved). */
    ordersChanged: () => {
      throw new Error('ordersChanged not provided');
    },
    /** Puts a save the server could not be reached for in 'Da inviare' (the screen owns the outbox). */
    writeQueued: (_, _entry: OutboxEntry) => {
      throw new Error('writeQueued not provided');
    },
    /** The URL names this order, or none (after an update the list comes back). */
    showOrder: (_, _params: { id: number | null }) => {
      throw new Error('showOrder not provided');
    },
    /** The lines hear the products (loaded, or reloaded at a newer version). */
    tellLines: sendTo('lines', (_, catalog: CassaCatalog) => ({ type: 'lines.catalog' as const, catalog })),
    clearLines: sendTo('lines', { type: 'lines.clear' }),
    hearCatalogue: assign({
      catalogueHeard: ({ event }) => {
        assertEvent(event, 'catalogue.changed');
        return event.version;
      },
    }),
    startNewOrder: assign(({ context }) => ({
      opened: null,
      form: newOrderForm(context.catalog!.now()),
      idempotencyKey: null,
      errors: {},
    })),
    /** A save went through (or waits in 'Da inviare'): its message shows, and a new client is suggested from the next order on. */
    rememberSaved: assign(({ context }, outcome: SaveOrderOutcome) => {
      const catalog = context.catalog!;
      const client = outcome.kind === 'saved' ? outcome.client : null;
      const known = client === null || catalog.clients.some((c) => c.id === client.id);
      return {
        message: outcome.kind === 'saved' ? outcome.message : QUEUED_MESSAGE,
        isError: false,
        catalog: known ? catalog : { ...catalog, clients: [...catalog.clients, client] },
        // An update clears the selection; after a new order the URL keeps what it names (none, or
        // an order clicked while this one was saving).
        orderId: context.opened ? null : context.orderId,
      };
    }),
    /** Stale, refused or failed: why, and the fields the server named. */
    rememberRefusal: assign((_, outcome: SaveOrderOutcome) => ({
      message: 'message' in outcome ? outcome.message : null,
      isError: true,
      errors: outcome.kind === 'refused' ? outcome.errors : {},
    })),
    changeForm: assign({ form: ({ context, event }) => changedForm(context.form, event), errors: {} }),
  },
});
