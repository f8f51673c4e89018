/**
 * Checkout throughput at 50 concurrent clients, beside a bare Fastify hello-world started in the same
 * run, plus a single client's checkout latency on an empty day and on a day of ~6000 orders.
 *
 *   npm run bench:checkout        (BENCH_ORDERS=4000 BENCH_CONNECTIONS=50 BENCH_SECONDS=8 for bare Fastify)
 *   BENCH_CPU_PROF=dir npm run bench:checkout    also writes the app server's CPU profile to dir
 *
 * Loopback only; every server is a child process this script stops itself. Afterwards it counts the
 * orders in the database: every 2xx must be exactly one order (none lost, none twice).
 * With DATABASE_URL=postgres://… the app runs on a fresh PostgreSQL database, dropped at the end.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { checkoutOptions, countOrders, timedRun } from './checkout-load';
import { benchDatabase } from './database';

const SECONDS = Number(process.env.BENCH_SECONDS) || 8;
/** The loaded run is a fixed number of orders, so every answer is in before the orders are counted. */
const ORDERS = Number(process.env.BENCH_ORDERS) || 4000;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS) || 50;
const DAY_ORDERS = 6000;
/** Unmeasured orders before the loaded run, as bare Fastify gets 2 s of unmeasured load. */
const WARMUP_ORDERS = 500;
const self = fileURLToPath(import.meta.url);

/** `file`: a SQLite file path or a PostgreSQL URL, as openDatabase takes it. */
async function serve(kind: string, file: string): Promise<void> {
  const { default: Fastify } = await import('fastify');
  if (kind === 'bare') {
    const app = Fastify();
    app.get('/', async () => ({ hello: 'world' }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    console.log(`READY ${JSON.stringify({ port: (app.server.address() as { port: number }).port })}`);
    return;
  }
  const { seededApp } = await import('./seeded-app');
  const { app, services, handle } = await seededApp(file, {
    mediaDir: path.join(os.tmpdir(), 'pizzeria-bench-media'),
    settings: { slot_capacity: '1000000' },
  });
  services.catalog.invalidate();
  const user = await services.auth.createUser({
    name: 'Bench',
    email: 'bench@example.it',
    password: 'Forno-a-legna-42',
    role: 'customer',
    verified: true,
  });
  const token = await services.auth.issueToken({ id: user.id, role: 'customer' });
  const product = await handle.db.selectFrom('products').select('id').where('name', '=', 'Margherita').executeTakeFirstOrThrow();
  await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`READY ${JSON.stringify({ port: (app.server.address() as { port: number }).port, token, product: product.id })}`);
  process.once('SIGTERM', async () => {
    await app.close();
    await handle.close();
    process.exit(0);
  });
}

interface Server {
  child: ChildProcess;
  url: string;
  token?: string;
  product?: number;
}

function start(kind: string, file = ''): Promise<Server> {
  // Node refuses --cpu-prof in NODE_OPTIONS, so the profiled server gets it on its command line.
  const profile = kind === 'app' && process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', self, `serve-${kind}`, file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      const ready = /READY (.*)/.exec(chunk.toString())?.[1];
      if (ready) {
        const info = JSON.parse(ready) as { port: number; token?: string; product?: number };
        resolve({ child, url: `http://127.0.0.1:${info.port}`, token: info.token, product: info.product });
      }
    });
    child.on('exit', (code) => reject(new Error(`${kind} server exited with ${code}`)));
  });
}

async function stop(server: Server): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

/** One client, one checkout after another: the latency a customer sees. */
async function single(server: Server, count: number): Promise<{ p50: number; p99: number }> {
  const result = await autocannon({ ...(await checkoutOptions(server)), connections: 1, amount: count });
  return { p50: result.latency.p50, p99: result.latency.p99 };
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pizzeria-bench-checkout-'));
  const database = await benchDatabase(dir);
  const file = database.url;
  const servers: Server[] = [];
  try {
    const bare = await start('bare');
    servers.push(bare);
    const app = await start('app', file);
    servers.push(app);
    console.log(
      `Checkout on ${database.engine}, ${ORDERS} orders from ${CONNECTIONS} concurrent clients (loopback), after ${WARMUP_ORDERS} unmeasured\n`,
    );

    const empty = await single(app, 200);
    await autocannon({ url: bare.url, connections: CONNECTIONS, duration: 2 }); // warm-up
    const bareRun = await autocannon({ url: bare.url, connections: CONNECTIONS, duration: SECONDS });
    // The app is warmed up the same way (its JIT, and 50 connections accepted) before the measured run.
    const warm = await autocannon({ ...(await checkoutOptions(app)), connections: CONNECTIONS, amount: WARMUP_ORDERS });
    const { result: run, seconds } = await timedRun({ ...(await checkoutOptions(app)), connections: CONNECTIONS, amount: ORDERS });
    const ok = run['2xx'];
    const errors = run.non2xx + run.errors + run.timeouts + warm.non2xx + warm.errors + warm.timeouts;
    const ordersPerSecond = ok / seconds;

    const placed = (await countOrders(file)).n;
    if (placed < DAY_ORDERS) await autocannon({ ...(await checkoutOptions(app)), connections: 10, amount: DAY_ORDERS - placed });
    const full = await single(app, 200);
    const final = await countOrders(file);

    const expected = 200 + warm['2xx'] + ok + Math.max(0, DAY_ORDERS - placed) + 200;
    console.log(`bare Fastify                 ${bareRun.requests.average.toFixed(0).padStart(7)} req/s   p99 ${bareRun.latency.p99} ms`);
    console.log(
      `checkout                     ${ordersPerSecond.toFixed(0).padStart(7)} orders/s   p50 ${run.latency.p50} ms   p99 ${run.latency.p99} ms   errors ${errors}   (${((ordersPerSecond / bareRun.requests.average) * 100).toFixed(2)} % of bare)`,
    );
    console.log(`single checkout, empty day   p50 ${empty.p50} ms   p99 ${empty.p99} ms`);
    console.log(`single checkout, ${final.n} orders   p50 ${full.p50} ms   p99 ${full.p99} ms`);
    const lost = expected - final.n;
    console.log(
      `orders in the database ${final.n}, answered 2xx ${expected}: lost ${Math.max(0, lost)}, extra ${Math.max(0, -lost)}, numbers used twice ${final.n - final.nums}`,
    );
    if (errors || lost !== 0 || final.n !== final.nums) process.exitCode = 1;
  } finally {
    for (const server of servers) await stop(server);
    fs.rmSync(dir, { recursive: true, force: true });
    await database.drop();
  }
}

const [mode, arg] = process.argv.slice(2);
if (mode?.startsWith('serve-')) await serve(mode.slice(6), arg ?? '');
else await main();
