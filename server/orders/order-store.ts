import type { Selectable } from 'kysely';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import type { OrderLineAdditionsTable, OrderLinesTable, OrderRow } from '../db/schema';
import type { PricedLine } from '../ecommerce/pricing';

/** Everything an order is made of, already priced; how it is written does not depend on who wrote it. */
export interface OrderDraft {
  sourceId: number;
  delivery: 'consegna' | 'ritiro';
  paymentType: 'Contanti' | 'Carta di credito';
  name: string;
  nomeCitofono: string | null;
  address: string | null;
  telephone: string | null;
  zoneId: number | null;
  clientId: number | null;
  userId: number | null;
  note: string | null;
  discountCode: string | null;
  originalCents: number;
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

/** Next number of a day's sequence; atomic on both engines (row lock on PostgreSQL). */
export async function nextOrderNumber(tx: Db, date: string): Promise<number> {
  await tx
    .insertInto('order_counters')
    .values({ delivery_date: date, last_num: 0 })
    .onConflict((oc) => oc.column('delivery_date').doNothing())
    .execute();
  const row = await tx
    .updateTable('order_counters')
    .set((eb) => ({ last_num: eb('last_num', '+', 1) }))
    .where('delivery_date', '=', date)
    .returning('last_num')
    .executeTakeFirstOrThrow();
  return row.last_num;
}

/**
 * Holds the slot's lock row until the transaction ends: concurrent checkouts for the same slot
 * queue here, so the capacity count that follows sees every order committed before it.
 */
export async function lockSlot(tx: Db, date: string, slot: string): Promise<void> {
  await tx
    .insertInto('slot_locks')
    .values({ delivery_date: date, delivery_time: slot, version: 0 })
    .onConflict((oc) => oc.columns(['delivery_date', 'delivery_time']).doNothing())
    .execute();
  await tx
    .updateTable('slot_locks')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('delivery_date', '=', date)
    .where('delivery_time', '=', slot)
    .execute();
}

function orderColumns(draft: OrderDraft) {
  return {
    delivery_date: draft.deliveryDate,
    delivery_time: draft.deliveryTime,
    source_id: draft.sourceId,
    delivery: draft.delivery,
    payment_type: draft.paymentType,
    name: draft.name,
    nome_citofono: draft.nomeCitofono,
    address: draft.address,
    telephone: draft.telephone,
    zone_id: draft.zoneId,
    client_id: draft.clientId,
    user_id: draft.userId,
    note: draft.note,
    discount_code: draft.discountCode,
    original_price_cents: draft.originalCents,
    total_price_cents: draft.totalCents,
  };
}

async function insertLines(tx: Db, orderId: number, lines: PricedLine[]): Promise<void> {
  for (const [position, line] of lines.entries()) {
    const inserted = await tx
      .insertInto('order_lines')
      .values({
        order_id: orderId,
        position,
        product_id: line.product.id,
        category_id: line.product.categoryId,
        name: line.product.name,
        qty: line.qty,
        base_price_cents: line.product.priceCents,
        variant_id: line.variant?.id ?? null,
        variant_name: line.variant?.name ?? null,
        variant_price_cents: line.variant?.priceModifierCents ?? 0,
        note: line.note,
        unit_price_cents: line.unitCents,
        line_total_cents: line.totalCents,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (line.additions.length > 0) {
      await tx
        .insertInto('order_line_additions')
        .values(line.additions.map((a) => ({ order_line_id: inserted.id, product_id: a.id, name: a.name, price_cents: a.priceCents })))
        .execute();
    }
  }
}

export async function insertOrder(
  tx: Db,
  clock: Clock,
  draft: OrderDraft,
  extra: { idempotencyKey?: string | null; status?: number } = {},
): Promise<number> {
  const now = clock.now().toISOString();
  const orderNum = await nextOrderNumber(tx, draft.deliveryDate);
  const row = await tx
    .insertInto('orders')
    .values({
      ...orderColumns(draft),
      order_num: orderNum,
      status: extra.status ?? 0,
      delivered: 0,
      idempotency_key: extra.idempotencyKey ?? null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertLines(tx, row.id, draft.lines);
  return row.id;
}

/** Rewrites an order's details and lines; the number changes only when the order moves to another day. */
export async function replaceOrder(tx: Db, clock: Clock, existing: OrderRow, draft: OrderDraft, status: number): Promise<void> {
  const orderNum = existing.delivery_date === draft.deliveryDate ? existing.order_num : await nextOrderNumber(tx, draft.deliveryDate);
  await tx
    .updateTable('orders')
    .set({ ...orderColumns(draft), order_num: orderNum, status, updated_at: clock.now().toISOString() })
    .where('id', '=', existing.id)
    .execute();
  await tx.deleteFrom('order_lines').where('order_id', '=', existing.id).execute();
  await insertLines(tx, existing.id, draft.lines);
}

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
  if (filter.excludeCancelled) query = query.where('orders.status', '!=', 3);
  query = filter.newestFirst
    ? query.orderBy('orders.delivery_date', 'desc').orderBy('orders.delivery_time', 'desc').orderBy('orders.id', 'desc')
    : query.orderBy('orders.delivery_time').orderBy('orders.order_num');
  if (filter.limit) query = query.limit(filter.limit);
  const orders = await query.execute();
  if (orders.length === 0) return [];

  const lines = await db
    .selectFrom('order_lines')
    .selectAll()
    .where(
      'order_id',
      'in',
      orders.map((o) => o.id),
    )
    .orderBy('order_id')
    .orderBy('position')
    .execute();
  const additions = lines.length
    ? await db
        .selectFrom('order_line_additions')
        .selectAll()
        .where(
          'order_line_id',
          'in',
          lines.map((l) => l.id),
        )
        .orderBy('id')
        .execute()
    : [];

  const additionsByLine = groupBy(additions, (a) => a.order_line_id);
  const linesByOrder = groupBy(
    lines.map((l) => ({ ...l, additions: additionsByLine.get(l.id) ?? [] })),
    (l) => l.order_id,
  );
  return orders.map((o) => ({ ...o, lines: linesByOrder.get(o.id) ?? [] }));
}
