import { sql } from 'kysely';
import { DELIVERY_LABELS, isoWeekday, ORDER_STATUS, periodDays, weekdayOf, type Cents } from '../../src/domain';
import type { Db } from '../db/database';

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

type LineRow = Awaited<ReturnType<PeriodQueries['lines']>>[number];

/** Products sold, most first: a product no longer in the catalogue (id null) by the name it was sold under. */
export const productSales = (rows: LineRow[]) =>
  sumItems(
    rows,
    (r) => (r.product_id === null ? `name:${r.name}` : `id:${r.product_id}`),
    (r) => ({ id: r.product_id, name: r.name, quantity: r.quantity, revenueCents: r.revenue }),
  );

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

  async figures(from: string, to: string): Promise<PeriodFigures> {
    const [hours, products, additions, zones, discountCodes, customers, categoryNames] = await Promise.all([
      this.dayHours(from, to),
      this.lines(from, to),
      this.additions(from, to),
      this.zones(from, to),
      this.discountCodes(from, to),
      this.customers(from, to),
      this.names('categories'),
    ]);
    const totals = emptyTotals();
    const days = new Map(periodDays(from, to).map((day) => [day, { day, orders: 0, revenueCents: 0 }]));
    const cells = new Map<string, { weekday: number; hour: number; orders: number; revenueCents: Cents }>();
    let unknownOrders = 0;
    for (const row of hours) {
      totals.orders += row.orders;
      totals.revenueCents += row.revenue;
      totals.feesCents += row.fees;
      totals.discountsCents += row.discounts;
      unknownOrders += row.unknown;
      const day = days.get(row.delivery_date)!;
      day.orders += row.orders;
      day.revenueCents += row.revenue;
      const weekday = isoWeekday(weekdayOf(row.delivery_date));
      const hour = Number(row.hour);
      const cell = cells.get(`${weekday} ${hour}`) ?? { weekday, hour, orders: 0, revenueCents: 0 };
      cell.orders += row.orders;
      cell.revenueCents += row.revenue;
      cells.set(`${weekday} ${hour}`, cell);
    }
    return {
      from,
      to,
      totals,
      days: [...days.values()],
      products: productSales(products),
      // A dough's revenue is its supplement over the plain dough, times the pizzas made with it.
      doughs: sumItems(
        products.filter((r) => r.variant_id !== null),
        (r) => String(r.variant_id),
        (r) => ({ id: r.variant_id, name: r.variant_name ?? OTHER, quantity: r.quantity, revenueCents: r.dough_revenue }),
      ),
      additions,
      categories: sumItems(
        products,
        (r) => String(r.category_id),
        (r) => ({ id: r.category_id, name: categoryNames.get(r.category_id) ?? OTHER, quantity: r.quantity, revenueCents: r.revenue }),
      ),
      zones,
      weekdayHours: [...cells.values()].sort((a, b) => a.weekday - b.weekday || a.hour - b.hour),
      customers: { ...customers, unknownOrders },
      discountCodes,
    };
  }

  /** Orders and money per shop day and hour of the promised time. */
  private dayHours(from: string, to: string) {
    return this.orders(from, to)
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
  }

  /** Lines by product, category and dough: products, categories and doughs are sums of these. */
  lines(from: string, to: string) {
    // A product is its id; only the platforms' unknown items (no id) are told apart by name.
    const nameless = sql<string | null>`case when l.product_id is null then l.name end`;
    return this.orders(from, to)
      .innerJoin('order_lines as l', 'l.order_id', 'orders.id')
      .select([
        'l.product_id',
        sql<string>`max(l.name)`.as('name'),
        'l.category_id',
        'l.variant_id',
        sql<string | null>`max(l.variant_name)`.as('variant_name'),
        sql<number>`sum(l.qty)`.as('quantity'),
        sql<number>`sum(l.line_total_cents)`.as('revenue'),
        sql<number>`sum(l.variant_price_cents * l.qty)`.as('dough_revenue'),
      ])
      .groupBy(['l.product_id', 'l.category_id', 'l.variant_id', nameless])
      .execute();
  }

  /** The names of a small table's rows by id: joined in memory, not once per order or line. */
  private async names(table: 'categories' | 'zones'): Promise<Map<number | null, string>> {
    const rows = await this.db.selectFrom(table).select(['id', 'name']).execute();
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  /** Additions sold: one per pizza of the line they were on, at the price they were sold. */
  private async additions(from: string, to: string): Promise<ItemSales[]> {
    const rows = await this.orders(from, to)
      .innerJoin('order_lines as l', 'l.order_id', 'orders.id')
      .innerJoin('order_line_additions as a', 'a.order_line_id', 'l.id')
      .select(['a.product_id', 'a.name', sql<number>`sum(l.qty)`.as('quantity'), sql<number>`sum(a.price_cents * l.qty)`.as('revenue')])
      .groupBy(['a.product_id', 'a.name'])
      .execute();
    return sumItems(
      rows,
      (r) => (r.product_id === null ? `name:${r.name}` : `id:${r.product_id}`),
      (r) => ({ id: r.product_id, name: r.name, quantity: r.quantity, revenueCents: r.revenue }),
    );
  }

  /** Home deliveries by zone, and pickups as one row of their own (id null): quantity counts orders. */
  private async zones(from: string, to: string): Promise<ItemSales[]> {
    const [rows, names] = await Promise.all([
      this.orders(from, to)
        .select([
          'orders.delivery',
          'orders.zone_id',
          (eb) => eb.fn.countAll<number>().as('orders'),
          sql<number>`sum(orders.total_price_cents)`.as('revenue'),
        ])
        .groupBy(['orders.delivery', 'orders.zone_id'])
        .execute(),
      this.names('zones'),
    ]);
    return sumItems(
      rows,
      (r) => (r.delivery === 'ritiro' ? 'ritiro' : String(r.zone_id)),
      (r) =>
        r.delivery === 'ritiro'
          ? { id: null, name: DELIVERY_LABELS.ritiro, quantity: r.orders, revenueCents: r.revenue }
          : { id: r.zone_id, name: names.get(r.zone_id) ?? OTHER, quantity: r.orders, revenueCents: r.revenue },
    );
  }

  /** Codes used and the discount they gave (goods before discount plus fee, minus what was paid). */
  async discountCodes(from: string, to: string): Promise<CodeUse[]> {
    const rows = await this.orders(from, to)
      .where('discount_code', 'is not', null)
      .select([
        'discount_code',
        (eb) => eb.fn.countAll<number>().as('orders'),
        sql<number>`sum(original_price_cents - total_price_cents)`.as('amount'),
      ])
      .groupBy('discount_code')
      .execute();
    return rows
      .map((r) => ({ code: r.discount_code!, orders: r.orders, amountCents: r.amount }))
      .sort((a, b) => b.orders - a.orders || a.code.localeCompare(b.code));
  }

  /**
   * Customers with an order in the period, by account (user_id) or else by cassa client (client_id):
   * 'new' when their first order ever (cancelled ones aside) falls in it.
   */
  private async customers(from: string, to: string): Promise<{ new: number; returning: number }> {
    const firstOrders = (column: 'user_id' | 'client_id') => {
      let query = this.db
        .selectFrom('orders')
        .where('status', '!=', ORDER_STATUS.cancelled)
        .where(column, 'is not', null)
        .where('delivery_date', '<=', to);
      if (column === 'client_id') query = query.where('user_id', 'is', null);
      return query
        .select(sql<string>`min(delivery_date)`.as('first_day'))
        .groupBy(column)
        .having(sql`max(delivery_date)`, '>=', from)
        .execute();
    };
    const customers = (await Promise.all([firstOrders('user_id'), firstOrders('client_id')])).flat();
    const fresh = customers.filter((c) => c.first_day >= from).length;
    return { new: fresh, returning: customers.length - fresh };
  }
}
