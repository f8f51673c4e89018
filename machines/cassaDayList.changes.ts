import { ORDER_STATUS } from '../src/domain';
import type { CassaDay, CassaListOrder, DayCounters, OrderChange } from './cassaDayList.types';

/** What one order adds to the header's counters. */
const countsOf = (order: CassaListOrder): DayCounters => ({
  notDelivered: order.delivered === 0 ? 1 : 0,
  pending: order.status === ORDER_STATUS.pending ? 1 : 0,
  reprint: order.status === ORDER_STATUS.reprint ? 1 : 0,
});

/** A click on the day: its row changes, and the server's counters move by what that row counted. */
export function applyChange(day: CassaDay, change: OrderChange): CassaDay {
  const before = day.orders.find((o) => o.id === change.id);
  if (!before) return day;
  const after = 'status' in change ? { ...before, status: change.status } : { ...before, delivered: change.delivered };
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
