/** Orders as they are read, and what a writer is given to write (order-writer.ts writes them). */
import type { Selectable } from 'kysely';
import { ORDER_STATUS, type OrderSource, type PaymentType } from '../../src/domain';
import type { Db } from '../db/database';
import type { OrderEventsTable, OrderLineAdditionsTable, OrderLinesTable, OrderRow } from '../db/schema';
import type { PricedLine, StoredLinePrices } from '../ecommerce/pricing';
import type { ReopenedOrder } from '../ecommerce/quote';

/** Everything an order is made of, already priced; how it is written does not depend on who wrote it. */
export interface OrderDraft {
  sourceId: OrderSource;
  delivery: 'consegna' | 'ritiro';
  paymentType: PaymentType;
  name: string;
  nomeCitofono: string | null;
  address: string | null;
  telephone: string | null;
  zoneId: number | null;
  clientId: number | null;
  userId: number | null;
  note: string | null;
  /** 'Allergie o intolleranze': printed first on the kitchen ticket */
  allergyNote: string | null;
  discountCode: string | null;
  originalCents: number;
  deliveryFeeCents: number;
  totalCents: number;
  deliveryDate: string;
  deliveryTime: string;
  lines: PricedLine[];
}

export type OrderLineRecord = Selectable<OrderLinesTable> & { additions: Selectable<OrderLineAdditionsTable>[] };
export interface OrderRecord extends OrderRow {
  zone_name: string | null;
  user_name: string | null;
  lines: OrderLineRecord[];
}

/** What an order keeps when it is reopened and saved again (the rules: `keptLines` and `reopenedDeliveryFeeCents` in src/domain). */
export const reopenedOrder = (order: OrderRecord): ReopenedOrder => ({
  lines: storedLinePrices(order),
  delivery: { delivery: order.delivery, zoneId: order.zone_id, feeCents: order.delivery_fee_cents },
});

const storedLinePrices = (order: OrderRecord): StoredLinePrices[] =>
  order.lines.map((line) => ({
    productId: line.product_id,
    variantId: line.variant_id,
    additionIds: line.additions.flatMap((a) => (a.product_id === null ? [] : [a.product_id])),
    baseCents: line.base_price_cents,
    variantCents: line.variant_price_cents,
    additionCents: new Map(line.additions.flatMap((a) => (a.product_id === null ? [] : [[a.product_id, a.price_cents] as const]))),
  }));

export type OrderEventKind = OrderEventsTable['kind'];
/** The PostgreSQL channel that carries a new order event's id to every process. */
export const ORDER_EVENTS_CHANNEL = 'order_events';

export interface OrderFilter {
  ids?: number[];
  deliveryDate?: string;
  userId?: number;
  clientId?: number;
  excludeCancelled?: boolean;
  newestFirst?: boolean;
  limit?: number;
}

/** Map.groupBy arrives with Node 21; the server supports Node 20. */
function groupBy<T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/** Orders with their lines, additions, zone and user names, in three queries whatever the count. */
export async function loadOrders(db: Db, filter: OrderFilter): Promise<OrderRecord[]> {
  let query = db
    .selectFrom('orders')
    .leftJoin('zones', 'zones.id', 'orders.zone_id')
    .leftJoin('users', 'users.id', 'orders.user_id')
    .selectAll('orders')
    .select(['zones.name as zone_name', 'users.name as user_name']);
  if (filter.ids) query = query.where('orders.id', 'in', filter.ids.length ? filter.ids : [-1]);
  if (filter.deliveryDate) query = query.where('orders.delivery_date', '=', filter.deliveryDate);
  if (filter.userId !== undefined) query = query.where('orders.user_id', '=', filter.userId);
  if (filter.clientId !== undefined) query = query.where('orders.client_id', '=', filter.clientId);
  if (filter.excludeCancelled) query = query.where('orders.status', '!=', ORDER_STATUS.cancelled);
  query = filter.newestFirst
    ? query.orderBy('orders.delivery_date', 'desc').orderBy('orders.delivery_time', 'desc').orderBy('orders.id', 'desc')
    : query.orderBy('orders.delivery_time').orderBy('orders.order_num');
  if (filter.limit) query = query.limit(filter.limit);
  const orders = await query.execute();
  if (orders.length === 0) return [];

  const linesByOrder = await loadOrderLines(
    db,
    orders.map((o) => o.id),
  );
  return orders.map((o) => ({ ...o, lines: linesByOrder.get(o.id) ?? [] }));
}

/** The lines of the orders, with their additions, by order; two queries whatever the orders hold. */
export async function loadOrderLines(db: Db, orderIds: readonly number[]): Promise<Map<number, OrderLineRecord[]>> {
  const lines = await db
    .selectFrom('order_lines')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .orderBy('order_id')
    .orderBy('position')
    .execute();
  // Asked even for no lines: loading takes as many round trips whatever the orders hold.
  const additions = await db
    .selectFrom('order_line_additions')
    .selectAll()
    .where('order_line_id', 'in', lines.length ? lines.map((l) => l.id) : [-1])
    .orderBy('id')
    .execute();

  const additionsByLine = groupBy(additions, (a) => a.order_line_id);
  return groupBy(
    lines.map((l) => ({ ...l, additions: additionsByLine.get(l.id) ?? [] })),
    (l) => l.order_id,
  );
}

/**
 * Locks an order's row for the rest of the transaction (a no-op update: a row lock on PostgreSQL,
 * the write lock on SQLite) and reads the columns asked; undefined when there is no such order.
 */
export const lockOrderRow = <C extends keyof OrderRow & string>(tx: Db, id: number, columns: readonly C[]) =>
  tx
    .updateTable('orders')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', id)
    .returning(columns)
    .executeTakeFirst();
