import { sql } from 'kysely';
import { DELIVERY_LABELS, isoWeekday, ORDER_STATUS, periodDays, weekdayOf, type Cents } from '../../src/domain';
import type { Db } from '../db/database';
import { customerKey } from './customer-key';

/** What customers paid and what went into it, over some orders (cents). */
export interface Totals {
  orders: number;
  revenueCents: Cents;
  feesCents: Cents;
  discountsCents: Cents;
}

/** One thing sold (a product, dough, addition, category, zone): `quantity` items (orders for a zone). */
export interface ItemSales {
  id: number | null;
  name: string;
  quantity: number;
  revenueCents: Cents;
}

export interface CodeUse {
  code: string;
  orders: number;
  amountCents: Cents;
}

export interface PeriodFigures {
  from: string;
  to: string;
  totals: Totals;
  days: { day: string; orders: number; revenueCents: Cents }[];
  products: ItemSales[];
  doughs: ItemSales[];
  additions: ItemSales[];
  categories: ItemSales[];
  zones: ItemSales[];
  weekdayHours: { weekday: number; hour: number; orders: number; revenueCents: Cents }[];
  customers: { new: number; returning: number; unknownOrders: number };
  discountCodes: CodeUse[];
}

/** Lines without a category (unmatched platform items) and deliveries without a zone. */
const OTHER = 'Altro';

const emptyTotals = (): Totals => ({ orders: 0, revenueCents: 0, feesCents: 0, discountsCents: 0 });

/** Most sold first; equal ones by name, so the order never depends on the engine. */
export const bySales = (a: ItemSales, b: ItemSales) =>
  b.quantity - a.quantity || b.revenueCents - a.revenueCents || a.name.localeCompare(b.name, 'it');

/** Adds rows into items keyed by `key`, the first row's id and name standing for the item. */
function sumItems<R>(rows: R[], key: (row: R) => string, item: (row: R) => ItemSales): ItemSales[] {
  const items = new Map<string, ItemSales>();
  for (const row of rows) {
    const next = item(row);
    const found = items.get(key(row));
    if (found) {
      found.quantity += next.quantity;
      found.revenueCents += next.revenueCents;
    } else items.set(key(row), next);
  }
  return [...items.values()].sort(bySales);
}

/** Lines of one product, category and dough: products, categories and doughs are sums of these. */
export interface LineSums {
  product_id: number | null;
  name: string;
  category_id: number | null;
  variant_id: number | null;
  variant_name: string | null;
  quantity: number;
  revenue: Cents;
  dough_revenue: Cents;
}

/**
 * One shop day's sums, cancelled orders left out: a period's figures add these up (so a day's can be
 * kept, see day-summaries.ts). `hours` by hour of the promised time; `zones` by delivery type and zone;
 * `customers` who ordered (customer-key.ts).
 */
export interface DaySums {
  hours: { hour: number; orders: number; revenue: Cents; fees: Cents; discounts: Cents; unknown: number }[];
  lines: LineSums[];
  additions: { product_id: number | null; name: string; quantity: number; revenue: Cents }[];
  zones: { delivery: string; zone_id: number | null; orders: number; revenue: Cents }[];
  codes: { code: string; orders: number; amount: Cents }[];
  customers: string[];
}

export const emptyDay = (): DaySums => ({ hours: [], lines: [], additions: [], zones: [], codes: [], customers: [] });

/** Products (and additions) sold, most first: one no longer in the catalogue (id null) by the name it was sold under. */
export const productSales = (rows: { product_id: number | null; name: string; quantity: number; revenue: Cents }[]) =>
  sumItems(
    rows,
    (r) => (r.product_id === null ? `name:${r.name}` : `id:${r.product_id}`),
    (r) => ({ id: r.product_id, name: r.name, quantity: r.quantity, revenueCents: r.revenue }),
  );

/** Codes used and the discount they gave, most used first. */
export function codeUses(rows: DaySums['codes']): CodeUse[] {
  const codes = new Map<string, CodeUse>();
  for (const row of rows) {
    const found = codes.get(row.code) ?? { code: row.code, orders: 0, amountCents: 0 };
    found.orders += row.orders;
    found.amountCents += row.amount;
    codes.set(row.code, found);
  }
  return [...codes.values()].sort((a, b) => b.orders - a.orders || a.code.localeCompare(b.code));
}

/** Puts each row in its shop day's sums, under `key`. */
function byDay<K extends Exclude<keyof DaySums, 'customers'>>(
  days: Map<string, DaySums>,
  key: K,
  rows: (DaySums[K][number] & { delivery_date: string })[],
) {
  for (const { delivery_date, ...row } of rows) (dayOf(days, delivery_date)[key] as unknown[]).push(row);
}

/** A shop day's sums in `days`, added empty when missing. */
function dayOf(days: Map<string, DaySums>, day: string): DaySums {
  let sums = days.get(day);
  if (!sums) days.set(day, (sums = emptyDay()));
  return sums;
}

/**
 * The aggregates of shop days `from`–`to`, cancelled orders never counted. `delivery_date` is the shop day
 * and `delivery_time` its wall-clock time, so a 23- or 25-hour Sunday is one day like any other.
 */
export class PeriodQueries {
  constructor(private readonly db: Db) {}

  /** The period's orders that count: not cancelled. */
  private orders(from: string, to: string) {
    return this.db
      .selectFrom('orders')
      .where('orders.delivery_date', '>=', from)
      .where('orders.delivery_date', '<=', to)
      .where('orders.status', '!=', ORDER_STATUS.cancelled);
  }

  /** The period's figures summed straight from the orders. */
  async figures(from: string, to: string): Promise<PeriodFigures> {
    return this.combine(from, to, await this.daySums(from, to));
  }

  /** The sums of each shop day of `from`–`to` that has orders. */
  async daySums(from: string, to: string): Promise<Map<string, DaySums>> {
    const [hours, lines, additions, zones, codes, customers] = await Promise.all([
      this.dayHours(from, to),
      this.lines(from, to),
      this.additions(from, to),
      this.zones(from, to),
      this.codes(from, to),
      this.dayCustomers(from, to),
    ]);
    const days = new Map<string, DaySums>();
    byDay(days, 'hours', hours);
    byDay(days, 'lines', lines);
    byDay(days, 'additions', additions);
    byDay(days, 'zones', zones);
    byDay(days, 'codes', codes);
    for (const { delivery_date, customer } of customers) dayOf(days, delivery_date).customers.push(customer);
    return days;
  }

  /** A period's figures from its days' sums (days without orders may be missing). */
  async combine(from: string, to: string, sums: ReadonlyMap<string, DaySums>): Promise<PeriodFigures> {
    const [firstDays, categoryNames, zoneNames] = await Promise.all([
      this.firstDays(from, to),
      this.names('categories'),
      this.names('zones'),
    ]);
    const totals = emptyTotals();
    const days = periodDays(from, to).map((day) => ({ day, orders: 0, revenueCents: 0 }));
    const cells = new Map<string, { weekday: number; hour: number; orders: number; revenueCents: Cents }>();
    const all = emptyDay();
    let unknownOrders = 0;
    const customers = new Set<string>();
    for (const day of days) {
      const found = sums.get(day.day);
      if (!found) continue;
      const weekday = isoWeekday(weekdayOf(day.day));
      for (const row of found.hours) {
        totals.orders += row.orders;
        totals.revenueCents += row.revenue;
        totals.feesCents += row.fees;
        totals.discountsCents += row.discounts;
        unknownOrders += row.unknown;
        day.orders += row.orders;
        day.revenueCents += row.revenue;
        const cell = cells.get(`${weekday} ${row.hour}`) ?? { weekday, hour: row.hour, orders: 0, revenueCents: 0 };
        cell.orders += row.orders;
        cell.revenueCents += row.revenue;
        cells.set(`${weekday} ${row.hour}`, cell);
      }
      all.lines.push(...found.lines);
      all.additions.push(...found.additions);
      all.zones.push(...found.zones);
      all.codes.push(...found.codes);
      for (const customer of found.customers) customers.add(customer);
    }
    // New: their first order that counts falls in the period.
    const fresh = firstDays.filter((customer) => customers.has(customer)).length;
    return {
      from,
      to,
      totals,
      days,
      products: productSales(all.lines),
      // A dough's revenue is its supplement over the plain dough, times the pizzas made with it.
      doughs: sumItems(
        all.lines.filter((r) => r.variant_id !== null),
        (r) => String(r.variant_id),
        (r) => ({ id: r.variant_id, name: r.variant_name ?? OTHER, quantity: r.quantity, revenueCents: r.dough_revenue }),
      ),
      additions: productSales(all.additions),
      categories: sumItems(
        all.lines,
        (r) => String(r.category_id),
        (r) => ({ id: r.category_id, name: categoryNames.get(r.category_id) ?? OTHER, quantity: r.quantity, revenueCents: r.revenue }),
      ),
      // Pickups are one row of their own (id null); quantity counts orders.
      zones: sumItems(
        all.zones,
        (r) => (r.delivery === 'ritiro' ? 'ritiro' : String(r.zone_id)),
        (r) =>
          r.delivery === 'ritiro'
            ? { id: null, name: DELIVERY_LABELS.ritiro, quantity: r.orders, revenueCents: r.revenue }
            : { id: r.zone_id, name: zoneNames.get(r.zone_id) ?? OTHER, quantity: r.orders, revenueCents: r.revenue },
      ),
      weekdayHours: [...cells.values()].sort((a, b) => a.weekday - b.weekday || a.hour - b.hour),
      customers: { new: fresh, returning: customers.size - fresh, unknownOrders },
      discountCodes: codeUses(all.codes),
    };
  }

  /** Orders and money per shop day and hour of the promised time. */
  private async dayHours(from: string, to: string) {
    const rows = await this.orders(from, to)
      .select([
        'delivery_date',
        sql<string>`substr(delivery_time, 1, 2)`.as('hour'),
        (eb) => eb.fn.countAll<number>().as('orders'),
        sql<number>`sum(total_price_cents)`.as('revenue'),
        sql<number>`sum(delivery_fee_cents)`.as('fees'),
        sql<number>`sum(original_price_cents - total_price_cents)`.as('discounts'),
        sql<number>`sum(case when user_id is null and client_id is null then 1 else 0 end)`.as('unknown'),
      ])
      .groupBy(['delivery_date', sql`substr(delivery_time, 1, 2)`])
      .execute();
    return rows.map((r) => ({ ...r, hour: Number(r.hour) }));
  }

  /** Lines by shop day, product, category and dough. */
  lines(from: string, to: string): Promise<(LineSums & { delivery_date: string })[]> {
    // A product is its id; only the platforms' unknown items (no id) are told apart by name.
    const nameless = sql<string | null>`case when l.product_id is null then l.name end`;
    return this.orders(from, to)
      .innerJoin('order_lines as l', 'l.order_id', 'orders.id')
      .select([
        'orders.delivery_date',
        'l.product_id',
        sql<string>`max(l.name)`.as('name'),
        'l.category_id',
        'l.variant_id',
        sql<string | null>`max(l.variant_name)`.as('variant_name'),
        sql<number>`sum(l.qty)`.as('quantity'),
        sql<number>`sum(l.line_total_cents)`.as('revenue'),
        sql<number>`sum(l.variant_price_cents * l.qty)`.as('dough_revenue'),
      ])
      .groupBy(['orders.delivery_date', 'l.product_id', 'l.category_id', 'l.variant_id', nameless])
      .execute();
  }

  /** The names of a small table's rows by id: joined in memory, not once per order or line. */
  private async names(table: 'categories' | 'zones'): Promise<Map<number | null, string>> {
    const rows = await this.db.selectFrom(table).select(['id', 'name']).execute();
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  /** Additions sold by shop day: one per pizza of the line they were on, at the price they were sold. */
  private additions(from: string, to: string) {
    return this.orders(from, to)
      .innerJoin('order_lines as l', 'l.order_id', 'orders.id')
      .innerJoin('order_line_additions as a', 'a.order_line_id', 'l.id')
      .select([
        'orders.delivery_date',
        'a.product_id',
        'a.name',
        sql<number>`sum(l.qty)`.as('quantity'),
        sql<number>`sum(a.price_cents * l.qty)`.as('revenue'),
      ])
      .groupBy(['orders.delivery_date', 'a.product_id', 'a.name'])
      .execute();
  }

  /** Orders and money by shop day, delivery type and zone. */
  private zones(from: string, to: string) {
    return this.orders(from, to)
      .select([
        'orders.delivery_date',
        'orders.delivery',
        'orders.zone_id',
        (eb) => eb.fn.countAll<number>().as('orders'),
        sql<number>`sum(orders.total_price_cents)`.as('revenue'),
      ])
      .groupBy(['orders.delivery_date', 'orders.delivery', 'orders.zone_id'])
      .execute();
  }

  /** Codes used by shop day and the discount they gave (goods before discount plus fee, minus what was paid). */
  async codes(from: string, to: string) {
    const rows = await this.orders(from, to)
      .where('discount_code', 'is not', null)
      .select([
        'delivery_date',
        'discount_code',
        (eb) => eb.fn.countAll<number>().as('orders'),
        sql<number>`sum(original_price_cents - total_price_cents)`.as('amount'),
      ])
      .groupBy(['delivery_date', 'discount_code'])
      .execute();
    return rows.map(({ discount_code, ...r }) => ({ ...r, code: discount_code! }));
  }

  /** The customers who ordered on each shop day: by account, else by cassa client (customer-key.ts). */
  private dayCustomers(from: string, to: string) {
    const customer = sql.raw(customerKey('orders'));
    return this.orders(from, to)
      .where((eb) => eb.or([eb('user_id', 'is not', null), eb('client_id', 'is not', null)]))
      .select(['delivery_date', sql<string>`${customer}`.as('customer')])
      .groupBy(['delivery_date', customer])
      .execute();
  }

  /** The customers whose first order that counts falls in `from`–`to` (kept by migration 0022's trigger). */
  private async firstDays(from: string, to: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('customer_first_days')
      .select('customer')
      .where('first_day', '>=', from)
      .where('first_day', '<=', to)
      .execute();
    return rows.map((r) => r.customer);
  }
}
