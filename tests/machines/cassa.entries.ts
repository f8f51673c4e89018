/** Path-coverage entries of the cassa's machines (added to machineRegistry in registry.ts). */
import { ApiError } from '../../src/api/client';
import { cassaDayFromWire } from '../../src/api/cassaActors';
import { orderPollingMachine, type OrderPollingSnapshot } from '../../machines/orderPolling.machine';
import { CASSA_TOMORROW, cassaDay, externalOrder, lateOnlineOrder, onlinePickup, phoneOrder } from '../mocks/cassa.fixtures';
import { internalEvents, invokeInput } from './pathCoverage';
import type { MachineEntry } from './registry';

const pollingEvents = internalEvents(orderPollingMachine);

/** Today's first answer, and the next one with a new online order in it; tomorrow is empty. */
export const firstAnswer = cassaDayFromWire(cassaDay([phoneOrder, onlinePickup, externalOrder]));
export const answerWithNewOrder = cassaDayFromWire(cassaDay([phoneOrder, onlinePickup, externalOrder, lateOnlineOrder]));
export const tomorrowAnswer = cassaDayFromWire(cassaDay([], CASSA_TOMORROW));

/** A day is answered with the new online order once the list has been seen (a refresh), tomorrow empty. */
export function answerFor(snapshot: OrderPollingSnapshot, date: string | null) {
  if (date === CASSA_TOMORROW) return tomorrowAnswer;
  return snapshot.context.knownIds === null ? firstAnswer : answerWithNewOrder;
}

/** The cashier acts on today's list when it is on screen and nothing is on its way (keeps the graph small). */
const idle = (s: OrderPollingSnapshot) =>
  !s.context.muted &&
  s.matches({ list: 'ready' }) &&
  s.context.day!.orders.length > 0 &&
  s.context.pending.length === 0 &&
  s.context.tickets.length === 0;
const firstLoad = (s: OrderPollingSnapshot) => s.context.knownIds === null && s.context.date === null;

export const orderPollingEntry: MachineEntry<typeof orderPollingMachine> = {
  name: 'orderPolling',
  machine: orderPollingMachine,
  input: { date: null, muted: false },
  // Three parallel regions: one path per edge covers the graph without the simple paths' explosion.
  maxSimplePathStates: 0,
  events: [
    (s) => (s.matches({ list: 'ready' }) ? { type: 'orders.refresh' } : null),
    (s) => (idle(s) && s.context.newIds.length === 0 ? { type: 'date.change', date: CASSA_TOMORROW } : null),
    (s) => (firstLoad(s) ? { type: 'alert.mute.toggle' } : null),
    (s) =>
      idle(s)
        ? [
            { type: 'order.print', id: s.context.newIds[0] ?? phoneOrder.id },
            { type: 'order.delivered.toggle', id: phoneOrder.id },
            { type: 'order.open', id: s.context.newIds[0] ?? phoneOrder.id },
            { type: 'order.open', id: externalOrder.id },
          ]
        : null,
    (s) => {
      const input = invokeInput<{ date: string | null }>(s, pollingEvents.invokeId('loadDay'));
      return input === undefined ? null : { type: pollingEvents.done('loadDay'), output: answerFor(s, input.date) };
    },
    (s) =>
      s.hasTag('loading') && s.context.newIds.length === 0
        ? { type: pollingEvents.error('loadDay'), error: new TypeError('Failed to fetch') }
        : null,
    // A print may be refused (the order was cancelled meanwhile), a delivered tick may hit a server outage.
    (s) => {
      if (!s.hasTag('saving')) return null;
      const change = s.context.pending[0]!;
      return [
        { type: pollingEvents.done('saveChange'), output: { ok: true } },
        'status' in change
          ? {
              type: pollingEvents.done('saveChange'),
              output: { ok: false, message: 'Questo ordine è stato annullato e non è modificabile.' },
            }
          : {
              type: pollingEvents.error('saveChange'),
              error: new ApiError(503, { message: 'Servizio non disponibile' }, 'Errore generico'),
            },
      ];
    },
    // The 0.5 s print timer always fires before a 30 s refresh: the refresh comes when no ticket waits.
    (s) => (s.matches({ printer: 'idle' }) ? { type: pollingEvents.after('orderPolling.list.ready', 'ORDERS_REFRESH') } : null),
    (s) => (s.matches({ printer: 'idle' }) ? { type: pollingEvents.after('orderPolling.list.failed', 'ORDERS_REFRESH') } : null),
    { type: pollingEvents.after('orderPolling.printer.waiting', 'PRINT') },
  ],
  serializeState: (s) =>
    JSON.stringify({
      value: s.value,
      date: s.context.date,
      orders: s.context.day?.orders.map((o) => `${o.id}:${o.status}${o.delivered}`).join(' ') ?? null,
      newIds: s.context.newIds,
      muted: s.context.muted,
      pending: s.context.pending,
      tickets: s.context.tickets.length,
      notice: s.context.notice !== null,
    }),
};
export const cassaEntries = [orderPollingEntry];
