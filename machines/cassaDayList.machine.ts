import { assertEvent, assign, fromCallback, fromPromise, not, raise, setup, stateIn, type SnapshotFrom } from 'xstate';
import { canEditOrder, ORDER_STATUS } from '../src/domain';
import {
  applyChange,
  concernsList,
  delayChange,
  freshOnlineIds,
  listedOrder,
  noticeOf,
  stepChange,
  withPending,
} from './cassaDayList.changes';
import type { CassaDay, ChangeResult, OrderChange, CassaDayListContext, CassaDayListEvent, CassaDayListInput } from './cassaDayList.types';
import { queuedEntry, type OutboxEntry } from './cassaOutbox.machine';

/** How long the list waits before opening the stream again after each failure in a row. */
export const LIVE_RETRY_DELAYS = [1_000, 2_000, 5_000, 10_000, 30_000] as const;

/**
 * The cash desk's list of a day's orders: loads the picked day, refreshes every 30 s and whenever the
 * editor saves (`orders.refresh`), keeps the last list when a refresh fails, and never lets a new
 * online order go unnoticed (highlight, chime, count in the title). Printing, the delivered box, the
 * row's progress step and its delay change the row at once; the server hears about it in the `writer`
 * region, one change at a time (a change it cannot be reached for goes to the screen's outbox through
 * the provided `writeQueued`).
 * The `live` region follows the server's stream of order events (`followOrders`): while it is up, a
 * change of the day shown reloads the list at once (a tenth of a second gathers a burst) and the 30 s
 * refresh becomes a 2-minute backstop; when it fails, the list says so, polls every 30 s and opens
 * the stream again after a growing pause, reloading once it is back. The stream also tells of back-office
 * changes of the catalogue (`catalogue.changed`): the list reloads when the version is newer than its own.
 */
export const cassaDayListMachine = setup({
  types: {
    input: {} as CassaDayListInput,
    context: {} as CassaDayListContext,
    events: {} as CassaDayListEvent,
    tags: {} as 'loading' | 'failed' | 'saving' | 'live' | 'offline',
  },
  actors: {
    loadDay: fromPromise<CassaDay, { date: string | null }>(async () => {
      throw new Error('loadDay not provided');
    }),
    saveChange: fromPromise<ChangeResult, OrderChange>(async () => {
      throw new Error('saveChange not provided');
    }),
    /** The stream of order events: sends `live.opened`, a `live.event` per change, `live.lost` when it fails. */
    followOrders: fromCallback<CassaDayListEvent>(() => {
      throw new Error('followOrders not provided');
    }),
  },
  guards: {
    /** A refresh brought online orders that were not there before, and the chime is on. */
    shouldChime: ({ context }, day: CassaDay) => !context.muted && freshOnlineIds(context, day).length > 0,
    isAnotherDate: ({ context, event }) => {
      assertEvent(event, 'date.change');
      return event.date !== context.date;
    },
    isListed: ({ context, event }) => {
      assertEvent(event, ['order.print', 'order.delivered.toggle', 'order.progress', 'order.delay']);
      return listedOrder(context, event.id) !== undefined;
    },
    canOpen: ({ context, event }) => {
      assertEvent(event, 'order.open');
      const order = listedOrder(context, event.id);
      return order !== undefined && canEditOrder(order);
    },
    hasPendingChange: ({ context }) => context.pending.length > 0,
    hasTicket: ({ context }) => context.tickets.length > 0,
    isQueued: (_, result: ChangeResult) => result.kind === 'queued',
    /** Refused (the order was cancelled meanwhile) or failed (the server broke): nothing was written. */
    isNotWritten: (_, result: ChangeResult) => result.kind !== 'saved',
    /** Not following the stream: the list refreshes every 30 s. */
    isPolling: not(stateIn('#cassaDayList.live.streaming.healthy')),
    concernsList: ({ context, event }) => {
      assertEvent(event, 'live.event');
      return concernsList(context, event);
    },
    isNewElsewhere: ({ context, event }) => {
      assertEvent(event, 'live.event');
      return event.kind === 'created' && !concernsList(context, event);
    },
    wasLost: ({ context }) => context.liveFailures > 0,
    /** The back office changed the catalogue since the list was read (before the first answer, any change is newer). */
    isNewerCatalogue: ({ context, event }) => {
      assertEvent(event, 'catalogue.changed');
      return event.version > (context.day?.catalogueVersion ?? 0);
    },
  },
  actions: {
    showDay: assign(({ context }, day: CassaDay) => ({
      date: day.date,
      // Asked for no date, the server answered its today.
      today: context.date === null ? day.date : context.today,
      day: withPending(day, context.pending),
      knownIds: day.orders.map((o) => o.id),
      newIds: [...context.newIds.filter((id) => day.orders.some((o) => o.id === id)), ...freshOnlineIds(context, day)],
    })),
    /** The row changes at once; the server hears of it in the `writer` region. */
    enqueue: assign(({ context }, change: OrderChange) => ({
      day: applyChange(context.day!, change),
      pending: [...context.pending, change],
      notice: null,
    })),
    dropChange: assign({ pending: ({ context }) => context.pending.slice(1) }),
    countFailure: assign({ liveFailures: ({ context }) => context.liveFailures + 1 }),
    countElsewhere: assign({ otherDayOrders: ({ context }) => context.otherDayOrders + 1 }),
    reload: raise({ type: 'orders.refresh' }),
    /** Plays the new-order chime (provided by the page: Web Audio). */
    chime: () => {
      throw new Error('chime not provided');
    },
    /** Loads a ticket's PDF into the hidden print frame. */
    loadTicket: (_, _params: { id: number }) => {
      throw new Error('loadTicket not provided');
    },
    /** Prints the ticket the frame has loaded. */
    printTicket: (_, _params: { id: number }) => {
      throw new Error('printTicket not provided');
    },
    /** Puts a write the server could not be reached for in 'Da inviare' (the screen owns the outbox). */
    writeQueued: (_, _entry: OutboxEntry) => {
      throw new Error('writeQueued not provided');
    },
    /** Opens the order in the editor (provided by the page). */
    openOrder: (_, _params: { id: number }) => {
      throw new Error('openOrder not provided');
    },
  },
  delays: {
    ORDERS_REFRESH: 30_000,
    /** the backstop while the stream is up */
    ORDERS_REFRESH_LIVE: 120_000,
    /** events arriving together make one reload */
    LIVE_DEBOUNCE: 100,
    LIVE_RETRY: ({ context }) => LIVE_RETRY_DELAYS[Math.min(context.liveFailures, LIVE_RETRY_DELAYS.length) - 1] ?? LIVE_RETRY_DELAYS[0],
    PRINT: 500,
  },
}).createMachine({
  id: 'cassaDayList',
  type: 'parallel',
  context: ({ input }) => ({
    date: input.date,
    today: null,
    day: input.day ?? null,
    knownIds: null,
    newIds: [],
    muted: input.muted,
    pending: [],
    tickets: [],
    notice: null,
    liveFailures: 0,
    otherDayOrders: 0,
  }),
  on: {
    'order.print': {
      guard: 'isListed',
      actions: assign(({ context, event }) => {
        const change: OrderChange = { id: event.id, status: ORDER_STATUS.printed };
        return {
          day: applyChange(context.day!, change),
          pending: [...context.pending, change],
          tickets: [...context.tickets, event.id],
          newIds: context.newIds.filter((id) => id !== event.id),
          notice: null,
        };
      }),
    },
    'order.delivered.toggle': {
      guard: 'isListed',
      actions: {
        type: 'enqueue',
        params: ({ context, event }) => ({ id: event.id, delivered: listedOrder(context, event.id)!.delivered === 1 ? 0 : 1 }),
      },
    },
    'order.progress': {
      guard: 'isListed',
      actions: { type: 'enqueue', params: ({ context, event }) => stepChange(listedOrder(context, event.id)!, event.direction) },
    },
    'order.delay': {
      guard: 'isListed',
      actions: { type: 'enqueue', params: ({ context, event }) => delayChange(listedOrder(context, event.id)!, event.minutes) },
    },
    'order.open': {
      guard: 'canOpen',
      actions: [
        assign({ newIds: ({ context, event }) => context.newIds.filter((id) => id !== event.id) }),
        { type: 'openOrder', params: ({ event }) => ({ id: event.id }) },
      ],
    },
    'alert.mute.toggle': { actions: assign({ muted: ({ context }) => !context.muted }) },
    // A sold-out mark, a price, a slot capacity or a closed day: the list reads the day again, and its
    // answer's catalogue version tells the screen's editor to reload its products.
    'catalogue.changed': { guard: 'isNewerCatalogue', actions: 'reload' },
  },
  states: {
    list: {
      initial: 'loading',
      on: {
        // After the editor saves: load again, even if a load is under way (it may predate the save). The
        // child is entered again; `reenter` on this region would restart every region, the stream too.
        'orders.refresh': { target: '.loading' },
        'date.change': {
          guard: 'isAnotherDate',
          target: '.loading',
          actions: assign({ date: ({ event }) => event.date, day: null, knownIds: null, newIds: [], otherDayOrders: 0 }),
        },
      },
      states: {
        loading: {
          tags: ['loading'],
          invoke: {
            id: 'loadDay',
            src: 'loadDay',
            input: ({ context }) => ({ date: context.date }),
            onDone: [
              {
                guard: { type: 'shouldChime', params: ({ event }) => event.output },
                target: 'ready',
                actions: [{ type: 'showDay', params: ({ event }) => event.output }, 'chime'],
              },
              { target: 'ready', actions: { type: 'showDay', params: ({ event }) => event.output } },
            ],
            onError: 'failed',
          },
        },
        ready: {
          after: {
            ORDERS_REFRESH: { guard: 'isPolling', target: 'loading' },
            ORDERS_REFRESH_LIVE: 'loading',
          },
        },
        /** The last refresh failed: the last list stays on screen, and the next refresh is on its way. */
        failed: {
          tags: ['failed'],
          after: { ORDERS_REFRESH: 'loading' },
        },
      },
    },
    live: {
      initial: 'streaming',
      states: {
        streaming: {
          // An actor that cannot even open the stream (no EventSource) fails like a stream that drops.
          invoke: { id: 'followOrders', src: 'followOrders', onError: { target: 'lost', actions: 'countFailure' } },
          initial: 'connecting',
          states: {
            connecting: {
              on: {
                'live.opened': [
                  // Back after a failure: what changed meanwhile is on the server.
                  { guard: 'wasLost', target: 'healthy', actions: [assign({ liveFailures: 0 }), 'reload'] },
                  { target: 'healthy' },
                ],
                'live.lost': { target: '#cassaDayList.live.lost', actions: 'countFailure' },
              },
            },
            healthy: {
              tags: ['live'],
              initial: 'quiet',
              // Lost while it was up: the list refreshes now, then every 30 s.
              on: { 'live.lost': { target: '#cassaDayList.live.lost', actions: ['countFailure', 'reload'] } },
              states: {
                quiet: {
                  on: {
                    'live.event': [
                      { guard: 'concernsList', target: 'settling' },
                      { guard: 'isNewElsewhere', actions: 'countElsewhere' },
                    ],
                  },
                },
                /** A change came: the list reloads in a moment, with whatever else comes meanwhile. */
                settling: {
                  on: { 'live.event': { guard: 'isNewElsewhere', actions: 'countElsewhere' } },
                  after: { LIVE_DEBOUNCE: { target: 'quiet', actions: 'reload' } },
                },
              },
            },
          },
        },
        /** The stream failed: the list polls every 30 s, and the stream is opened again after a pause. */
        lost: {
          tags: ['offline'],
          after: { LIVE_RETRY: 'streaming' },
        },
      },
    },
    writer: {
      initial: 'idle',
      states: {
        idle: {
          always: { guard: 'hasPendingChange', target: 'writing' },
        },
        writing: {
          tags: ['saving'],
          invoke: {
            id: 'saveChange',
            src: 'saveChange',
            input: ({ context }) => context.pending[0]!,
            onDone: [
              {
                // The server could not be reached: the change waits in 'Da inviare', the row keeps it.
                guard: { type: 'isQueued', params: ({ event }) => event.output },
                target: 'idle',
                actions: ['dropChange', { type: 'writeQueued', params: ({ event }) => queuedEntry(event.output) }],
              },
              {
                // The server's list is the truth: show it again, without the change it did not take.
                guard: { type: 'isNotWritten', params: ({ event }) => event.output },
                target: 'idle',
                actions: ['dropChange', assign({ notice: ({ event }) => noticeOf(event.output) }), raise({ type: 'orders.refresh' })],
              },
              { target: 'idle', actions: 'dropChange' },
            ],
          },
        },
      },
    },
    printer: {
      initial: 'idle',
      states: {
        idle: {
          always: { guard: 'hasTicket', target: 'waiting' },
        },
        /** The frame loads the PDF; the browser's print dialog opens 0.5 s later. */
        waiting: {
          entry: { type: 'loadTicket', params: ({ context }) => ({ id: context.tickets[0]! }) },
          after: {
            PRINT: {
              target: 'idle',
              actions: [
                { type: 'printTicket', params: ({ context }) => ({ id: context.tickets[0]! }) },
                assign({ tickets: ({ context }) => context.tickets.slice(1) }),
              ],
            },
          },
        },
      },
    },
  },
});

export type CassaDayListSnapshot = SnapshotFrom<typeof cassaDayListMachine>;
