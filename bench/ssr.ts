/**
 * The server-rendered public pages (issue 31): how long each takes to answer with a warm cache and
 * right after a catalogue change (its render cold), and how many /ecommerce pages the server answers
 * per second beside the menu's JSON in the same run.
 *
 *   npx vite build && npm run bench:ssr   (BENCH_SAMPLES=40 BENCH_CHANGES=15 BENCH_SECONDS=3 BENCH_ROUNDS=3)
 *
 * Loopback only; the server is a child process (the built front end and its renderer in dist/)
 * this script stops itself.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { SERVER_NODE_FLAGS } from '../scripts/build';
import { percentile } from './stats';

const SAMPLES = Number(process.env.BENCH_SAMPLES) || 40;
const CHANGES = Number(process.env.BENCH_CHANGES) || 15;
const SECONDS = Number(process.env.BENCH_SECONDS) || 3;
const ROUNDS = Number(process.env.BENCH_ROUNDS) || 3;
const CONNECTIONS = 10;
const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'dist');
const self = fileURLToPath(import.meta.url);
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };

/** The child: the seeded app over dist/, and on each "change" line a price change as the back office makes it. */
async function serve(): Promise<void> {
  const { seededApp } = await import('./seeded-app');
  const { bumpCatalogueVersion } = await import('../server/ecommerce/catalog');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pizzeria-bench-ssr-'));
  const { app, services, handle } = await seededApp(path.join(dir, 'bench.db'), { mediaDir: path.join(dir, 'media'), frontendDir: DIST });
  await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`PORT ${(app.server.address() as { port: number }).port}`);
  for await (const line of readline.createInterface({ input: process.stdin })) {
    if (line !== 'change') continue;
    const version = await handle.db.transaction().execute(async (tx) => {
      await tx
        .updateTable('products')
        .set((eb) => ({ price_cents: eb('price_cents', '+', 1) }))
        .where('name', '=', 'Margherita')
        .execute();
      return bumpCatalogueVersion(tx);
    });
    services.catalog.changed(version);
    console.log('CHANGED');
  }
  fs.rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}

interface Server {
  child: ChildProcess;
  url: string;
  /** a catalogue change, applied when this resolves */
  change(): Promise<void>;
}

function start(): Promise<Server> {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', self, 'serve'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = readline.createInterface({ input: child.stdout! });
  const waiting: (() => void)[] = [];
  return new Promise((resolve, reject) => {
    lines.on('line', (line) => {
      const port = /^PORT (\d+)/.exec(line)?.[1];
      if (port) {
        resolve({
          child,
          url: `http://127.0.0.1:${port}`,
          change: () => new Promise((changed) => (waiting.push(changed), child.stdin!.write('change\n'))),
        });
      }
      if (line === 'CHANGED') waiting.shift()?.();
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

/** Milliseconds to the whole page, as a browser asks for it. */
async function timed(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers: BROWSER });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return performance.now() - started;
}

const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(9);
const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `${ms(percentile(sorted, 50))} ${ms(percentile(sorted, 95))}`;
};

async function rate(url: string): Promise<number> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers: BROWSER });
  if (result.non2xx + result.errors + result.timeouts) throw new Error(`${url}: ${result.non2xx + result.errors + result.timeouts} failed`);
  return result.requests.average;
}

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(DIST, '.ssr', 'entry-server.js'))) throw new Error('No renderer in dist/.ssr: run `npx vite build` first');
  const server = await start();
  try {
    const { data } = (await (await fetch(`${server.url}/api/v1/blog/posts?page=1`)).json()) as { data: { id: number; slug: string }[] };
    const pages = [
      '/',
      '/ecommerce',
      '/ecommerce/allergeni',
      '/blog',
      `/blog/${data[0]!.id}/${data[0]!.slug}`,
      '/ecommerce/termini-e-condizioni',
      '/ecommerce/privacy-policy',
      '/ecommerce/domande-frequenti',
    ];
    // Untimed: the first renders are JIT compilation.
    for (let i = 0; i < 5; i++) for (const page of pages) await timed(server.url + page);
    const warm = pages.map(() => [] as number[]);
    for (let i = 0; i < SAMPLES; i++) for (const [p, page] of pages.entries()) warm[p]!.push(await timed(server.url + page));
    // After each change, each page's first request renders anew.
    const cold = pages.map(() => [] as number[]);
    for (let i = 0; i < CHANGES; i++) {
      await server.change();
      for (const [p, page] of pages.entries()) cold[p]!.push(await timed(server.url + page));
    }
    console.log(
      `Whole page answer over loopback (data, render, gzip), ${SAMPLES} warm and ${CHANGES} cold samples, Node ${process.version}`,
    );
    console.log(
      `${'page'.padEnd(40)} ${'warm p50'.padStart(9)} ${'warm p95'.padStart(9)} ${'cold p50'.padStart(9)} ${'cold p95'.padStart(9)}`,
    );
    for (const [p, page] of pages.entries()) console.log(`${page.padEnd(40)} ${summary(warm[p]!)} ${summary(cold[p]!)}`);

    const html = `${server.url}/ecommerce`;
    const json = `${server.url}/api/v1/ecommerce/webapp`;
    await rate(html);
    await rate(json);
    const ratios: number[] = [];
    console.log(`\nautocannon: ${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${SECONDS} s, ${os.cpus().length} cores`);
    for (let round = 1; round <= ROUNDS; round++) {
      const [pageRate, jsonRate] = [await rate(html), await rate(json)];
      ratios.push(pageRate / jsonRate);
      console.log(
        `round ${round}: /ecommerce ${pageRate.toFixed(0)} req/s · …/webapp ${jsonRate.toFixed(0)} req/s · ratio ${(pageRate / jsonRate).toFixed(2)}`,
      );
    }
    console.log(
      `median ratio /ecommerce HTML / webapp JSON: ${percentile(
        [...ratios].sort((a, b) => a - b),
        50,
      ).toFixed(2)}`,
    );
  } finally {
    server.child.stdin!.end();
    server.child.kill('SIGTERM');
  }
}

if (process.argv[2] === 'serve') await serve();
else await main();
