/**
 * How soon an online order prints in the kitchen (issue 33): the real server (the production build), a
 * printer added in 'Stampanti' with automatic printing, the print agent (in this process) paired with
 * its code and printing to a fake ESC/POS printer on loopback. A customer places BENCH_ORDERS pickup
 * orders one at a time through the checkout API (Chromium); each is timed from its 201 to the last byte
 * of its ticket (the cut after 'Ordine #N') at the printer. Median and p95, on SQLite and, when
 * DATABASE_URL is a postgres:// URL, on a fresh PostgreSQL database as well.
 *
 *   npm run bench:print          (BENCH_ORDERS=50; build first: npx vite build)
 *
 * Every server, agent and browser it starts, it stops.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { startRealServer } from '../scripts/real-server';
import { agentApi, pair } from '../server/print-agent/api';
import { startAgent } from '../server/print-agent/agent';
import { DEFAULT_LAYOUT } from '../server/print-agent/ticket';
import { apiCall } from '../tests/e2e/browser';
import { fakePrinter, type FakePrinter } from '../tests/server/print-agent-fakes';
import { benchDatabase } from './database';
import { onEachEngine } from './on-each-engine';
import { customer, freeSlot, logIn, placeOrder } from './shopper';
import { percentile } from './stats';

const ORDERS = Math.min(Number(process.env.BENCH_ORDERS) || 50, 500);
/** A ticket not printed after this long counts as this long (and is reported). */
const GIVE_UP_MS = 20_000;
const ADMIN_EMAIL = 'bench-print@pizzeria.local';
const ADMIN_PASSWORD = 'Bench-Stampa-Cucina-1';

/** When the ticket of order `orderNum` had fully arrived (its cut after its number), or undefined. */
async function printedAt(printer: FakePrinter, orderNum: number): Promise<number | undefined> {
  const deadline = Date.now() + GIVE_UP_MS;
  while (Date.now() < deadline) {
    const text = printer.text();
    const at = text.indexOf(`Ordine #${orderNum}\x1b`);
    if (at >= 0 && text.indexOf('\x1dV', at) > at) return printer.state.lastByteAt;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  return undefined;
}

async function run(browser: Browser, postgres: boolean): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pizzeria-bench-print-'));
  const database = await benchDatabase(dir, postgres ? process.env.DATABASE_URL! : null);
  const server = await startRealServer({ DATABASE_URL: database.url, ADMIN_EMAIL, ADMIN_PASSWORD, SEED_DEMO_ORDERS: '0' });
  const context = await browser.newContext({ locale: 'it-IT', timezoneId: 'Europe/Rome' });
  const printer = await fakePrinter();
  let agent: ReturnType<typeof startAgent> | undefined;
  try {
    const owner = await context.newPage();
    await logIn(owner, server.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
    const created = await apiCall(owner, 'POST', '/api/v1/admin/printers', {
      name: 'Cucina',
      paper_width_mm: 80,
      copies: 1,
      auto_print: true,
    });
    if (created.status !== 201) throw new Error(`printer: ${created.status}`);
    const token = await pair(server.baseUrl, created.body!.pairing_code as string);
    agent = startAgent({ api: agentApi(server.baseUrl, token), printer: printer.address, layout: DEFAULT_LAYOUT, log: () => undefined });

    const shopper = await context.newPage();
    await customer(shopper, server.baseUrl, server.outboxDir);
    const products = (await apiCall(shopper, 'GET', '/api/ecommerce/products')).body!.products as { id: number; name: string }[];
    const margherita = products.find((p) => p.name === 'Margherita')!.id;

    const latencies: number[] = [];
    let missed = 0;
    for (let i = 0; i < ORDERS; i++) {
      const fascia = await freeSlot(shopper);
      const { orderNum, at } = await placeOrder(shopper, margherita, fascia, `bench-print-${process.pid}-${i}`);
      const printed = await printedAt(printer, orderNum);
      if (printed === undefined) missed += 1;
      latencies.push(printed === undefined ? GIVE_UP_MS : printed - at);
    }
    const sorted = [...latencies].sort((a, b) => a - b);
    console.log(
      `${database.engine.padEnd(10)}  ${ORDERS} orders  median ${percentile(sorted, 50)} ms  p95 ${percentile(sorted, 95)} ms  max ${sorted.at(-1)} ms` +
        (missed ? `  (${missed} not printed within ${GIVE_UP_MS / 1000} s)` : ''),
    );
  } finally {
    await agent?.stop();
    await printer.stop();
    await context.close();
    await server.stop();
    await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await onEachEngine("From a checkout's 201 to the last byte of its ticket at a fake ESC/POS printer (auto-print, the agent's stream)", run);
