/**
 * What open tracking streams cost (issue 30): STREAMS online orders placed through the checkout, one
 * tracking stream per order (its token from the checkout's tracking_url), and the cassa's own stream.
 * Prints, on SQLite (the real server, one process) and, when DATABASE_URL is a postgres:// URL,
 * through HAProxy in front of 3 processes on a fresh PostgreSQL database:
 * - the server processes' RSS and heap after a full GC, and the app's live timers, before opening the
 *   streams, with half and all of them open, and after closing them: KB and timers per stream;
 * - from a cassa tap (next step or +10 min, through the staff API) to the event at that order's
 *   tracking stream: p50, p95, max over TAPS taps on as many orders;
 * - the p95 from a tap to the event at the cassa's stream with 500 tracking streams open and with
 *   none (taps before opening and after closing them), and their ratio.
 *
 *   bash scripts/with-postgres.sh npm run bench:track      (builds dist/ first when it is missing)
 *
 * Loopback only. The tracking streams come from 10 loopback addresses (127.0.0.10…), 50 each, as from
 * many phones: the tracking limit counts 60 requests a minute per address. Every server, balancer and
 * stream it opens, it closes, also on error.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { buildFrontend } from '../scripts/build';
import { ADMIN_EMAIL, ADMIN_PASSWORD, adminToken, startCluster } from '../scripts/cluster';
import { DIST, startRealServer } from '../scripts/real-server';
import { checkoutOptions } from './checkout-load';
import { percentile } from './stats';

const STREAMS = 500;
const TAPS = 200;
/** Taps with no tracking stream open, before opening them and again after closing them. */
const BASELINE_TAPS = 50;
const STREAMS_PER_ADDRESS = 50;
/** Checkouts and stream openings in flight at once. */
const CONCURRENCY = 8;
/** An event not heard after this long counts as this long (and is reported). */
const GIVE_UP_MS = 5_000;
const CLUSTER_PROCESSES = 3;
/** The wait for the servers to let closed streams go: behind HAProxy some notice only when a heartbeat (every 20 s) is written. */
const RELEASE_WAIT_MS = 30_000;

/**
 * Loaded into each server process before the app (NODE_OPTIONS --import): on SIGUSR2 it prints the
 * process's memory after a full GC and how many timers the app holds (heartbeats included, though
 * unref'd). A string: tsx would wrap a function's inner helpers in its own `__name`.
 */
const PROBE = `import v8 from 'node:v8';
import vm from 'node:vm';
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc');
const timers = new Set();
const track = (make, once) => {
  const original = globalThis[make];
  globalThis[make] = function (callback, ...rest) {
    const timer = original.call(this, typeof callback === 'function' ? (...args) => { if (once) timers.delete(timer); return callback(...args); } : callback, ...rest);
    timers.add(timer);
    return timer;
  };
};
track('setTimeout', true);
track('setInterval', false);
for (const clear of ['clearTimeout', 'clearInterval']) {
  const original = globalThis[clear];
  globalThis[clear] = function (timer) { timers.delete(timer); return original.call(this, timer); };
}
let asked = 0;
process.on('SIGUSR2', () => {
  gc();
  const { rss, heapUsed } = process.memoryUsage();
  console.log('BENCH-MEMORY ' + ++asked + ' ' + JSON.stringify({ rss, heap: heapUsed, timers: timers.size }));
});`;
const PROBE_OPTION = `--import=data:text/javascript,${encodeURIComponent(PROBE)}`;

interface ServerProcess {
  name: string;
  child: ChildProcess;
  output(): string;
}

interface Deployment {
  title: string;
  url: string;
  processes: ServerProcess[];
  stop(): Promise<void>;
}

interface Memory {
  rss: number;
  heap: number;
  timers: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const asked = new Map<ChildProcess, number>();

/** One process's memory, as its probe prints it when signalled. */
async function memoryOf({ name, child, output }: ServerProcess): Promise<Memory> {
  const n = (asked.get(child) ?? 0) + 1;
  asked.set(child, n);
  child.kill('SIGUSR2');
  const line = new RegExp(`BENCH-MEMORY ${n} (\\{.*\\})`);
  for (let tries = 0; tries < 200; tries++) {
    const printed = line.exec(output())?.[1];
    if (printed) return JSON.parse(printed) as Memory;
    await pause(50);
  }
  throw new Error(`${name} printed no memory figures:\n${output().slice(-2_000)}`);
}

/** The processes' memory, each and summed. */
async function memory(processes: ServerProcess[]): Promise<{ each: Memory[]; total: Memory }> {
  const each = await Promise.all(processes.map(memoryOf));
  const total = each.reduce((sum, m) => ({ rss: sum.rss + m.rss, heap: sum.heap + m.heap, timers: sum.timers + m.timers }));
  return { each, total };
}

/** An event stream read as it comes: `heard(order)` gives when the next event of that order arrived. */
class LiveStream {
  readonly #waiting = new Map<number, (at: number) => void>();

  private constructor(private readonly request: http.ClientRequest) {}

  static open(url: string, headers: Record<string, string>, localAddress?: string): Promise<LiveStream> {
    return new Promise((resolve, reject) => {
      const request = http.get(url, { headers: { ...headers, accept: 'text/event-stream' }, localAddress, agent: false }, (response) => {
        if (response.statusCode !== 200) {
          request.destroy();
          return reject(new Error(`${url} answered ${response.statusCode}`));
        }
        const stream = new LiveStream(request);
        let buffer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          const at = performance.now();
          const blocks = (buffer + chunk).split('\n\n');
          buffer = blocks.pop()!;
          for (const data of blocks.map((block) => /^data: (.*)$/m.exec(block)?.[1]).filter(Boolean)) {
            const { order_id: orderId } = JSON.parse(data!) as { order_id: number };
            stream.#waiting.get(orderId)?.(at);
          }
        });
        resolve(stream);
      });
      // A stream that fails later simply stops hearing: its taps count as missed.
      request.on('error', reject);
    });
  }

  heard(orderId: number): Promise<number | undefined> {
    return new Promise((resolve) => {
      const done = (at: number | undefined) => {
        clearTimeout(timer);
        this.#waiting.delete(orderId);
        resolve(at);
      };
      const timer = setTimeout(() => done(undefined), GIVE_UP_MS);
      this.#waiting.set(orderId, done);
    });
  }

  close(): void {
    this.request.destroy();
  }
}

/** Runs `work` on every item, `CONCURRENCY` at a time, in order of the items. */
async function inTurns<T, R>(items: T[], work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) results[i] = await work(items[i]!, i);
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return results;
}

interface Order {
  id: number;
  token: string;
}

/** The checkout request bench:checkout repeats, as fetch takes it: its headers carry the staff's token and XSRF pair. */
async function checkoutRequest(url: string, token: string, product?: number) {
  const { url: checkout, method, headers, body } = await checkoutOptions({ url, token, product });
  return { url: checkout!, init: { method, headers: headers as Record<string, string>, body: body as string } };
}

async function placeOrders(url: string, staffToken: string): Promise<Order[]> {
  const menu = (await fetch(`${url}/api/v1/ecommerce/webapp`).then((r) => r.json())) as { products: { id: number; name: string }[] };
  // A drink takes no oven room: every order fits in one slot.
  const checkout = await checkoutRequest(url, staffToken, menu.products.find((p) => p.name === 'Acqua naturale 50 cl')!.id);
  return inTurns(Array.from({ length: STREAMS }), async () => {
    const response = await fetch(checkout.url, checkout.init);
    const answer = (await response.json()) as { order: { id: number }; tracking_url: string | null };
    if (response.status !== 201 || !answer.tracking_url) throw new Error(`checkout: ${response.status} ${JSON.stringify(answer)}`);
    return { id: answer.order.id, token: answer.tracking_url.split('/').at(-1)! };
  });
}

interface Heard {
  tracking: number[];
  cassa: number[];
  /** the tap's own answer */
  answered: number[];
  missed: number;
}

/**
 * One tap per order, one at a time, alternating the next step and +10 min: each timed from its request
 * to its event at the cassa's stream and, when open, at that order's tracking stream.
 */
async function tapEach(url: string, staff: Record<string, string>, orders: Order[], cassa: LiveStream, tracking?: Map<number, LiveStream>) {
  const heard: Heard = { tracking: [], cassa: [], answered: [], missed: 0 };
  for (const [i, order] of orders.entries()) {
    const [step, body] = i % 2 ? ['delay', { minutes: 10 }] : ['progress', { direction: 'next' }];
    const tapped = performance.now();
    const arrivals = Promise.all([cassa.heard(order.id), tracking?.get(order.id)!.heard(order.id)]);
    const response = await fetch(`${url}/api/v1/ecommerce/cassa/orders/${order.id}/${step}`, {
      method: 'POST',
      headers: staff,
      body: JSON.stringify(body),
    });
    if (response.status !== 200) throw new Error(`${step} of order ${order.id}: ${response.status} ${await response.text()}`);
    heard.answered.push(performance.now() - tapped);
    const [atCassa, atTracking] = await arrivals;
    const took = (at: number | undefined) => {
      if (at === undefined) heard.missed++;
      return at === undefined ? GIVE_UP_MS : at - tapped;
    };
    heard.cassa.push(took(atCassa));
    if (tracking) heard.tracking.push(took(atTracking));
  }
  return heard;
}

const ms = (value: number) => `${value.toFixed(0)} ms`;
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1).padStart(8);
const spread = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `p50 ${ms(percentile(sorted, 50))}  p95 ${ms(percentile(sorted, 95))}  max ${ms(sorted.at(-1)!)}`;
};

async function measure({ title, url, processes }: Deployment): Promise<boolean> {
  const staffToken = await adminToken(url);
  const orders = await placeOrders(url, staffToken);
  const staff = (await checkoutRequest(url, staffToken)).init.headers;
  const cassa = await LiveStream.open(`${url}/api/v1/ecommerce/cassa/events`, { authorization: `Bearer ${staffToken}` });
  const tracking = new Map<number, LiveStream>();
  const openStreams = (from: number, to: number) =>
    inTurns(orders.slice(from, to), async (order, i) => {
      const address = `127.0.0.${10 + Math.floor((from + i) / STREAMS_PER_ADDRESS)}`;
      tracking.set(order.id, await LiveStream.open(`${url}/api/v1/ecommerce/orders/track/${order.token}/events`, {}, address));
    });
  try {
    const before = await tapEach(url, staff, orders.slice(0, BASELINE_TAPS), cassa);
    const idle = await memory(processes);
    await openStreams(0, STREAMS / 2);
    const half = await memory(processes);
    await openStreams(STREAMS / 2, STREAMS);
    const full = await memory(processes);
    const open = await tapEach(url, staff, orders.slice(BASELINE_TAPS, BASELINE_TAPS + TAPS), cassa, tracking);
    for (const stream of tracking.values()) stream.close();
    // Closed once every process has let its streams go (their heartbeats stopped).
    const closedAt = performance.now();
    let closed = await memory(processes);
    while (closed.total.timers > idle.total.timers && performance.now() - closedAt < RELEASE_WAIT_MS) {
      await pause(1_000);
      closed = await memory(processes);
    }
    const releasedAfter = (performance.now() - closedAt) / 1000;
    const stillHeld = closed.total.timers - idle.total.timers;
    const after = await tapEach(url, staff, orders.slice(BASELINE_TAPS + TAPS, 2 * BASELINE_TAPS + TAPS), cassa);

    console.log(`\n${title}: ${STREAMS} tracking streams\n\n${''.padEnd(28)}RSS MB   heap MB   app timers`);
    const row = (label: string, m: Memory) =>
      console.log(`${label.padEnd(28)}${mb(m.rss)}  ${mb(m.heap)}  ${String(m.timers).padStart(10)}`);
    row('before opening', idle.total);
    row(`${STREAMS / 2} open`, half.total);
    row(`${STREAMS} open`, full.total);
    row(
      stillHeld > 0 ? `closed, ${stillHeld} held after ${releasedAfter.toFixed(0)} s` : `closed, let go in ${releasedAfter.toFixed(1)} s`,
      closed.total,
    );
    const perStream = (label: string, from: Memory, to: Memory, streams: number) =>
      console.log(
        `per stream, ${label.padEnd(10)} RSS ${((to.rss - from.rss) / 1024 / streams).toFixed(1)} KB, heap ${((to.heap - from.heap) / 1024 / streams).toFixed(1)} KB, timers ${((to.timers - from.timers) / streams).toFixed(2)}`,
      );
    perStream(`0 → ${STREAMS / 2}`, idle.total, half.total, STREAMS / 2);
    perStream(`${STREAMS / 2} → ${STREAMS}`, half.total, full.total, STREAMS / 2);
    perStream(`0 → ${STREAMS}`, idle.total, full.total, STREAMS);
    if (processes.length > 1) {
      const held = processes.map((p, i) => `${p.name} ${full.each[i]!.timers - idle.each[i]!.timers}`);
      console.log(`streams held (their heartbeats): ${held.join(', ')}`);
    }
    const quiet = [...before.cassa, ...after.cassa].sort((a, b) => a - b);
    const busy = [...open.cassa].sort((a, b) => a - b);
    console.log(`\ntap → its order's tracking stream, ${STREAMS} open (${TAPS} taps):  ${spread(open.tracking)}`);
    console.log(`tap → cassa stream, ${STREAMS} tracking streams open (${TAPS} taps):  ${spread(busy)}`);
    console.log(`tap → cassa stream, none open (${2 * BASELINE_TAPS} taps, before and after):  ${spread(quiet)}`);
    console.log(`cassa stream p95, ${STREAMS} open / none: ${(percentile(busy, 95) / percentile(quiet, 95)).toFixed(2)}`);
    console.log(
      `the tap's own answer: ${STREAMS} open ${spread(open.answered)}; none open ${spread([...before.answered, ...after.answered])}`,
    );
    const missed = before.missed + open.missed + after.missed;
    if (missed) console.log(`${missed} events NOT heard within ${GIVE_UP_MS / 1000} s`);
    return missed === 0;
  } finally {
    cassa.close();
    for (const stream of tracking.values()) stream.close();
  }
}

async function sqlite(): Promise<Deployment> {
  if (!fs.existsSync(path.join(DIST, 'index.html'))) await buildFrontend();
  const server = await startRealServer({ ADMIN_EMAIL, ADMIN_PASSWORD, SEED_DEMO_ORDERS: '0', NODE_OPTIONS: probed() });
  return {
    title: 'SQLite, one process',
    url: server.baseUrl,
    processes: [{ name: 'server', child: server.child, output: server.output }],
    stop: () => server.stop(),
  };
}

async function cluster(): Promise<Deployment> {
  const started = await startCluster({ processes: CLUSTER_PROCESSES, env: { NODE_OPTIONS: probed() } });
  return { title: `PostgreSQL, HAProxy + ${CLUSTER_PROCESSES} processes`, url: started.url, processes: started.nodes, stop: started.stop };
}

/** The servers' NODE_OPTIONS with the probe added. */
const probed = () => [process.env.NODE_OPTIONS, PROBE_OPTION].filter(Boolean).join(' ');

console.log(`Open tracking streams, loopback, Node ${process.version}`);
const deployments = process.env.DATABASE_URL?.startsWith('postgres') ? [sqlite, cluster] : [sqlite];
for (const start of deployments) {
  const deployment = await start();
  try {
    if (!(await measure(deployment))) process.exitCode = 1;
  } finally {
    await deployment.stop();
  }
}
