/**
 * Throughput of the two hottest customer calls, beside a bare Fastify hello-world started in the
 * same run (same machine, same moment), so the figures compare as ratios.
 *
 *   npm run bench:api            (BENCH_SECONDS=4 BENCH_ROUNDS=5 BENCH_CONNECTIONS=20 by default)
 *
 * Loopback only; every server is a child process this script stops itself.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { FastifyReply } from 'fastify';
import { SERVER_NODE_FLAGS } from '../scripts/build';

const SECONDS = Number(process.env.BENCH_SECONDS) || 4;
const ROUNDS = Number(process.env.BENCH_ROUNDS) || 5;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS) || 20;
const self = fileURLToPath(import.meta.url);

async function serve(kind: string): Promise<void> {
  const { default: Fastify } = await import('fastify');
  if (kind === 'bare') {
    const app = Fastify();
    app.get('/', async () => ({ hello: 'world' }));
    // The ceilings of these calls: the app's own answers (headers and bytes), recorded by main(), replayed.
    const [cartAnswer, menu] = process.argv.slice(3).map((file) => JSON.parse(fs.readFileSync(file, 'utf8')) as Recorded);
    const replay = ({ headers, body }: Recorded) => {
      const bytes = Buffer.from(body, 'base64');
      return async (_request: unknown, reply: FastifyReply) => reply.headers(headers).send(bytes);
    };
    app.post('/', replay(cartAnswer!));
    app.get('/menu', replay(menu!));
    await app.listen({ port: 0, host: '127.0.0.1' });
    console.log(`PORT ${(app.server.address() as { port: number }).port}`);
    return;
  }
  const { seededApp } = await import('./seeded-app');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pizzeria-bench-'));
  const { app } = await seededApp(path.join(dir, 'bench.db'), { mediaDir: path.join(dir, 'media') });
  await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`PORT ${(app.server.address() as { port: number }).port}`);
  process.once('SIGTERM', () => {
    fs.rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  });
}

function start(kind: string, ...args: string[]): Promise<{ child: ChildProcess; url: string }> {
  // The app runs with the flags a real server process has; TypeScript is compiled at load, so requests run the same code.
  const flags = kind === 'app' ? SERVER_NODE_FLAGS : [];
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', self, `serve-${kind}`, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      const port = /PORT (\d+)/.exec(chunk.toString())?.[1];
      if (port) resolve({ child, url: `http://127.0.0.1:${port}` });
    });
    child.on('exit', (code) => reject(new Error(`${kind} server exited with ${code}`)));
  });
}

/** An answer as it came over the wire (fetch would decode it), without the headers each answer makes anew. */
interface Recorded {
  headers: Record<string, string>;
  body: string;
}
const PER_ANSWER = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

function record(url: string, options: { method?: string; headers: Record<string, string>; body?: string }): Promise<Recorded> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: options.method ?? 'GET', headers: options.headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        if (response.statusCode !== 200) return reject(new Error(`${url} answered ${response.statusCode}`));
        const headers = Object.entries(response.headers).filter(([name]) => !PER_ANSWER.has(name));
        resolve({
          headers: Object.fromEntries(headers.map(([name, value]) => [name, String(value)])),
          body: Buffer.concat(chunks).toString('base64'),
        });
      });
    });
    request.on('error', reject);
    request.end(options.body);
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function measure(title: string, options: autocannon.Options): Promise<number> {
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
  const failures = result.non2xx + result.errors + result.timeouts;
  console.log(
    `${title.padEnd(34)} ${result.requests.average.toFixed(0).padStart(7)} req/s   p99 ${String(result.latency.p99).padStart(4)} ms   ${(result.throughput.average / 1024 / 1024).toFixed(1)} MiB/s${failures ? `   ${failures} FAILED` : ''}`,
  );
  if (failures) process.exitCode = 1;
  return result.requests.average;
}

async function main(): Promise<void> {
  const shop = await start('app');
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'pizzeria-bench-'));
  let bare: Awaited<ReturnType<typeof start>> | undefined;
  try {
    const ids = await fetch(`${shop.url}/api/v1/ecommerce/webapp`).then(
      (r) =>
        r.json() as Promise<{ products: { id: number; category_id: number; variants: { id: number }[]; additions: { id: number }[] }[] }>,
    );
    const pizza = ids.products.find((p) => p.variants.length && p.additions.length)!;
    const drink = ids.products.find((p) => p.category_id === 7)!;
    const cart = {
      cart: [
        {
          id: pizza.id,
          qty: 2,
          variants: [{ id: pizza.variants[0]!.id }],
          additions: pizza.additions.slice(0, 2).map((a) => ({ id: a.id })),
        },
        { id: pizza.id, qty: 1 },
        { id: drink.id, qty: 3 },
      ],
      discount: { code: 'RITIRO-IN-PIZZERIA' },
      delivery: 'ritiro',
    };
    const csrf = await fetch(`${shop.url}/api/csrf-cookie`);
    const token = /XSRF-TOKEN=([^;]+)/.exec(csrf.headers.get('set-cookie') ?? '')![1]!;
    const cartRequest = {
      method: 'POST' as const,
      headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token },
      body: JSON.stringify(cart),
    };
    const browser = { 'accept-encoding': 'gzip, deflate, br' };
    const cartFile = path.join(scratch, 'cart.json');
    const menuFile = path.join(scratch, 'menu.json');
    fs.writeFileSync(cartFile, JSON.stringify(await record(`${shop.url}/api/v1/ecommerce/cart`, cartRequest)));
    fs.writeFileSync(menuFile, JSON.stringify(await record(`${shop.url}/api/v1/ecommerce/webapp`, { headers: browser })));
    bare = await start('bare', cartFile, menuFile);

    const targets: { title: string; options: autocannon.Options }[] = [
      { title: 'bare Fastify GET / (baseline)', options: { url: `${bare.url}/` } },
      { title: 'bare Fastify GET, the same answer', options: { url: `${bare.url}/menu`, headers: browser } },
      { title: 'bare Fastify POST, the same answer', options: { url: `${bare.url}/`, ...cartRequest } },
      { title: 'GET …/webapp (identity)', options: { url: `${shop.url}/api/v1/ecommerce/webapp` } },
      // What a browser sends: the cached menu goes out pre-compressed.
      { title: 'GET …/webapp (compressed, as browsers)', options: { url: `${shop.url}/api/v1/ecommerce/webapp`, headers: browser } },
      { title: 'POST …/cart (3 lines + code)', options: { url: `${shop.url}/api/v1/ecommerce/cart`, ...cartRequest } },
    ];
    console.log(
      `autocannon: ${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${SECONDS} s per target, loopback, ${os.cpus().length} cores, Node ${process.version}`,
    );
    // Untimed warm-up: the first seconds of each server are JIT compilation, not throughput.
    for (const target of targets) await autocannon({ connections: CONNECTIONS, duration: 2, ...target.options });
    // Interleaved rounds: a burst of load from elsewhere on the machine hits every target alike.
    const rates = targets.map(() => [] as number[]);
    for (let round = 1; round <= ROUNDS; round++) {
      console.log(`\nround ${round}`);
      for (const [i, target] of targets.entries()) rates[i]!.push(await measure(target.title, target.options));
    }
    const rate = (i: number) => median(rates[i]!).toFixed(0);
    const ratio = (i: number) => median(rates[i]!.map((r, round) => r / rates[0]![round]!)).toFixed(2);
    console.log(`\nmedian req/s: bare ${rate(0)} · webapp ${rate(4)} (identity ${rate(3)}) · cart ${rate(5)}`);
    // A bare Fastify sending the same answer (headers and bytes): how close to 1 such a call can get here.
    console.log(`ratio webapp / bare: ${ratio(4)}   (goal ≥ 0.60; identity encoding ${ratio(3)}; bare Fastify, same answer: ${ratio(1)})`);
    console.log(`ratio cart   / bare: ${ratio(5)}   (goal ≥ 0.35; bare Fastify, same answer: ${ratio(2)})`);
  } finally {
    bare?.child.kill('SIGTERM');
    shop.child.kill('SIGTERM');
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

const mode = process.argv[2];
if (mode?.startsWith('serve-')) await serve(mode.slice(6));
else await main();
