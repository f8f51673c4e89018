/**
 * How soon an online order shows in an open cassa: the real server (scripts/real-server.ts, the
 * production build) and Debian's Chromium with /cassa open as staff; a customer places BENCH_ORDERS
 * orders one at a time through the checkout API, and each is timed from its 201 (in the customer's
 * page) to its row in the cassa's list (a MutationObserver in the cassa's page). Both pages run in one
 * browser on one machine, so their clocks are the same. Median and p95, on SQLite and, when
 * DATABASE_URL is a postgres:// URL, on a fresh PostgreSQL database as well (dropped at the end).
 *
 *   npm run bench:live          (BENCH_ORDERS=50; build first: npx vite build)
 *
 * Every server and browser it starts, it stops.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { startRealServer } from '../scripts/real-server';
import { apiCall } from '../tests/e2e/browser';
import { benchDatabase } from './database';
import { onEachEngine } from './on-each-engine';
import { customer, freeSlot, logIn, placeOrder } from './shopper';
import { percentile } from './stats';

const ORDERS = Math.min(Number(process.env.BENCH_ORDERS) || 50, 500);
/** An order not shown after this long counts as this long (and is reported). */
const GIVE_UP_MS = 40_000;
const ADMIN_EMAIL = 'bench-live@pizzeria.local';
const ADMIN_PASSWORD = 'Bench-Cassa-Live-1';

/**
 * Notes, in the cassa's page, when each order number's row first appears. A string: tsx would wrap
 * a function's inner helpers in its own `__name`, which the page does not have.
 */
const WATCH_ROWS = `(() => {
  const seen = {};
  window.seenRows = seen;
  const scan = () => {
    const now = Date.now();
    for (const row of document.querySelectorAll('.cassa-row')) {
      const num = /Ordine numero #(\\d+) - /.exec(row.textContent || '')?.[1];
      if (num && !(Number(num) in seen)) seen[Number(num)] = now;
    }
  };
  scan();
  new MutationObserver(scan).observe(document.body, { childList: true, subtree: true, characterData: true });
})()`;

async function run(browser: Browser, postgres: boolean): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pizzeria-bench-live-'));
  const database = await benchDatabase(dir, postgres ? process.env.DATABASE_URL! : null);
  const server = await startRealServer({
    DATABASE_URL: database.url,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    // The seed's demo orders fill tonight's slots: the bench's orders need the room.
    SEED_DEMO_ORDERS: '0',
  });
  const context = await browser.newContext({ locale: 'it-IT', timezoneId: 'Europe/Rome' });
  try {
    const cassa = await context.newPage();
    await logIn(cassa, server.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
    const streamOpened = cassa.waitForResponse((r) => r.url().endsWith('/api/v1/ecommerce/cassa/events'));
    await cassa.goto(`${server.baseUrl}/cassa`);
    await cassa.getByRole('heading', { level: 1, name: 'Cassa' }).waitFor();
    await streamOpened;
    await cassa.evaluate(WATCH_ROWS);

    const shopperContext = await browser.newContext({ locale: 'it-IT', timezoneId: 'Europe/Rome' });
    const shopper = await shopperContext.newPage();
    await customer(shopper, server.baseUrl, server.outboxDir);
    const products = (await apiCall(shopper, 'GET', '/api/ecommerce/products')).body!.products as { id: number; name: string }[];
    const margherita = products.find((p) => p.name === 'Margherita')!.id;

    const latencies: number[] = [];
    let missed = 0;
    for (let i = 0; i < ORDERS; i++) {
      const fascia = await freeSlot(shopper);
      const { orderNum, at } = await placeOrder(shopper, margherita, fascia, `bench-live-${process.pid}-${i}`);
      const shown = await cassa
        .waitForFunction((num) => (window as unknown as { seenRows: Record<number, number> }).seenRows[num], orderNum, {
          timeout: GIVE_UP_MS,
          polling: 20,
        })
        .then((handle) => handle.jsonValue() as Promise<number>)
        .catch(() => undefined);
      if (shown === undefined) missed += 1;
      latencies.push(shown === undefined ? GIVE_UP_MS : shown - at);
    }
    await shopperContext.close();
    const sorted = [...latencies].sort((a, b) => a - b);
    console.log(
      `${database.engine.padEnd(10)}  ${ORDERS} orders  median ${percentile(sorted, 50)} ms  p95 ${percentile(sorted, 95)} ms  max ${sorted.at(-1)} ms` +
        (missed ? `  (${missed} not shown within ${GIVE_UP_MS / 1000} s)` : ''),
    );
  } finally {
    await context.close();
    await server.stop();
    await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await onEachEngine("From a checkout's 201 to its row in an open /cassa (Chromium, the live stream)", run);
