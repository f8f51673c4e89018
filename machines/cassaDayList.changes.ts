import { ORDER_SOURCE, ORDER_STATUS, orderProgress, progressStep, type ProgressDirection, type ProgressFacts } from '../src/domain';
import type { DelayMinutes } from './cassaOutbox.machine';
import type {
  CassaDay,
  CassaDayListContext,
  CassaListOrder,
  ChangeResult,
  DayCounters,
  LiveOrderEvent,
  OrderChange,
} from './cassaDayList.types';

/** What one order adds to the header's counters. */
const countsOf = (order: CassaListOrder): DayCounters => ({
  notDelivered: order.delivered === 0 ? 1 : 0,
  pending: order.status === ORDER_STATUS.pending ? 1 : 0,
  reprint: order.status === ORDER_STATUS.reprint ? 1 : 0,
});

/** The facts the progress rule reads, as a listed order holds them (out or ready: its dispatch was tapped). */
const factsOf = (order: CassaListOrder): ProgressFacts => ({
  status: order.status,
  delivered: order.delivered,
  delivery: order.delivery,
  dispatchedAt: order.progress === 'on_the_way' || order.progress === 'ready' ? 'tapped' : null,
});

/** The row with its progress read again from its facts (a print, a delivered tick). */
function withProgress(order: CassaListOrder, facts: ProgressFacts): CassaListOrder {
  return { ...order, status: facts.status as CassaListOrder['status'], delivered: facts.delivered, progress: orderProgress(facts) };
}

/** The row one step further or back; as it is when there is no step that way (the server will say why). */
export function stepChange(order: CassaListOrder, direction: ProgressDirection): OrderChange {
  const step = progressStep(factsOf(order), direction);
  const after = step
    ? withProgress(order, {
        ...factsOf(order),
        status: step.status,
        delivered: step.delivered,
        dispatchedAt: step.dispatched ? 'tapped' : null,
      })
    : order;
  return { id: order.id, direction, after: { status: after.status, delivered: after.delivered, progress: after.progress } };
}

/** The row's time moved by `minutes` more. */
export const delayChange = (order: CassaListOrder, minutes: DelayMinutes): OrderChange => ({
  id: order.id,
  delay: minutes,
  delayMinutes: order.delayMinutes + minutes,
});

/** The row after one change: each says what the row becomes, so applying it again changes nothing. */
function changed(order: CassaListOrder, change: OrderChange): CassaListOrder {
  const facts = factsOf(order);
  if ('status' in change) return withProgress(order, { ...facts, status: change.status });
  if ('delivered' in change) return withProgress(order, { ...facts, delivered: change.delivered });
  if ('delay' in change) return { ...order, delayMinutes: change.delayMinutes };
  return { ...order, ...change.after };
}

/** A click on the day: its row changes, and the server's counters move by what that row counted. */
export function applyChange(day: CassaDay, change: OrderChange): CassaDay {
  const before = day.orders.find((o) => o.id === change.id);
  if (!before) return day;
  const after = changed(before, change);
  const [was, is] = [countsOf(before), countsOf(after)];
  return {
    ...day,
    orders: day.orders.map((o) => (o === before ? after : o)),
    counters: {
      notDelivered: day.counters.notDelivered - was.notDelivered + is.notDelivered,
      pending: day.counters.pending - was.pending + is.pending,
      reprint: day.counters.reprint - was.reprint + is.reprint,
    },
  };
}

/** The server's day with the changes still on their way on top: a refresh never undoes a click. */
export const withPending = (day: CassaDay, pending: readonly OrderChange[]): CassaDay => pending.reduce(applyChange, day);

export const SAVE_FAILED_MESSAGE = 'Non è stato possibile salvare la modifica: riprova.';

/** What the list says of a change the server did not take: its reason, or that it failed. */
export const noticeOf = (outcome: ChangeResult) =>
  outcome.kind === 'failed' ? SAVE_FAILED_MESSAGE : outcome.kind === 'refused' || outcome.kind === 'stale' ? outcome.message : null;

export const freshOnlineIds = (context: CassaDayListContext, day: CassaDay) =>
  context.knownIds === null
    ? []
    : day.orders.filter((o) => o.sourceId === ORDER_SOURCE.online && !context.knownIds!.includes(o.id)).map((o) => o.id);

export const listedOrder = (context: CassaDayListContext, id: number) => context.day?.orders.find((o) => o.id === id);

/** A live event the list must show: its day is the one shown (or not known yet), or the order is listed (it moved away). */
export const concernsList = (context: CassaDayListContext, event: LiveOrderEvent) =>
  context.date === null || event.deliveryDate === context.date || listedOrder(context, event.orderId) !== undefined;
