import { assertEvent, assign, fromPromise, raise, setup, type SnapshotFrom } from 'xstate';
import {
  CATEGORY_GROUPS,
  formatDecimalComma,
  ORDER_SOURCE,
  ORDER_STATUS,
  ORDER_STATUS_LABELS,
  DELIVERY_LABELS,
  PAYMENT_LABELS,
  type Cents,
  type DeliveryType,
  type OrderSource,
  type PaymentType,
} from '../src/domain';

/** One order as the day's list shows it (money in cents). */
export interface CassaListOrder {
  id: number;
  orderNum: number;
  name: string;
  totalCents: Cents;
  paymentType: PaymentType;
  delivery: DeliveryType;
  zone: string | null;
  sourceId: OrderSource;
  /** 0 In attesa, 1 Stampato, 2 Ristampa (cancelled orders are never listed) */
  status: 0 | 1 | 2;
  delivered: 0 | 1;
  deliveryTime: string;
  /** quantity per category id */
  categoryQuantities: Record<string, number>;
  unknownQuantity: number;
}

export interface SlotLoad {
  time: string;
  orders: number;
  quantity: number;
  externalQuantity: number;
}

/** A delivery day as the server answers it. */
export interface CassaDay {
  date: string;
  orders: CassaListOrder[];
  totals: { totalCents: Cents; cashCents: Cents; cardCents: Cents };
  slots: SlotLoad[];
  /** oven items a slot takes before it is full */
  slotCapacity: number;
}

/** A change the list makes at once and sends to the server behind the cashier's back. */
export type OrderChange = { id: number; status: 1 } | { id: number; delivered: 0 | 1 };
/** A change the server refused with a reason (a cancelled order, an order gone). */
export type ChangeResult = { ok: true } | { ok: false; message: string };

export interface OrderPollingInput {
  /** the day to show, yyyy-mm-dd; null for the shop's today (the server's clock decides what today is) */
  date: string | null;
  /** the chime for new online orders is off (remembered between visits) */
  muted: boolean;
}

export interface OrderPollingContext {
  /** null until the server has said which day "today" is */
  date: string | null;
  day: CassaDay | null;
  /** ids listed by the last answer for this date; null before the first one (nothing is new then) */
  knownIds: number[] | null;
  /** online orders that appeared in a refresh, highlighted until printed or opened */
  newIds: number[];
  muted: boolean;
  /** changes not yet confirmed by the server, oldest first */
  pending: OrderChange[];
  /** tickets to print, oldest first */
  tickets: number[];
  /** what the cassa says about a change the server did not take */
  notice: string | null;
}

export type OrderPollingEvent =
  | { type: 'date.change'; date: string }
  | { type: 'orders.refresh' }
  | { type: 'order.print'; id: number }
  | { type: 'order.delivered.toggle'; id: number }
  | { type: 'order.open'; id: number }
  | { type: 'alert.mute.toggle' };

export const SAVE_FAILED_MESSAGE = 'Non è stato possibile salvare la modifica: riprova.';

const applyChange = (order: CassaListOrder, change: OrderChange): CassaListOrder =>
  order.id !== change.id ? order : 'status' in change ? { ...order, status: change.status } : { ...order, delivered: change.delivered };

/** The server's day with the changes still on their way on top: a refresh never undoes a click. */
const withPending = (day: CassaDay, pending: readonly OrderChange[]): CassaDay => ({
  ...day,
  orders: day.orders.map((order) => pending.reduce(applyChange, order)),
});

const freshOnlineIds = (context: OrderPollingContext, day: CassaDay) =>
  context.knownIds === null
    ? []
    : day.orders.filter((o) => o.sourceId === ORDER_SOURCE.online && !context.knownIds!.includes(o.id)).map((o) => o.id);

const listedOrder = (context: OrderPollingContext, id: number) => context.day?.orders.find((o) => o.id === id);

/**
 * The cash desk's list of a day's orders: loads the picked day, refreshes every 30 s and whenever the
 * editor saves (`orders.refresh`), keeps the last list when a refresh fails, and never lets a new
 * online order go unnoticed (highlight, chime, count in the title). Printing and the delivered box
 * change the row at once; the server hears about it in the `writer` region, one change at a time.
 */
export const orderPollingMachine = setup({
  types: {
    input: {} as OrderPollingInput,
    context: {} as OrderPollingContext,
    events: {} as OrderPollingEvent,
    tags: {} as 'loading' | 'failed' | 'saving',
  },
  actors: {
    loadDay: fromPromise<CassaDay, { date: string | null }>(async () => {
      throw new Error('loadDay not provided');
    }),
    saveChange: fromPromise<ChangeResult, OrderChange>(async () => {
      throw new Error('saveChange not provided');
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
      assertEvent(event, ['order.print', 'order.delivered.toggle']);
      return listedOrder(context, event.id) !== undefined;
    },
    /** Orders of external platforms are listed but can never be opened. */
    canOpen: ({ context, event }) => {
      assertEvent(event, 'order.open');
      const order = listedOrder(context, event.id);
      return order !== undefined && order.sourceId !== ORDER_SOURCE.external;
    },
    hasPendingChange: ({ context }) => context.pending.length > 0,
    hasTicket: ({ context }) => context.tickets.length > 0,
    isRefused: (_, result: ChangeResult) => !result.ok,
  },
  actions: {
    showDay: assign(({ context }, day: CassaDay) => ({
      date: day.date,
      day: withPending(day, context.pending),
      knownIds: day.orders.map((o) => o.id),
      newIds: [...context.newIds.filter((id) => day.orders.some((o) => o.id === id)), ...freshOnlineIds(context, day)],
    })),
    dropChange: assign({ pending: ({ context }) => context.pending.slice(1) }),
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
    /** Opens the order in the editor (provided by the page). */
    openOrder: (_, _params: { id: number }) => {
      throw new Error('openOrder not provided');
    },
  },
  delays: { ORDERS_REFRESH: 30_000, PRINT: 500 },
}).createMachine({
  id: 'orderPolling',
  type: 'parallel',
  context: ({ input }) => ({
    date: input.date,
    day: null,
    knownIds: null,
    newIds: [],
    muted: input.muted,
    pending: [],
    tickets: [],
    notice: null,
  }),
  on: {
    'order.print': {
      guard: 'isListed',
      actions: assign(({ context, event }) => {
        const change: OrderChange = { id: event.id, status: ORDER_STATUS.printed };
        return {
          day: withPending(context.day!, [change]),
          pending: [...context.pending, change],
          tickets: [...context.tickets, event.id],
          newIds: context.newIds.filter((id) => id !== event.id),
          notice: null,
        };
      }),
    },
    'order.delivered.toggle': {
      guard: 'isListed',
      actions: assign(({ context, event }) => {
        const change: OrderChange = { id: event.id, delivered: listedOrder(context, event.id)!.delivered === 1 ? 0 : 1 };
        return { day: withPending(context.day!, [change]), pending: [...context.pending, change], notice: null };
      }),
    },
    'order.open': {
      guard: 'canOpen',
      actions: [
        assign({ newIds: ({ context, event }) => context.newIds.filter((id) => id !== event.id) }),
        { type: 'openOrder', params: ({ event }) => ({ id: event.id }) },
      ],
    },
    'alert.mute.toggle': { actions: assign({ muted: ({ context }) => !context.muted }) },
  },
  states: {
    list: {
      initial: 'loading',
      on: {
        // After the editor saves: load again, even if a load is under way (it may predate the save).
        'orders.refresh': { target: '.loading', reenter: true },
        'date.change': {
          guard: 'isAnotherDate',
          target: '.loading',
          reenter: true,
          actions: assign({ date: ({ event }) => event.date, day: null, knownIds: null, newIds: [] }),
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
          after: { ORDERS_REFRESH: 'loading' },
        },
        /** The last refresh failed: the last list stays on screen, and the next refresh is on its way. */
        failed: {
          tags: ['failed'],
          after: { ORDERS_REFRESH: 'loading' },
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
                // The server's list is the truth: show it again, without the refused change.
                guard: { type: 'isRefused', params: ({ event }) => event.output },
                target: 'idle',
                actions: [
                  'dropChange',
                  assign({ notice: ({ event }) => (event.output.ok ? null : event.output.message) }),
                  raise({ type: 'orders.refresh' }),
                ],
              },
              { target: 'idle', actions: 'dropChange' },
            ],
            onError: {
              target: 'idle',
              actions: ['dropChange', assign({ notice: SAVE_FAILED_MESSAGE }), raise({ type: 'orders.refresh' })],
            },
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

export type OrderPollingSnapshot = SnapshotFrom<typeof orderPollingMachine>;

const SOURCE_LABELS: Record<OrderSource, string> = { 1: 'Online', 2: 'Cassa', 3: 'Piattaforma esterna' };
export const EXTERNAL_ORDER_REASON = 'Gli ordini delle piattaforme esterne non si possono modificare.';

/** 'Totale: 40,50 € (23,50 € Contanti / Da pagare | 17,00 € Carta di credito / Pagato)', or 'Totale: 0,00 €'. */
export function totalsText(totals: CassaDay['totals']): string {
  if (totals.totalCents === 0) return 'Totale: 0,00 €';
  return (
    `Totale: ${formatDecimalComma(totals.totalCents)} € (${formatDecimalComma(totals.cashCents)} € ${PAYMENT_LABELS.Contanti}` +
    ` | ${formatDecimalComma(totals.cardCents)} € ${PAYMENT_LABELS['Carta di credito']})`
  );
}

const groupCount = (order: CassaListOrder, ids: readonly number[]) =>
  ids.reduce((sum, id) => sum + (order.categoryQuantities[String(id)] ?? 0), 0);

/** The four counts of a row: pizze/pinse, compositions, calzoni/focacce, and what cannot be classed. */
export function categoryCounts(order: CassaListOrder) {
  return [
    { label: 'Pizze e pinse', count: groupCount(order, CATEGORY_GROUPS.pizze) },
    { label: 'Composizioni', count: groupCount(order, CATEGORY_GROUPS.compositions) },
    { label: 'Calzoni e focacce', count: groupCount(order, CATEGORY_GROUPS.calzoni) },
    { label: 'Non catalogabile', count: order.unknownQuantity },
  ];
}

/** The header's counters, from the list as the cashier sees it (clicks included). */
export function orderCounters(orders: readonly CassaListOrder[]) {
  return [
    { label: 'Non consegnati', value: orders.filter((o) => o.delivered === 0).length },
    { label: 'In attesa', value: orders.filter((o) => o.status === ORDER_STATUS.pending).length },
    { label: 'Modificati', value: orders.filter((o) => o.status === ORDER_STATUS.reprint).length },
  ];
}

/** What the cassa's list shows and the handlers it calls; pure, so path tests assert it at every step. */
export function connectOrderPolling(snapshot: OrderPollingSnapshot, send: (event: OrderPollingEvent) => void) {
  const { day, date, newIds, muted, notice } = snapshot.context;
  const isLoading = snapshot.hasTag('loading');
  const orders = day?.orders ?? [];
  const newCount = newIds.length;
  return {
    date: date ?? '',
    isLoading,
    onDateChange: (next: string) => send({ type: 'date.change', date: next }),
    refreshButton: { isDisabled: isLoading, onPress: () => send({ type: 'orders.refresh' }) },
    failure: snapshot.hasTag('failed')
      ? day
        ? 'Aggiornamento non riuscito: la lista potrebbe non essere aggiornata. Nuovo tentativo tra 30 secondi.'
        : 'Non è stato possibile caricare gli ordini. Nuovo tentativo tra 30 secondi.'
      : null,
    notice,
    totals: day ? totalsText(day.totals) : null,
    slots: (day?.slots ?? []).map((slot) => ({ ...slot, isOverCapacity: slot.quantity > day!.slotCapacity })),
    slotCapacity: day?.slotCapacity ?? null,
    counters: day ? orderCounters(orders) : null,
    emptyMessage: day && orders.length === 0 ? 'Nessun ordine per questo giorno.' : null,
    newCount,
    pageTitle: newCount > 0 ? `(${newCount}) Cassa` : 'Cassa',
    muteButton: {
      isSelected: muted,
      label: muted ? 'Avviso sonoro disattivato' : 'Avviso sonoro attivo',
      onChange: () => send({ type: 'alert.mute.toggle' }),
    },
    rows: orders.map((order) => {
      const canOpen = order.sourceId !== ORDER_SOURCE.external;
      return {
        id: order.id,
        name: order.name,
        sourceId: order.sourceId,
        sourceLabel: SOURCE_LABELS[order.sourceId],
        summary: `Ordine numero #${order.orderNum} - ${formatDecimalComma(order.totalCents)} € - ${PAYMENT_LABELS[order.paymentType]}`,
        place: order.delivery === 'ritiro' ? DELIVERY_LABELS.ritiro : (order.zone ?? 'Zona non indicata'),
        counts: categoryCounts(order),
        deliveryTime: order.deliveryTime,
        statusLabel: ORDER_STATUS_LABELS[order.status],
        status: order.status,
        isNew: newIds.includes(order.id),
        isDelivered: order.delivered === 1,
        deliveredCheckbox: {
          isSelected: order.delivered === 1,
          label: order.delivered === 1 ? 'Consegnato' : 'Non Consegnato',
          onChange: () => send({ type: 'order.delivered.toggle', id: order.id }),
        },
        openButton: {
          isDisabled: !canOpen,
          reason: canOpen ? null : EXTERNAL_ORDER_REASON,
          onPress: () => send({ type: 'order.open', id: order.id }),
        },
        printButton: { label: `Stampa ordine numero ${order.orderNum}`, onPress: () => send({ type: 'order.print', id: order.id }) },
      };
    }),
  };
}

export type OrderPollingView = ReturnType<typeof connectOrderPolling>;
