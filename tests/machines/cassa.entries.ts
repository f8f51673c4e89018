/** Path-coverage entries of the cassa's machines (added to machineRegistry in registry.ts). */
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { cassaCatalogFromWire, cassaDayFromWire, openedOrderFromWire } from '../../src/api/cassaActors';
import { cartMachine, EMPTY_CART as NO_LINES } from '../../machines/cart.machine';
import { newOrderForm } from '../../machines/cassaOrder.form';
import { cassaOrderMachine } from '../../machines/cassaOrder.machine';
import type { CartFacts, CassaClient, CassaDraft } from '../../machines/cassaOrder.types';
import { cassaOutboxMachine, type OutboxEntry, type SendOutcome } from '../../machines/cassaOutbox.machine';
import { cassaLinesMachine } from '../../machines/cassaLines.machine';
import { cassaScreenMachine } from '../../machines/cassaScreen.machine';
import { cassaDelayMachine } from '../../machines/cassaDelay.machine';
import { cassaPrinterMachine, type PrinterReport } from '../../machines/cassaPrinter.machine';
import { cassaDayListMachine, type CassaDayListSnapshot } from '../../machines/cassaDayList.machine';
import { suggestBoxMachine } from '../../machines/suggestBox.machine';
import {
  CASSA_TODAY,
  CASSA_TOMORROW,
  cassaDay,
  cassaInit,
  externalOrder,
  freeDrink,
  lateOnlineOrder,
  onlinePickup,
  phoneOrder,
  phoneOrderDetail,
} from '../mocks/cassa.fixtures';
import { internalEvents, invokeInput } from './pathCoverage';
import type { MachineEntry } from './registry';

const dayListEvents = internalEvents(cassaDayListMachine);

export const CANCELLED = 'Questo ordine è stato annullato e non è modificabile.';
/** A print made while the server could not be reached: it waits in 'Da inviare'. */
export const queuedPrint: OutboxEntry = {
  key: 'chiave-stampa-1',
  queuedAt: 3,
  label: `Ordine ${phoneOrder.id} stampato`,
  write: { kind: 'status', orderId: phoneOrder.id, status: 1 },
  summary: null,
};

/** Today's first answer, and the next one with a new online order in it; tomorrow is empty. */
export const firstAnswer = cassaDayFromWire(cassaDay([phoneOrder, onlinePickup, externalOrder]));
export const answerWithNewOrder = cassaDayFromWire(cassaDay([phoneOrder, onlinePickup, externalOrder, lateOnlineOrder]));
export const tomorrowAnswer = cassaDayFromWire(cassaDay([], CASSA_TOMORROW));

/** A day is answered with the new online order once the list has been seen (a refresh), tomorrow empty. */
export function answerFor(snapshot: CassaDayListSnapshot, date: string | null) {
  if (date === CASSA_TOMORROW) return tomorrowAnswer;
  return snapshot.context.knownIds === null ? firstAnswer : answerWithNewOrder;
}

/** The cashier acts on today's list when it is on screen and nothing is on its way (keeps the graph small). */
const idle = (s: CassaDayListSnapshot) =>
  !s.context.muted &&
  // The cashier's steps are walked before the stream opens; the live region's with the list quiet.
  s.matches({ live: { streaming: 'connecting' } }) &&
  s.context.liveFailures === 0 &&
  s.matches({ list: 'ready' }) &&
  s.context.day!.orders.length > 0 &&
  s.context.pending.length === 0 &&
  s.context.tickets.length === 0;
/** Nothing of the cashier's on its way and the list on screen: the live region's steps happen then. */
const quietList = (s: CassaDayListSnapshot) =>
  s.matches({ list: 'ready' }) &&
  s.context.date === CASSA_TODAY &&
  s.context.pending.length === 0 &&
  s.context.tickets.length === 0 &&
  s.context.newIds.length === 0 &&
  !s.context.muted;
const listed = (s: CassaDayListSnapshot) => ({
  pickup: s.context.day!.orders.find((o) => o.id === onlinePickup.id)!,
  phone: s.context.day!.orders.find((o) => o.id === phoneOrder.id)!,
});
/** The pickup was tapped on, or the phone order delayed: the print and delivered clicks wait. */
const stepOrDelay = (s: CassaDayListSnapshot) => listed(s).pickup.progress !== 'preparing' || listed(s).phone.delayMinutes > 0;
const isLive = (s: CassaDayListSnapshot) => s.matches({ live: { streaming: 'healthy' } });
const noShortTimer = (s: CassaDayListSnapshot) =>
  s.matches({ printer: 'idle' }) && !s.matches({ live: 'lost' }) && !s.matches({ live: { streaming: { healthy: 'settling' } } });
const firstLoad = (s: CassaDayListSnapshot) => s.context.knownIds === null && s.context.date === null;

export const cassaDayListEntry: MachineEntry<typeof cassaDayListMachine> = {
  name: 'cassaDayList',
  machine: cassaDayListMachine,
  input: { date: null, muted: false },
  // Three parallel regions: one path per edge covers the graph without the simple paths' explosion.
  maxSimplePathStates: 0,
  events: [
    (s) => (s.matches({ list: 'ready' }) ? { type: 'orders.refresh' } : null),
    (s) => (idle(s) && s.context.newIds.length === 0 ? { type: 'date.change', date: CASSA_TOMORROW } : null),
    (s) => (firstLoad(s) ? { type: 'alert.mute.toggle' } : null),
    (s) =>
      idle(s) && !stepOrDelay(s)
        ? [
            { type: 'order.print', id: s.context.newIds[0] ?? phoneOrder.id },
            { type: 'order.delivered.toggle', id: phoneOrder.id },
            { type: 'order.open', id: s.context.newIds[0] ?? phoneOrder.id },
            { type: 'order.open', id: externalOrder.id },
          ]
        : null,
    // The pickup's one button once printed ('Pronto') and its undo, '+10 min' on the phone order: from
    // the list as first loaded, one at a time (the other clicks wait: the graph stays finite).
    (s) => {
      if (!idle(s) || s.context.newIds.length > 0) return null;
      const { pickup, phone } = listed(s);
      if (phone.status !== 0 || phone.delivered !== 0 || phone.delayMinutes !== 0) return null;
      return pickup.progress === 'preparing'
        ? [
            { type: 'order.progress', id: pickup.id, direction: 'next' },
            { type: 'order.delay', id: phone.id, minutes: 10 },
          ]
        : [{ type: 'order.progress', id: pickup.id, direction: 'back' }];
    },
    (s) => {
      const input = invokeInput<{ date: string | null }>(s, dayListEvents.invokeId('loadDay'));
      return input === undefined ? null : { type: dayListEvents.done('loadDay'), output: answerFor(s, input.date) };
    },
    (s) =>
      s.hasTag('loading') && s.context.newIds.length === 0
        ? { type: dayListEvents.error('loadDay'), error: new TypeError('Failed to fetch') }
        : null,
    // A print may be refused (the order was cancelled meanwhile) or find the server unreachable (queued),
    // a delivered tick may hit a server outage.
    (s) => {
      if (!s.hasTag('saving')) return null;
      const change = s.context.pending[0]!;
      const saved = { type: dayListEvents.done('saveChange'), output: { kind: 'saved' } };
      return 'status' in change
        ? [
            saved,
            { type: dayListEvents.done('saveChange'), output: { kind: 'refused', message: CANCELLED, errors: {} } },
            { type: dayListEvents.done('saveChange'), output: { kind: 'queued', entry: queuedPrint } },
          ]
        : [saved, { type: dayListEvents.done('saveChange'), output: { kind: 'failed', message: 'Servizio non disponibile' } }];
    },
    // The 0.5 s print timer, the tenth-of-a-second gathering of live events and the stream's retry pause
    // (at most 2 s here) always fire before a refresh: the refresh comes when none of them waits.
    // While the stream is up the 30 s timer passes without a refresh (the replay lets it fire) and the 2-minute one refreshes.
    (s) => (noShortTimer(s) && !isLive(s) ? { type: dayListEvents.after('cassaDayList.list.ready', 'ORDERS_REFRESH') } : null),
    (s) => (noShortTimer(s) ? { type: dayListEvents.after('cassaDayList.list.failed', 'ORDERS_REFRESH') } : null),
    (s) => (noShortTimer(s) && isLive(s) ? { type: dayListEvents.after('cassaDayList.list.ready', 'ORDERS_REFRESH_LIVE') } : null),
    { type: dayListEvents.after('cassaDayList.printer.waiting', 'PRINT') },
    // The live stream: it opens, fails (twice at most: the graph stays small), and tells of changes.
    (s) => (quietList(s) && s.matches({ live: { streaming: 'connecting' } }) ? { type: 'live.opened' } : null),
    (s) =>
      quietList(s) && s.matches({ live: 'streaming' }) && s.context.liveFailures < 2
        ? [{ type: 'live.lost' }, { type: dayListEvents.error('followOrders'), error: new Error('EventSource is not defined') }]
        : null,
    (s) =>
      quietList(s) && s.context.liveFailures === 0 && !s.context.otherDayOrders && s.matches({ live: { streaming: 'healthy' } })
        ? [
            // A new online order of the day shown, another day's new order, a listed order moved to
            // another day, and another day's order printed (nothing to do).
            { type: 'live.event', orderId: lateOnlineOrder.id, kind: 'created', deliveryDate: CASSA_TODAY },
            { type: 'live.event', orderId: 90, kind: 'created', deliveryDate: CASSA_TOMORROW },
            { type: 'live.event', orderId: phoneOrder.id, kind: 'updated', deliveryDate: CASSA_TOMORROW },
            { type: 'live.event', orderId: 91, kind: 'printed', deliveryDate: '2026-11-25' },
            // The back office's change of the catalogue, and a version the list already has.
            { type: 'catalogue.changed', version: firstAnswer.catalogueVersion + 1 },
            { type: 'catalogue.changed', version: firstAnswer.catalogueVersion },
          ]
        : null,
    { type: dayListEvents.after('cassaDayList.live.streaming.healthy.settling', 'LIVE_DEBOUNCE') },
    (s) => (s.context.pending.length === 0 ? { type: dayListEvents.after('cassaDayList.live.lost', 'LIVE_RETRY') } : null),
  ],
  serializeState: (s) =>
    JSON.stringify({
      value: s.value,
      date: s.context.date,
      orders: s.context.day?.orders.map((o) => `${o.id}:${o.status}${o.delivered}${o.progress}+${o.delayMinutes}`).join(' ') ?? null,
      newIds: s.context.newIds,
      muted: s.context.muted,
      pending: s.context.pending,
      tickets: s.context.tickets.length,
      notice: s.context.notice !== null,
      liveFailures: s.context.liveFailures,
      elsewhere: s.context.otherDayOrders > 0,
    }),
};

// --- cassa order widget ------------------------------------------------------------------------

const orderEvents = internalEvents(cassaOrderMachine);
/** The shop's clock frozen at 19:02: a new order defaults to today at 19:45. */
export const cassaCatalog = cassaCatalogFromWire(cassaInit, () => ({ date: CASSA_TODAY, time: '19:02' }));
export const openedPhoneOrder = openedOrderFromWire(phoneOrderDetail);
/** The cassa's catalogue after the owner raised the Margherita to 7,50 € and sold out the Diavola (version 2). */
export const changedCatalog = cassaCatalogFromWire(
  {
    ...cassaInit,
    catalogue_version: cassaInit.catalogue_version + 1,
    products: cassaInit.products.map((p) =>
      p.name === 'Margherita' ? { ...p, price: 7.5 } : p.name === 'Diavola' ? { ...p, sold_out: true } : p,
    ),
  },
  cassaCatalog.now,
);
const margherita = cassaCatalog.products.find((p) => p.name === 'Margherita')!;
const bufala = cassaCatalog.products.find((p) => p.name === 'Bufala')!;
export const SERVER_DOWN = 'Servizio non disponibile';
export const STALE = "Questo ordine è stato modificato da un'altra cassa: ricaricalo prima di salvarlo.";
export const NEW_CLIENT: CassaClient = { id: 3, name: 'Nuovo Nome', address: null, telephone: null, zoneId: null, lastOrder: [] };

/** A new order typed before a reload: a new client's pickup at 20:30 with one Margherita (nothing more is done to it: the graph stays small). */
export const NEW_ORDER_DRAFT: CassaDraft = {
  orderId: null,
  version: null,
  form: {
    ...newOrderForm(cassaCatalog.now()),
    name: 'Cliente Bozza',
    telephone: '3470001122',
    delivery: 'ritiro',
    hour: 20,
    minute: 30,
    note: 'Citofono rotto',
  },
  lines: openedPhoneOrder.lines,
  code: null,
};

type Snapshot = SnapshotFrom<typeof cassaOrderMachine>;
const editing = (s: Snapshot) => s.matches({ ready: { order: 'editing' } });
const DEFAULT_FORM = JSON.stringify(newOrderForm(cassaCatalog.now()));
const isNewOrder = (s: Snapshot) => editing(s) && s.context.opened === null && s.context.message === null;
const isPristineForm = (s: Snapshot) => JSON.stringify(s.context.form) === DEFAULT_FORM;
/** Each change is tried once, on an untouched new order with an empty cart, so the graph stays small. */
const pristine = (s: Snapshot) => isNewOrder(s) && isPristineForm(s) && s.context.cart.lines.length === 0;
/** What the cart tells the widget: one line priced, or still being priced; empty again after a save. */
export const PRICED_CART: CartFacts = { lines: openedPhoneOrder.lines, code: null, isPricing: false };
const PRICING_CART: CartFacts = { ...PRICED_CART, isPricing: true };
const EMPTY_CART: CartFacts = { lines: [], code: null, isPricing: false };
export const REFUSED_FIELDS = {
  nomeCliente: 'Il campo nome del cliente è obbligatorio.',
  telefono: 'Il numero di telefono è obbligatorio e deve essere valido.',
  cart: "Aggiungi almeno un prodotto all'ordine.",
};

export const cassaOrderEntry: MachineEntry<typeof cassaOrderMachine> = {
  name: 'cassaOrder',
  machine: cassaOrderMachine,
  inputs: [
    { orderId: null, createKey: () => 'chiave-ordine-1' },
    { orderId: phoneOrder.id, createKey: () => 'chiave-ordine-1' },
    // The page was reloaded in the middle of a phone order.
    { orderId: null, createKey: () => 'chiave-ordine-1', draft: NEW_ORDER_DRAFT },
  ],
  maxSimplePathStates: 0,
  events: [
    (s) =>
      s.matches('loading')
        ? [
            { type: orderEvents.done('cassaOrder.loading'), output: cassaCatalog },
            { type: orderEvents.error('cassaOrder.loading'), error: new TypeError('Failed to fetch') },
          ]
        : null,
    (s) => (s.hasTag('failed') ? { type: 'init.retry' } : null),
    // The list's refresh names the catalogue version: the one the products came with, or the owner's next one
    // (heard on a new order, and on an opened order being edited, which must survive the reload).
    (s) =>
      s.matches({ ready: { catalogue: 'current' } }) &&
      (pristine(s) || (editing(s) && s.context.opened !== null && s.context.message === null))
        ? [
            { type: 'catalogue.changed', version: s.context.catalog!.catalogueVersion },
            { type: 'catalogue.changed', version: changedCatalog.catalogueVersion },
          ]
        : null,
    (s) =>
      s.matches({ ready: { catalogue: 'reloading' } })
        ? [
            { type: orderEvents.done('cassaOrder.ready.catalogue.reloading'), output: changedCatalog },
            { type: orderEvents.error('cassaOrder.ready.catalogue.reloading'), error: new TypeError('Failed to fetch') },
            // Heard again while loading (on a new order only: the graph stays small): the same change
            // (nothing to do), or the owner's next one (it loads again).
            ...(pristine(s) && s.context.catalogueHeard === changedCatalog.catalogueVersion
              ? [
                  { type: 'catalogue.changed' as const, version: changedCatalog.catalogueVersion },
                  { type: 'catalogue.changed' as const, version: changedCatalog.catalogueVersion + 1 },
                ]
              : []),
          ]
        : null,
    // The URL: an order of the list opened (on a new order, or while one is saving), or the list again.
    (s) => (s.context.orderId === null && (pristine(s) || s.hasTag('saving')) ? { type: 'order.select', id: phoneOrder.id } : null),
    (s) => (s.context.orderId !== null ? { type: 'order.clear' } : null),
    // Another order clicked while one loads.
    (s) =>
      s.matches({ ready: { order: 'opening' } }) && s.context.orderId === phoneOrder.id
        ? { type: 'order.select', id: onlinePickup.id }
        : null,
    (s) =>
      s.matches({ ready: { order: 'opening' } })
        ? [
            { type: orderEvents.done('loadOrder'), output: { ok: true, order: openedPhoneOrder } },
            { type: orderEvents.done('loadOrder'), output: { ok: false, message: 'Ordine non trovato.' } },
            { type: orderEvents.error('loadOrder'), error: new TypeError('Failed to fetch') },
          ]
        : null,
    // The cart's news: a line being priced, then priced (for a new client's order or an opened one); emptied after a save.
    (s) => {
      const { lines, isPricing } = s.context.cart;
      if (lines.length > 0)
        return isPricing
          ? { type: 'cart.changed', cart: PRICED_CART }
          : isPristineForm(s)
            ? { type: 'cart.changed', cart: EMPTY_CART }
            : null;
      return editing(s) && (s.context.opened !== null || s.context.form.name === 'Nuovo Nome')
        ? { type: 'cart.changed', cart: PRICING_CART }
        : null;
    },
    // The name box: a new name typed, a client picked (a stale id is ignored); the product search.
    (s) =>
      pristine(s)
        ? [
            { type: 'client.query', text: 'Nuovo Nome' },
            { type: 'client.pick', id: 1 },
            { type: 'client.pick', id: 99 },
            // The product search or the gifts picked an item.
            { type: 'lines.cart', command: { type: 'line.add', choice: { product: margherita, variant: null, additions: [], qty: 1 } } },
            { type: 'zone.select', zoneId: 2 },
            { type: 'zone.select', zoneId: 404 },
            { type: 'field.change', field: 'address', value: 'Via Roma 1' },
            { type: 'hour.change', hour: 21 },
            { type: 'hour.change', hour: 24 },
            { type: 'minute.change', minute: 15 },
            { type: 'minute.change', minute: 60 },
            { type: 'payment.change', paymentType: 'Carta di credito' },
            { type: 'delivery.change', delivery: 'ritiro' },
          ]
        : null,
    // 'Ripeti ultimo ordine' once Mario Rossi (who ordered before) is picked.
    (s) => (isNewOrder(s) && s.context.form.clientId === 1 && s.context.cart.lines.length === 0 ? { type: 'order.repeat' } : null),
    // Confirm: a new order with a typed name, or the opened order (the guard wants a priced cart).
    (s) =>
      editing(s) && s.context.message === null && (s.context.opened !== null || s.context.form.name === 'Nuovo Nome')
        ? { type: 'order.confirm' }
        : null,
    (s) => {
      if (!s.hasTag('saving')) return null;
      const isNew = s.context.opened === null;
      return [
        {
          type: orderEvents.done('saveOrder'),
          output: { kind: 'saved', message: 'Ordine creato. Ordine numero #4 delle 19:45.', client: isNew ? NEW_CLIENT : null },
        },
        isNew
          ? {
              type: orderEvents.done('saveOrder'),
              output: { kind: 'refused', message: REFUSED_FIELDS.nomeCliente, errors: REFUSED_FIELDS },
            }
          : { type: orderEvents.done('saveOrder'), output: { kind: 'stale', message: STALE } },
        { type: orderEvents.done('saveOrder'), output: { kind: 'failed', message: SERVER_DOWN } },
        // The server could not be reached: the order waits in 'Da inviare'.
        { type: orderEvents.done('saveOrder'), output: { kind: 'queued', entry: queuedOrder } },
      ];
    },
  ],
  serializeState: (s) =>
    JSON.stringify({
      value: s.value,
      orderId: s.context.orderId,
      opened: s.context.opened?.id ?? null,
      catalog: s.context.catalog !== null,
      name: s.context.form.name,
      clientId: s.context.form.clientId,
      form: [
        s.context.form.zoneId,
        s.context.form.address,
        s.context.form.hour,
        s.context.form.minute,
        s.context.form.delivery,
        s.context.form.paymentType,
      ],
      cart: `${s.context.cart.lines.length}${s.context.cart.isPricing ? ' pricing' : ''}`,
      key: s.context.idempotencyKey,
      message: s.context.message,
      errors: Object.keys(s.context.errors),
      clients: s.context.catalog?.clients.length ?? 0,
      version: s.context.catalog?.catalogueVersion ?? null,
    }),
};

// --- the order widget's lines: the product search and the gifts ----------------------------------

type LinesSnapshot = SnapshotFrom<typeof cassaLinesMachine>;
/** The products are known and nothing is typed: each pick is tried from there, so the graph stays small. */
const linesReady = (s: LinesSnapshot) => s.context.catalog !== null && s.context.query === '';

export const cassaLinesEntry: MachineEntry<typeof cassaLinesMachine> = {
  name: 'cassaLines',
  machine: cassaLinesMachine,
  // The search's popup runs for real: the tests read whether it closed.
  realChildren: ['productBox'],
  events: [
    // The editor: the products as loaded, then the owner's next version; an order on screen or not; a new order.
    (s) =>
      s.context.catalog === null
        ? { type: 'lines.catalog', catalog: cassaCatalog }
        : linesReady(s) && s.context.catalog === cassaCatalog
          ? { type: 'lines.catalog', catalog: changedCatalog }
          : null,
    { type: 'lines.enable' },
    { type: 'lines.disable' },
    (s) => (s.context.query !== '' ? { type: 'lines.clear' } : null),
    // The cashier: a search typed, a product added (an ingredient is not sold alone), a gift (only 0 € items are).
    (s) =>
      linesReady(s)
        ? [
            { type: 'product.query', text: 'MARG' },
            { type: 'product.add', productId: margherita.id },
            { type: 'product.add', productId: bufala.id },
            { type: 'freeItem.add', productId: freeDrink.id },
            { type: 'freeItem.add', productId: margherita.id },
          ]
        : null,
    (s) => (s.context.query === 'MARG' ? { type: 'product.add', productId: margherita.id } : null),
  ],
  serializeState: (s) => JSON.stringify({ value: s.value, version: s.context.catalog?.catalogueVersion ?? null, query: s.context.query }),
};

// --- suggestion popup -----------------------------------------------------------------------

const boxEvents = internalEvents(suggestBoxMachine);
export const suggestBoxEntry: MachineEntry<typeof suggestBoxMachine> = {
  name: 'suggestBox',
  machine: suggestBoxMachine,
  events: [
    { type: 'suggest.focus' },
    { type: 'suggest.blur' },
    { type: 'suggest.type' },
    { type: 'suggest.pick' },
    { type: boxEvents.after('suggestBox.closing', 'SUGGEST_CLOSE') },
  ],
  serializeState: (s) => JSON.stringify(s.value),
};

// --- the cassa screen ------------------------------------------------------------------------

/** The cart as it tells the screen about a line being priced (a real snapshot: the screen reads its tags). */
export const pricingCart = createActor(cartMachine, { input: { saved: { ...NO_LINES, lines: openedPhoneOrder.lines } } }).getSnapshot();

/** The list as it tells the screen about a refresh read after the owner changed the catalogue (version 2). */
export const listAfterChange = cassaDayListMachine.resolveState({
  value: { list: 'ready', live: { streaming: { healthy: 'quiet' } }, writer: 'idle', printer: 'idle' },
  context: {
    date: CASSA_TODAY,
    today: CASSA_TODAY,
    day: { ...firstAnswer, catalogueVersion: firstAnswer.catalogueVersion + 1 },
    knownIds: firstAnswer.orders.map((o) => o.id),
    newIds: [],
    muted: false,
    pending: [],
    tickets: [],
    notice: null,
    liveFailures: 0,
    otherDayOrders: 0,
  },
});

/** The screen's outbox with nothing left by an earlier page and a server that has not answered yet: what is queued stays counted. */
const waitingOutbox = cassaOutboxMachine.provide({
  actors: { loadOutbox: fromPromise<OutboxEntry[]>(async () => []), sendEntry: fromPromise(() => new Promise<SendOutcome>(() => {})) },
  actions: { storeEntry: () => {}, dropEntry: () => {} },
});

export const cassaScreenEntry: MachineEntry<typeof cassaScreenMachine> = {
  name: 'cassaScreen',
  machine: cassaScreenMachine.provide({ actors: { outbox: waitingOutbox } }),
  // The outbox runs for real: the tests count what reaches 'Da inviare'.
  realChildren: ['outbox'],
  // The list on screen, or an order the URL names (the chime remembered off).
  inputs: [
    { orderId: null, muted: false, createKey: () => 'chiave-ordine-1' },
    { orderId: phoneOrder.id, muted: true, createKey: () => 'chiave-ordine-1' },
  ],
  events: [
    // The page: the URL names an order, another, none.
    { type: 'url.changed', orderId: phoneOrder.id },
    { type: 'url.changed', orderId: onlinePickup.id },
    { type: 'url.changed', orderId: null },
    { type: 'list.back' },
    // The children.
    { type: 'list.open', id: onlinePickup.id },
    { type: 'editor.cart', command: { type: 'cart.empty' } },
    { type: 'editor.saved' },
    { type: 'delay.applied' },
    { type: 'printer.pdf', id: phoneOrder.id },
    { type: 'editor.show', id: null },
    // A print the server could not be reached for (the editor's queued saves arrive the same way).
    { type: 'write.queued', entry: queuedPrint },
    { type: 'xstate.snapshot.cart', snapshot: pricingCart } as never,
    { type: 'xstate.snapshot.orders', snapshot: listAfterChange } as never,
  ],
  serializeState: (s) => JSON.stringify({ value: s.value, orderId: s.context.orderId }),
};

// --- the outbox ('Da inviare') ------------------------------------------------------------------

const outboxEvents = internalEvents(cassaOutboxMachine);
/** An edit made offline by an earlier page (with what the cashier typed), and a phone order confirmed offline now. */
export const queuedOrder: OutboxEntry = {
  key: 'chiave-ordine-1',
  queuedAt: 2,
  label: 'Nuovo ordine: Mario Rossi, 20:30',
  write: {
    kind: 'store',
    body: { data: { nomeCliente: 'Mario Rossi', delivery: 'ritiro', fascia: '20:30', payment_type: 'Contanti' }, cart: [] },
  },
  summary: null,
};
export const queuedEdit: OutboxEntry = {
  key: 'chiave-modifica-1',
  queuedAt: 1,
  label: 'Modifica ordine #1: Mario Rossi',
  write: {
    kind: 'update',
    orderId: phoneOrder.id,
    body: { data: { nomeCliente: 'Mario Rossi', delivery: 'ritiro', fascia: '21:00', payment_type: 'Contanti', version: 3 }, cart: [] },
  },
  summary: { title: 'Ordine #1', rows: ['Ritiro alle 21:00 del 2026-11-18', '3 × Margherita'] },
};
export const serverVersion = { title: 'Ordine #1', rows: ['Consegna alle 19:30 del 2026-11-18', '1 × Margherita'] };

type OutboxSnapshot = SnapshotFrom<typeof cassaOutboxMachine>;
const outboxHas = (s: OutboxSnapshot, key: string) => s.context.entries.some((e) => e.key === key);

export const cassaOutboxEntry: MachineEntry<typeof cassaOutboxMachine> = {
  name: 'cassaOutbox',
  machine: cassaOutboxMachine,
  // Entries, attempts and outcomes multiply: one path per edge covers the graph.
  maxSimplePathStates: 0,
  events: [
    // On start: what an earlier page left (the edit), or nothing; the browser's storage may refuse.
    (s) =>
      s.matches('loading')
        ? [
            { type: outboxEvents.done('loadOutbox'), output: [queuedEdit] },
            { type: outboxEvents.done('loadOutbox'), output: [] },
            { type: outboxEvents.error('loadOutbox'), error: new DOMException('IndexedDB refused', 'UnknownError') },
          ]
        : null,
    // A confirm while the server cannot be reached (once per path, so the graph stays small).
    (s) => (!outboxHas(s, queuedOrder.key) && s.context.notice === null ? { type: 'outbox.add', entry: queuedOrder } : null),
    // The server answers: written; refused as stale (an edit) or for good (a cancelled order); or still unreachable.
    (s) =>
      s.hasTag('sending')
        ? [
            { type: outboxEvents.done('sendEntry'), output: { kind: 'saved' } },
            s.context.entries[0]!.write.kind === 'update'
              ? { type: outboxEvents.done('sendEntry'), output: { kind: 'stale', theirs: serverVersion } }
              : { type: outboxEvents.done('sendEntry'), output: { kind: 'refused', message: CANCELLED } },
            ...(s.context.attempt < 2 ? [{ type: outboxEvents.error('sendEntry'), error: new TypeError('Failed to fetch') }] : []),
          ]
        : null,
    (s) => (s.hasTag('offline') ? [{ type: 'outbox.online' }, { type: outboxEvents.after('cassaOutbox.waiting', 'RETRY_BACKOFF') }] : null),
    (s) => (s.matches('conflict') ? { type: 'conflict.dismiss' } : null),
    (s) => (s.context.notice !== null ? { type: 'notice.dismiss' } : null),
  ],
  serializeState: (s) =>
    JSON.stringify({
      value: s.value,
      entries: s.context.entries.map((e) => e.key),
      attempt: s.context.attempt,
      conflict: s.context.conflict !== null,
      notice: s.context.notice !== null,
    }),
};

// --- the header's 'Ritardo' -------------------------------------------------------------------

const delayEvents = internalEvents(cassaDelayMachine);
/** 'Ritardo' +20 min made while the server could not be reached. */
export const queuedDelay: OutboxEntry = {
  key: 'chiave-ritardo-1',
  queuedAt: 4,
  label: 'Ritardo di 20 minuti per gli ordini di stasera',
  write: { kind: 'delayAll', minutes: 20 },
  summary: null,
};

export const cassaDelayEntry: MachineEntry<typeof cassaDelayMachine> = {
  name: 'cassaDelay',
  machine: cassaDelayMachine,
  events: [
    // Three orders of tonight not yet out, or none.
    { type: 'delay.choose', minutes: 20, count: 3 },
    { type: 'delay.choose', minutes: 10, count: 0 },
    { type: 'delay.confirm' },
    { type: 'delay.cancel' },
    { type: delayEvents.done('delayOrders'), output: { kind: 'saved', message: '3 ordini posticipati.' } },
    { type: delayEvents.done('delayOrders'), output: { kind: 'queued', entry: queuedDelay } },
    { type: delayEvents.done('delayOrders'), output: { kind: 'failed', message: SERVER_DOWN } },
  ],
  serializeState: (s) => JSON.stringify({ value: s.value, minutes: s.context.minutes, notice: s.context.notice }),
};

// --- the kitchen printers in the header, and the rows' print requests ---------------------------

const printerEvents = internalEvents(cassaPrinterMachine);
/** The page's clock in the path tests: 20:41 on the test evening. */
export const PRINTER_NOW = Date.parse('2026-11-18T20:41:00+01:00');
const kitchen = (report: Partial<PrinterReport>): PrinterReport => ({
  printerId: 1,
  name: 'Cucina',
  reachable: true,
  paper: 'ok',
  since: PRINTER_NOW - 3_600_000,
  ...report,
});
export const printerReports = {
  ready: kitchen({}),
  nearEnd: kitchen({ paper: 'near_end' }),
  paperOut: kitchen({ paper: 'out' }),
  /** off for two and a half minutes, for one, just now */
  offTwoMinutes: kitchen({ reachable: false, paper: 'unknown', since: PRINTER_NOW - 150_000 }),
  offOneMinute: kitchen({ reachable: false, paper: 'unknown', since: PRINTER_NOW - 61_000 }),
  offJustNow: kitchen({ reachable: false, paper: 'unknown', since: PRINTER_NOW - 10_000 }),
  bar: kitchen({ printerId: 2, name: 'Bar' }),
};

export const cassaPrinterEntry: MachineEntry<typeof cassaPrinterMachine> = {
  name: 'cassaPrinter',
  machine: cassaPrinterMachine,
  input: { clock: () => PRINTER_NOW },
  // Reports and requests in any order make the simple paths explode; one path per edge covers it.
  maxSimplePathStates: 0,
  events: [
    ...Object.values(printerReports).map((report) => ({ type: 'printer.reported' as const, report })),
    (s) => (s.context.requests.length < 2 ? { type: 'order.print', id: phoneOrder.id } : null),
    { type: printerEvents.done('requestPrint'), output: { kind: 'queued' } },
    { type: printerEvents.done('requestPrint'), output: { kind: 'pdf' } },
    { type: printerEvents.error('requestPrint'), error: new TypeError('Failed to fetch') },
    { type: printerEvents.after('cassaPrinter.clock.running', 'PRINTER_CLOCK') },
  ],
  serializeState: (s) =>
    JSON.stringify({
      value: s.value,
      printers: s.context.printers.map((p) => `${p.printerId} ${p.reachable} ${p.paper} ${p.since}`),
      requests: s.context.requests.length,
    }),
};

export const cassaEntries = [
  cassaDayListEntry,
  cassaOrderEntry,
  cassaLinesEntry,
  suggestBoxEntry,
  cassaScreenEntry,
  cassaOutboxEntry,
  cassaDelayEntry,
  cassaPrinterEntry,
];
