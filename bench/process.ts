/**
 * What one server process costs: start-up time and resident memory, as `npm start` runs it (the
 * compiled dist-server/main.js over dist/, a fresh SQLite file seeded with the demo pizzeria).
 *
 *   npm run bench:process                        (BENCH_REQUESTS=1000 mixed requests)
 *   BENCH_SERVER=tsx npm run bench:process       the same server run from TypeScript by tsx, for comparison
 *
 * Prints the time to listening and to the first answer, RSS at idle after a few requests, and RSS
 * after BENCH_REQUESTS mixed requests (menu gzip, cart prices, pages, slots, posts, an asset). Linux
 * (reads /proc/<pid>/status).
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildFrontend, ensureServerBuilt, SERVER_ENTRY } from '../scripts/build';
import { DIST, startRealServer, type RealServer } from '../scripts/real-server';

const REQUESTS = Number(process.env.BENCH_REQUESTS) || 1000;
const CONCURRENCY = 10;
const IDLE_MS = 2_000;
const viaTsx = process.env.BENCH_SERVER === 'tsx';
const flags = process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? [];

/** Resident and peak resident memory of a process, in MB. */
function memory(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One request of each kind a visitor and the cart page make, in turn. */
async function mixedRequests(server: RealServer, count: number): Promise<number> {
  const base = server.baseUrl;
  const menu = (await fetch(`${base}/api/v1/ecommerce/webapp`).then((r) => r.json())) as {
    products: { id: number; variants: { id: number }[] }[];
  };
  const pizza = menu.products.find((p) => p.variants.length)!;
  const csrf = await fetch(`${base}/api/csrf-cookie`);
  const token = /XSRF-TOKEN=([^;]+)/.exec(csrf.headers.get('set-cookie') ?? '')![1]!;
  const index = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const asset = /src="(\/assets\/[^"]+\.js)"/.exec(index)![1]!;
  const cart = JSON.stringify({ cart: [{ id: pizza.id, qty: 2, variants: [{ id: pizza.variants[0]!.id }] }], delivery: 'ritiro' });
  const kinds: (() => Promise<Response>)[] = [
    () => fetch(`${base}/api/v1/ecommerce/webapp`, { headers: { 'accept-encoding': 'gzip' } }),
    () =>
      fetch(`${base}/api/v1/ecommerce/cart`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token },
        body: cart,
      }),
    () => fetch(`${base}/`, { headers: { 'accept-encoding': 'gzip' } }),
    () => fetch(`${base}/api/v1/ecommerce/webapp/timeslots`),
    () => fetch(`${base}/api/v1/blog/posts?page=1`),
    () => fetch(`${base}${asset}`),
  ];
  let next = 0;
  let failures = 0;
  const worker = async () => {
    while (next < count) {
      const response = await kinds[next++ % kinds.length]!();
      await response.arrayBuffer();
      if (!response.ok) failures++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return failures;
}

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(DIST, 'index.html'))) await buildFrontend();
  if (!viaTsx) await ensureServerBuilt();
  const startedAt = performance.now();
  const server = await startRealServer(
    {},
    viaTsx ? ['--import', 'tsx', 'server/main.ts'] : flags.length ? [...flags, SERVER_ENTRY] : undefined,
  );
  const answeringAfter = performance.now() - startedAt;
  try {
    const pid = server.child.pid!;
    await mixedRequests(server, 12);
    await sleep(IDLE_MS);
    const idle = memory(pid);
    const failures = await mixedRequests(server, REQUESTS);
    await sleep(IDLE_MS);
    const loaded = memory(pid);
    const mb = (value: number) => `${value.toFixed(0)} MB`;
    console.log(`server: ${viaTsx ? 'tsx server/main.ts' : 'node dist-server/main.js'} · Node ${process.version}`);
    console.log(`start-up: listening after ${server.listeningAfterMs?.toFixed(0)} ms, first answer after ${answeringAfter.toFixed(0)} ms`);
    console.log(`RSS at idle (after a few requests):     ${mb(idle.rss)}`);
    console.log(`RSS after ${REQUESTS} mixed requests, idle: ${mb(loaded.rss)}   (peak ${mb(loaded.peak)})`);
    if (failures) {
      console.log(`${failures} requests FAILED`);
      process.exitCode = 1;
    }
  } finally {
    await server.stop();
  }
}

await main();
