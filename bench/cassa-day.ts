/**
 * How long the cassa's day list takes to render with 300 orders: the `cassaDayList` machine is given a
 * generated day, its view-model (`connectCassaDayList`) is rendered by React into jsdom. Two figures,
 * median and p95 of BENCH_RUNS renders each (after BENCH_WARMUP unmeasured ones):
 *   - mount: connect + the first render of the whole widget (opening /cassa on a busy night);
 *   - refresh: connect + re-render after a 30 s refresh that changed one order (what happens all night).
 *
 *   npm run bench:cassa          (BENCH_ORDERS=300 BENCH_RUNS=40 BENCH_WARMUP=5)
 *
 * jsdom rather than Chromium: it measures our code (view-model, React reconciliation, DOM building)
 * without a server and a browser competing for the two cores; it does not measure layout and paint.
 * It starts no process and no timer outlives it.
 */
import { performance } from 'node:perf_hooks';
import { JSDOM } from 'jsdom';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { connectCassaDayList } from '../machines/cassaDayList.connect';
import { cassaDayListMachine } from '../machines/cassaDayList.machine';
import type { CassaDay, CassaListOrder, ChangeResult, OrderChange } from '../machines/cassaDayList.types';

const ORDERS = Number(process.env.BENCH_ORDERS) || 300;
const RUNS = Math.min(Number(process.env.BENCH_RUNS) || 40, 500);
const WARMUP = Math.min(Number(process.env.BENCH_WARMUP) || 5, 50);

// React's production build, as the cashier's browser runs it (set before React is imported below).
process.env.NODE_ENV = 'production';
const dom = new JSDOM('<!doctype html><html><body></body></html>', { pretendToBeVisual: true, url: 'http://localhost/cassa' });
// The browser's globals React and react-aria expect (window, document, SVGElement, CSS…), where Node has none.
const jsdomGlobals = dom.window as unknown as Record<string, unknown>;
for (const key of Object.getOwnPropertyNames(dom.window)) {
  if (!(key in globalThis)) Object.defineProperty(globalThis, key, { value: jsdomGlobals[key], configurable: true, writable: true });
}
for (const key of ['window', 'document', 'navigator']) {
  Object.defineProperty(globalThis, key, { value: jsdomGlobals[key], configurable: true, writable: true });
}
// jsdom has no CSS.escape; react-aria only escapes a constant meta name with it.
Object.assign(globalThis, { CSS: { escape: (value: string) => value.replace(/[^-\w]/g, '\\$&') } });

/** A Friday night: the orders spread over the 24 slots, every source, status and payment. */
function generatedDay(count: number, changed = -1): CassaDay {
  const orders: CassaListOrder[] = Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    orderNum: i + 1,
    name: `Cliente ${i + 1}`,
    totalCents: 1200 + ((i * 350) % 4000),
    paymentType: i % 3 === 0 ? 'Carta di credito' : 'Contanti',
    delivery: i % 4 === 0 ? 'ritiro' : 'consegna',
    zone: i % 4 === 0 ? null : ['Monteverde', 'Trastevere', 'Testaccio'][i % 3]!,
    sourceId: ((i % 3) + 1) as 1 | 2 | 3,
    status: (i === changed ? 1 : i % 3) as 0 | 1 | 2,
    delivered: (i % 5 === 0 ? 1 : 0) as 0 | 1,
    progress: i % 5 !== 0 ? 'preparing' : i % 4 === 0 ? 'collected' : 'delivered',
    delayMinutes: 0,
    deliveryTime: `${18 + Math.floor((i % 24) / 4)}:${String((i % 4) * 15).padStart(2, '0')}`,
    groupQuantities: { pizze: 1 + (i % 3), compositions: i % 2, calzoni: i % 4 === 0 ? 1 : 0 },
    unknownQuantity: i % 7 === 0 ? 1 : 0,
    // One order in ten tells of an allergy: the rows draw the mark too.
    allergyNote: i % 10 === 0 ? 'frutta a guscio' : null,
  }));
  const slots = Array.from({ length: 24 }, (_, s) => {
    const time = `${18 + Math.floor(s / 4)}:${String((s % 4) * 15).padStart(2, '0')}`;
    const inSlot = orders.filter((o) => o.deliveryTime === time);
    return { time, orders: inSlot.length, quantity: inSlot.length * 2, externalQuantity: inSlot.filter((o) => o.sourceId === 3).length };
  });
  const cardCents = orders.filter((o) => o.paymentType === 'Carta di credito').reduce((sum, o) => sum + o.totalCents, 0);
  const totalCents = orders.reduce((sum, o) => sum + o.totalCents, 0);
  const counters = {
    notDelivered: orders.filter((o) => o.delivered === 0).length,
    pending: orders.filter((o) => o.status === 0).length,
    reprint: orders.filter((o) => o.status === 2).length,
  };
  const totals = { totalCents, cashCents: totalCents - cardCents, cardCents };
  return { date: '2026-11-20', orders, totals, counters, slots, slotCapacity: 20, closedNotice: null, catalogueVersion: 1 };
}

/** The machine's snapshot once it has shown `day` (no timer left running: the actor is stopped). */
async function snapshotOf(day: CassaDay) {
  const actor = createActor(
    cassaDayListMachine.provide({
      actors: {
        loadDay: fromPromise(async () => day),
        saveChange: fromPromise<ChangeResult, OrderChange>(async () => ({ kind: 'saved' })),
        // No stream here: the list as it renders while the stream is connecting (no notice).
        followOrders: fromCallback(() => {}),
      },
      actions: { chime: () => {}, loadTicket: () => {}, printTicket: () => {}, openOrder: () => {}, writeQueued: () => {} },
    }),
    { input: { date: null, muted: true } },
  ).start();
  const snapshot = await waitFor(actor, (s) => s.matches({ list: 'ready' }));
  actor.stop();
  return snapshot;
}

const stats = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return `median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms`;
};

async function main() {
  const { createElement } = await import('react');
  const { flushSync } = await import('react-dom');
  const { createRoot } = await import('react-dom/client');
  const { OrdersWidget } = await import('../src/cassa/OrdersWidget');
  const send = () => {};
  const before = await snapshotOf(generatedDay(ORDERS));
  const after = await snapshotOf(generatedDay(ORDERS, Math.floor(ORDERS / 2)));
  const mount: number[] = [];
  const refresh: number[] = [];
  for (let run = 0; run < WARMUP + RUNS; run++) {
    const container = dom.window.document.createElement('div');
    dom.window.document.body.append(container);
    const root = createRoot(container);
    let start = performance.now();
    flushSync(() => root.render(createElement(OrdersWidget, { view: connectCassaDayList(before, send), onPrint: send })));
    const mounted = performance.now() - start;
    start = performance.now();
    flushSync(() => root.render(createElement(OrdersWidget, { view: connectCassaDayList(after, send), onPrint: send })));
    const refreshed = performance.now() - start;
    if (container.querySelectorAll('.cassa-row').length !== ORDERS) throw new Error('the list did not render every order');
    root.unmount();
    container.remove();
    if (run >= WARMUP) {
      mount.push(mounted);
      refresh.push(refreshed);
    }
  }
  console.log(`cassa day list, ${ORDERS} orders, ${RUNS} renders (jsdom, React production build, Node ${process.versions.node})`);
  console.log(`  mount   (open /cassa):        ${stats(mount)}`);
  console.log(`  refresh (one order changed):  ${stats(refresh)}`);
  dom.window.close();
}

await main();
