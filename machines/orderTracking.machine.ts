import { assign, fromCallback, fromPromise, setup, stateIn, type SnapshotFrom } from 'xstate';
import { DELIVERY_FEE_LABEL, DELIVERY_LABELS, formatEuro, type Cents, type DeliveryType, type OrderProgress } from '../src/domain';

/** An order as its customer follows it (GET /api/v1/ecommerce/orders/track/{token}), money in cents. */
export interface TrackedOrder {
  orderNum: number;
  firstName: string;
  delivery: DeliveryType;
  lines: { description: string; qty: number; totalCents: Cents }[];
  /** what is paid, the delivery fee included */
  totalCents: Cents;
  deliveryFeeCents: Cents;
  progress: OrderProgress;
  steps: { progress: OrderProgress; label: string; current: boolean }[];
  /** 'Consegnato', 'Ritirato' or 'Annullato': nothing changes any more */
  closed: boolean;
  /** 'Arrivo previsto: 20:30–20:45' or 'Pronto per le 20:30', from src/domain on the server */
  windowText: string;
  /** 'In ritardo di 10 minuti: ci scusiamo.', null on time */
  delayText: string | null;
}

/** A wrong, expired or malformed token is an answer (404), not a failure: the page says so. */
export type TrackingLookup = { found: true; order: TrackedOrder } | { found: false };

/** What the order's stream tells: it is up, the order changed, or it dropped. */
export type OrderTrackingEvent = { type: 'stream.opened' } | { type: 'stream.changed' } | { type: 'stream.lost' };

export const ORDER_NOT_FOUND = 'Ordine non trovato.';
export const TRACKING_SUSPENDED = 'Aggiornamento automatico sospeso: riprovo tra poco.';

/**
 * The tracking page `/ordine/:token`: reads the order, then follows its stream; each event (and the
 * stream's opening, which may follow a gap) reads the order again. When the stream drops, the page
 * says so; the browser's EventSource reconnects by itself with Last-Event-ID, and every 30 s the page
 * reads the order and opens a new stream in case the browser gave up. A closed order
 * (delivered, collected, cancelled) stops it all: nothing changes any more.
 */
export const orderTrackingMachine = setup({
  types: {
    input: {} as { token: string },
    context: {} as { token: string; order: TrackedOrder | null },
    events: {} as OrderTrackingEvent,
    tags: {} as 'loading' | 'live' | 'fallback',
  },
  actors: {
    loadOrder: fromPromise<TrackingLookup, { token: string }>(async () => {
      throw new Error('loadOrder not provided');
    }),
    /** The order's event stream: sends `stream.opened`, a `stream.changed` per event, `stream.lost` when it drops. */
    followOrder: fromCallback<OrderTrackingEvent, { token: string }>(() => {
      throw new Error('followOrder not provided');
    }),
  },
  guards: {
    isMissing: (_, lookup: TrackingLookup) => !lookup.found,
    isClosed: (_, lookup: TrackingLookup) => lookup.found && lookup.order.closed,
    isLive: stateIn('#orderTracking.following.stream.live'),
  },
  actions: {
    showOrder: assign(({ context }, lookup: TrackingLookup) => ({ order: lookup.found ? lookup.order : context.order })),
  },
  delays: { ORDERS_REFRESH: 30_000 },
}).createMachine({
  id: 'orderTracking',
  context: ({ input }) => ({ token: input.token, order: null }),
  initial: 'following',
  states: {
    following: {
      type: 'parallel',
      states: {
        stream: {
          // A stream that cannot even open (no EventSource) is one that dropped.
          invoke: { id: 'followOrder', src: 'followOrder', input: ({ context }) => ({ token: context.token }), onError: '.fallback' },
          initial: 'connecting',
          states: {
            connecting: { on: { 'stream.opened': 'live', 'stream.lost': 'fallback' } },
            live: { tags: ['live'], on: { 'stream.lost': 'fallback' } },
            /**
             * The browser reconnects by itself meanwhile; every 30 s the page reads the order and opens
             * a new stream (the browser gives up after an error answer).
             */
            fallback: {
              tags: ['fallback'],
              on: { 'stream.opened': 'live' },
              after: { ORDERS_REFRESH: { target: '#orderTracking.following', reenter: true } },
            },
          },
        },
        order: {
          initial: 'reading',
          // A change, or a stream back after a gap: the order as it is now.
          on: { 'stream.changed': '.reading', 'stream.opened': '.reading' },
          states: {
            reading: {
              tags: ['loading'],
              invoke: {
                id: 'loadOrder',
                src: 'loadOrder',
                input: ({ context }) => ({ token: context.token }),
                onDone: [
                  { guard: { type: 'isMissing', params: ({ event }) => event.output }, target: '#orderTracking.notFound' },
                  {
                    guard: { type: 'isClosed', params: ({ event }) => event.output },
                    target: '#orderTracking.closed',
                    actions: { type: 'showOrder', params: ({ event }) => event.output },
                  },
                  { target: 'shown', actions: { type: 'showOrder', params: ({ event }) => event.output } },
                ],
                onError: 'failed',
              },
            },
            shown: {},
            /**
             * The read failed (network, too many requests): the last order stays. With the stream up the
             * next read is in 30 s; without it, the stream's own 30 s retry reads it.
             */
            failed: { tags: ['fallback'], after: { ORDERS_REFRESH: { guard: 'isLive', target: 'reading' } } },
          },
        },
      },
    },
    /** Delivered, collected or cancelled: the stream ends, the page stays as it is. */
    closed: { type: 'final' },
    notFound: { type: 'final' },
  },
});

export type OrderTrackingSnapshot = SnapshotFrom<typeof orderTrackingMachine>;

/** What the tracking page shows: the order and its steps, 'Ordine non trovato.', or that updates are paused. */
export function connectOrderTracking(snapshot: OrderTrackingSnapshot) {
  const { order } = snapshot.context;
  return {
    isLoading: snapshot.hasTag('loading') && order === null,
    notFound: snapshot.matches('notFound') ? ORDER_NOT_FOUND : null,
    notice: snapshot.hasTag('fallback') ? TRACKING_SUSPENDED : null,
    order: order && {
      title: `Ordine n. ${order.orderNum}`,
      greeting: `Ciao ${order.firstName}, ecco il tuo ordine.`,
      delivery: DELIVERY_LABELS[order.delivery],
      steps: order.steps.map((step) => ({ key: step.progress, label: step.label, isCurrent: step.current })),
      windowText: order.windowText,
      delayText: order.delayText,
      lines: order.lines.map((line, index) => ({
        key: index,
        text: `${line.qty} × ${line.description}`,
        total: formatEuro(line.totalCents),
      })),
      fee: order.deliveryFeeCents > 0 ? `${DELIVERY_FEE_LABEL}: ${formatEuro(order.deliveryFeeCents)}` : null,
      total: `Totale: ${formatEuro(order.totalCents)}`,
    },
  };
}

export type OrderTrackingView = ReturnType<typeof connectOrderTracking>;
