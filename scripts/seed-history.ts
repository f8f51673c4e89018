/**
 * Two busy years of past orders for the reports' bench: about 150 000 orders and 500 000 lines, a
 * realistic mix of products, doughs, additions, zones, payments, sources, discount codes, returning
 * cassa clients and a few cancelled orders. Batched inserts, a transaction per month; both engines.
 *
 *   npm run seed:history -- data/pizzeria.db            (a SQLite file)
 *   DATABASE_URL=postgres://… npm run seed:history      (PostgreSQL)
 *   HISTORY_DAYS=730 HISTORY_ORDERS_PER_DAY=205 HISTORY_END=2026-11-17 (the last day seeded)
 *
 * The database is migrated and given the demo menu first when it has none. Days that already hold
 * orders are skipped, so running it twice adds nothing.
 */
import { performance } from 'node:perf_hooks';
import { addDays, ORDER_STATUS, weekdayOf } from '../src/domain';
import { systemClock } from '../server/clock';
import { openDatabase, type Db } from '../server/db/database';
import { migrate } from '../server/db/migrations';
import { isSeeded, seedCatalog } from '../server/db/seed';
import { insertHistoryOrders, type HistoryLine, type HistoryOrder } from './history-orders';

export interface HistoryOptions {
  /** the last shop day seeded */
  end: string;
  days: number;
  ordersPerDay: number;
}

/** A small deterministic generator: the same history on every engine and run. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CLIENTS = 3000;
const TIMES = ['19:00', '19:15', '19:30', '19:45', '20:00', '20:15', '20:30', '20:45', '21:00', '21:15', '21:30', '22:00', '22:30'];
const LUNCH = ['12:15', '12:30', '13:00', '13:30'];

async function catalogue(db: Db) {
  const products = await db
    .selectFrom('products')
    .innerJoin('categories', 'categories.id', 'products.category_id')
    .select([
      'products.id',
      'products.name',
      'products.price_cents',
      'products.category_id',
      'categories.oven_group',
      'categories.additions_enabled',
    ])
    .where('products.archived_at', 'is', null)
    .execute();
  const variants = await db
    .selectFrom('product_variants')
    .innerJoin('variants', 'variants.id', 'product_variants.variant_id')
    .select(['product_variants.product_id', 'variants.id', 'variants.name', 'variants.price_modifier_cents'])
    .execute();
  const zones = await db.selectFrom('zones').select(['id', 'fee_cents']).where('active', '=', 1).execute();
  const codes = await db.selectFrom('discount_codes').select('code').execute();
  return { products, variants, zones, codes: codes.map((c) => c.code) };
}

/** Cassa clients to come back order after order (a customer's first order makes them 'new'). */
async function ensureClients(db: Db): Promise<number[]> {
  const have = await db.selectFrom('clients').select('id').execute();
  if (have.length < CLIENTS) {
    const now = new Date().toISOString();
    const rows = Array.from({ length: CLIENTS - have.length }, (_, i) => ({
      name: `Cliente storico ${i + 1}`,
      address: `Via Storica ${i + 1}`,
      telephone: `333${String(1_000_000 + i).padStart(7, '0')}`,
      zone_id: null,
      cap: null,
      created_at: now,
    }));
    for (let i = 0; i < rows.length; i += 1000)
      await db
        .insertInto('clients')
        .values(rows.slice(i, i + 1000))
        .execute();
  }
  return (await db.selectFrom('clients').select('id').execute()).map((c) => c.id);
}

/** Seeds the days that hold no order yet; returns how many orders and lines it wrote. */
export async function seedHistory(db: Db, options: HistoryOptions): Promise<{ orders: number; lines: number }> {
  const { products, variants, zones, codes } = await catalogue(db);
  const clients = await ensureClients(db);
  const next = random(20261127);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  // Pizzas sell most; drinks and desserts ride along.
  const baked = products.filter((p) => p.oven_group !== null);
  const others = products.filter((p) => p.oven_group === null && p.category_id !== 9);
  const additions = products.filter((p) => p.category_id === 9);
  const doughsOf = new Map<number, typeof variants>();
  for (const v of variants) doughsOf.set(v.product_id, [...(doughsOf.get(v.product_id) ?? []), v]);
  const popular = baked.map((p, i) => ({ p, weight: 1 / (1 + (i % 12)) }));
  const totalWeight = popular.reduce((s, x) => s + x.weight, 0);
  const bakedPick = () => {
    let r = next() * totalWeight;
    for (const x of popular) if ((r -= x.weight) <= 0) return x.p;
    return popular[0]!.p;
  };

  const taken = new Set(
    (await db.selectFrom('orders').select('delivery_date').distinct().where('delivery_date', '<=', options.end).execute()).map(
      (r) => r.delivery_date,
    ),
  );
  let orders = 0;
  let lines = 0;
  const day0 = addDays(options.end, -(options.days - 1));
  for (let start = 0; start < options.days; start += 30) {
    const batch: HistoryOrder[] = [];
    for (let d = start; d < Math.min(start + 30, options.days); d++) {
      const day = addDays(day0, d);
      if (taken.has(day)) continue;
      const weekday = weekdayOf(day);
      // Fridays and Saturdays are busier, Mondays quieter; the summer a little slower.
      const factor = ([0.9, 0.6, 0.85, 0.9, 1.1, 1.45, 1.35][weekday] ?? 1) * (day.slice(5, 7) === '08' ? 0.7 : 1);
      const count = Math.round(options.ordersPerDay * factor * (0.85 + next() * 0.3));
      for (let n = 1; n <= count; n++) {
        const source = next() < 0.45 ? 1 : next() < 0.75 ? 2 : 3;
        const delivery = next() < 0.6 ? 'consegna' : 'ritiro';
        const zone = delivery === 'consegna' ? pick(zones) : null;
        const orderLines: HistoryLine[] = [];
        const pizzas = 1 + Math.floor(next() * 4);
        for (let i = 0; i < pizzas; i++) {
          const p = bakedPick();
          const dough = next() < 0.2 ? pick(doughsOf.get(p.id) ?? [null]) : null;
          const extra = p.additions_enabled && next() < 0.25 && additions.length ? [pick(additions)] : [];
          orderLines.push({
            productId: p.id,
            categoryId: p.category_id,
            ovenGroup: p.oven_group,
            name: p.name,
            qty: next() < 0.8 ? 1 : 2,
            basePriceCents: p.price_cents,
            variantId: dough?.id ?? null,
            variantName: dough?.name ?? null,
            variantPriceCents: dough?.price_modifier_cents ?? 0,
            additions: extra.map((a) => ({ productId: a.id, name: a.name, priceCents: a.price_cents })),
          });
        }
        // A drink or a dessert in most orders, a second one now and then.
        for (const chance of [0.6, 0.25]) {
          if (next() >= chance || others.length === 0) continue;
          const p = pick(others);
          orderLines.push({
            productId: p.id,
            categoryId: p.category_id,
            ovenGroup: null,
            name: p.name,
            qty: 1 + Math.floor(next() * 3),
            basePriceCents: p.price_cents,
          });
        }
        if (source === 3 && next() < 0.3)
          orderLines.push({ productId: null, categoryId: null, ovenGroup: null, name: 'Poke bowl salmone', qty: 1, basePriceCents: 1200 });
        const coded = source !== 3 && codes.length > 0 && next() < 0.08;
        const client = source === 2 || (source === 1 && next() < 0.5) ? pick(clients) : null;
        batch.push({
          order_num: n,
          delivery_date: day,
          delivery_time: next() < 0.1 ? pick(LUNCH) : pick(TIMES),
          source_id: source,
          status: next() < 0.03 ? ORDER_STATUS.cancelled : ORDER_STATUS.printed,
          delivery,
          payment_type: next() < 0.55 ? 'Contanti' : 'Carta di credito',
          name: client ? `Cliente storico ${client}` : `Cliente ${day} ${n}`,
          address: zone ? `Via Storica ${n}` : null,
          zone_id: zone?.id ?? null,
          client_id: client,
          discount_code: coded ? pick(codes) : null,
          deliveryFeeCents: zone?.fee_cents ?? 0,
          discountCents: coded ? 100 * (1 + Math.floor(next() * 3)) : 0,
          lines: orderLines,
        });
        lines += orderLines.length;
      }
      orders += count;
    }
    await db.transaction().execute(async (tx) => {
      await insertHistoryOrders(tx, batch);
      const counters = [...new Set(batch.map((o) => o.delivery_date))].map((day) => ({
        delivery_date: day,
        last_num: batch.filter((o) => o.delivery_date === day).length,
      }));
      if (counters.length)
        await tx
          .insertInto('order_counters')
          .values(counters)
          .onConflict((oc) => oc.column('delivery_date').doNothing())
          .execute();
    });
  }
  return { orders, lines };
}

async function main() {
  const target = process.argv[2] ?? process.env.DATABASE_URL ?? 'data/pizzeria.db';
  const handle = openDatabase(target);
  await migrate(handle.db, handle.dialect);
  if (!(await isSeeded(handle.db))) await seedCatalog(handle.db, systemClock);
  const started = performance.now();
  const written = await seedHistory(handle.db, {
    end: process.env.HISTORY_END ?? addDays(new Date().toISOString().slice(0, 10), -1),
    days: Number(process.env.HISTORY_DAYS) || 730,
    ordersPerDay: Number(process.env.HISTORY_ORDERS_PER_DAY) || 205,
  });
  console.log(
    `${written.orders} orders, ${written.lines} lines in ${((performance.now() - started) / 1000).toFixed(1)} s (${handle.dialect})`,
  );
  await handle.close();
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
