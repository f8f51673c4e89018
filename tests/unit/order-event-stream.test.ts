import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  allOrders,
  matchesFilter,
  oneOrder,
  OrderEventStream,
  type OrderEvent,
  type OrderEventFilter,
  type StreamMessage,
  type StreamOptions,
} from '../../server/orders/order-event-stream';
import type { PrinterState } from '../../server/print/printer-status';

/** The table and the fan-out of one process, in memory: `commit` writes an event and fans it out. */
function fakeSource(pageSize = 2) {
  const table: OrderEvent[] = [];
  const listeners = new Set<(event: OrderEvent) => void>();
  return {
    source: {
      subscribe: (listener: (event: OrderEvent) => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      read: async (afterId: number, filter: OrderEventFilter) =>
        table.filter((e) => e.id > afterId && matchesFilter(filter, e)).slice(0, pageSize),
      latestId: async () => table.at(-1)?.id ?? 0,
      pageSize,
    },
    /** written, not yet fanned out (a commit whose notification is on its way) */
    write(orderId: number): OrderEvent {
      const event: OrderEvent = { id: table.length + 1, orderId, kind: 'updated', deliveryDate: '2026-11-18' };
      table.push(event);
      return event;
    },
    fanOut(event: OrderEvent) {
      for (const listener of listeners) listener(event);
    },
    commit(orderId: number) {
      this.fanOut(this.write(orderId));
    },
    listeners,
  };
}

const HOUR = 3_600_000;

function open(
  source: ReturnType<typeof fakeSource>['source'],
  lastId: number | null,
  filter: OrderEventFilter,
  options: Partial<StreamOptions> = {},
) {
  const stream = new OrderEventStream(source, lastId, filter, { heartbeatMs: HOUR, ...options });
  const iterator = stream[Symbol.asyncIterator]();
  const take = async (count: number) => {
    const taken: StreamMessage[] = [];
    while (taken.length < count) {
      const next = await iterator.next();
      if (next.done) break;
      taken.push(next.value);
    }
    return taken;
  };
  const orderIds = async (count: number) =>
    (await take(count)).map((m) => (m.type === 'event' ? `${m.event.id}:${m.event.orderId}` : 'heartbeat'));
  return { stream, take, orderIds };
}

afterEach(() => vi.useRealTimers());

describe('an order event stream', () => {
  it('replays after the last id, then follows live, each event once even when the replay already read it', async () => {
    const db = fakeSource();
    for (const order of [1, 2, 1, 3, 2]) db.commit(order);
    const { orderIds } = open(db.source, 2, allOrders);
    // Committed while the stream replays: read by the replay and fanned out too.
    const late = db.write(3);
    db.fanOut(late);
    db.commit(1);
    expect(await orderIds(5)).toEqual(['3:1', '4:3', '5:2', '6:3', '7:1']);
  });

  it('for one order carries only that order, in the replay and live', async () => {
    const db = fakeSource();
    for (const order of [7, 8, 7, 9, 7]) db.commit(order);
    const { orderIds, stream } = open(db.source, 1, oneOrder(7));
    expect(await orderIds(2)).toEqual(['3:7', '5:7']);
    db.commit(8);
    db.commit(7);
    expect(await orderIds(1)).toEqual(['7:7']);
    stream.close();
  });

  it('without a Last-Event-ID, or with one past every id (a database reset), starts live', async () => {
    const db = fakeSource();
    db.commit(1);
    for (const lastId of [null, 999_999]) {
      const { orderIds, stream } = open(db.source, lastId, allOrders);
      const live = db.write(2);
      db.fanOut(live);
      expect(await orderIds(1)).toEqual([`${live.id}:2`]);
      stream.close();
    }
  });

  it('tells the newest catalogue version heard after the waiting order events, one for a burst, and stops listening when closed', async () => {
    const db = fakeSource();
    const versions = new Set<(version: number) => void>();
    const catalogue = (listener: (version: number) => void) => {
      versions.add(listener);
      return () => versions.delete(listener);
    };
    const { stream, take } = open(db.source, null, allOrders, { catalogue });
    db.commit(1);
    for (const listener of versions) [41, 42].forEach((version) => listener(version));
    db.commit(2);
    expect(await take(3)).toEqual([
      { type: 'event', event: expect.objectContaining({ orderId: 1 }) },
      { type: 'event', event: expect.objectContaining({ orderId: 2 }) },
      { type: 'catalogue', version: 42 },
    ]);
    stream.close();
    expect(versions.size).toBe(0);
  });

  it("tells each printer's change once: the same state heard again (PostgreSQL's NOTIFY, a later report time) is not news", async () => {
    const db = fakeSource();
    let tell: (state: PrinterState) => void = () => undefined;
    const { take } = open(db.source, null, allOrders, { printers: (listener) => ((tell = listener), () => undefined) });
    const state = (paper: PrinterState['paper'], reportedAt: string): PrinterState => ({
      printer_id: 7,
      name: 'Cucina',
      reachable: true,
      paper,
      since: '2026-11-18T19:00:00.000Z',
      reported_at: reportedAt,
    });
    tell(state('ok', '2026-11-18T19:00:00.000Z'));
    expect(await take(1)).toEqual([{ type: 'printer', state: state('ok', '2026-11-18T19:00:00.000Z') }]);
    const next = take(1);
    tell(state('ok', '2026-11-18T19:00:05.000Z'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    tell(state('out', '2026-11-18T19:00:06.000Z'));
    expect(await next).toEqual([{ type: 'printer', state: state('out', '2026-11-18T19:00:06.000Z') }]);
  });

  it('ends a client that falls behind past its buffer (it reconnects and replays), and drops what waited', async () => {
    const db = fakeSource();
    const { stream, take } = open(db.source, null, allOrders, { bufferLimit: 3 });
    for (const order of [1, 2, 3]) db.commit(order);
    expect(db.listeners.size).toBe(1);
    db.commit(4);
    expect(await stream.ended).toBe('overflow');
    expect(db.listeners.size).toBe(0);
    expect(await take(1)).toEqual([]);
  });

  it('sends a heartbeat when quiet, and ends at the heartbeat where the session no longer holds', async () => {
    vi.useFakeTimers();
    const db = fakeSource();
    let sessionHolds = true;
    const { stream, take } = open(db.source, null, allOrders, { heartbeatMs: 20_000, stillValid: async () => sessionHolds });
    const next = take(1);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(await next).toEqual([{ type: 'heartbeat' }]);
    sessionHolds = false;
    await vi.advanceTimersByTimeAsync(20_000);
    expect(await stream.ended).toBe('revoked');
    expect(await take(1)).toEqual([]);
  });
});
