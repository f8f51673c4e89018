import { sql, type Selectable } from 'kysely';
import {
  canChangeStatus,
  isFinalStatus,
  ORDER_STATUS,
  ovenGroupOf,
  ovenItemCount,
  slotOf,
  type OrderSource,
  type OrderStatus,
  type PaymentType,
} from '../../src/domain';
import type { Clock } from '../clock';
import { isPostgres, type Db } from '../db/database';
import { paramsOf, prepared } from '../db/prepared';
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

const nextOrderNumberQuery = prepared<{ date: string }, { last_num: number }>((db, param) =>
  db
    .insertInto('order_counters')
    .values({ delivery_date: param('date'), last_num: 1 })
    .onConflict((oc) => oc.column('delivery_date').doUpdateSet((eb) => ({ last_num: eb('order_counters.last_num', '+', 1) })))
    .returning('last_num'),
);

/** Next number of a day's sequence, in one upsert: atomic on both engines (row lock on PostgreSQL). */
export async function nextOrderNumber(tx: Db, date: string): Promise<number> {
  const { rows } = await nextOrderNumberQuery(tx, { date });
  return rows[0]!.last_num;
}

/** Oven items of priced lines, the count stored in the slot load. */
const draftOvenItems = (lines: readonly PricedLine[]) => ovenItemCount(lines.map((l) => ({ group: l.product.category.group, qty: l.qty })));

interface SlotLoad {
  date: string;
  time: string;
  items: number;
}

const addSlotLoadQuery = prepared<SlotLoad, unknown>((db, param) =>
  db
    .insertInto('slot_locks')
    .values({ delivery_date: param('date'), delivery_time: param('time'), version: 0, oven_items: param('items') })
    .onConflict((oc) =>
      oc
        .columns(['delivery_date', 'delivery_time'])
        .doUpdateSet((eb) => ({ oven_items: eb('slot_locks.oven_items', '+', param('items')) })),
    ),
);

/**
 * Adds oven items to a 15-minute slot's stored load (negative to remove them). The load lives in the
 * slot's row of `slot_locks`, written in the same transaction as the order, so reading a slot's load
 * costs one row however full the day is.
 */
export async function addSlotLoad(tx: Db, date: string, time: string, items: number): Promise<void> {
  if (items === 0) return;
  await addSlotLoadQuery(tx, { date, time: slotOf(time), items });
}

const bookSlotQuery = prepared<SlotLoad & { roomFor: number }, unknown>((db, param) =>
  db
    .insertInto('slot_locks')
    .values({ delivery_date: param('date'), delivery_time: param('time'), version: 0, oven_items: param('items') })
    .onConflict((oc) =>
      oc
        .columns(['delivery_date', 'delivery_time'])
        .doUpdateSet((eb) => ({ oven_items: eb('slot_locks.oven_items', '+', param('items')) }))
        .where('slot_locks.oven_items', '<=', param('roomFor')),
    ),
);

/**
 * Books oven items in a slot only if they fit under `capacity`, in one conditional upsert: the row
 * is locked until the transaction ends, and the condition is checked against its latest load, so
 * parallel checkouts cannot overbook (on either engine).
 */
async function bookSlot(tx: Db, date: string, time: string, items: number, capacity: number): Promise<boolean> {
  if (items === 0) return true;
  if (items > capacity) return false;
  const booked = await bookSlotQuery(tx, { date, time: slotOf(time), items, roomFor: capacity - items });
  return Number(booked.numAffectedRows) === 1;
}

const ORDER_COLUMNS = [
  'delivery_date',
  'delivery_time',
  'source_id',
  'delivery',
  'payment_type',
  'name',
  'nome_citofono',
  'address',
  'telephone',
  'zone_id',
  'client_id',
  'user_id',
  'note',
  'discount_code',
  'original_price_cents',
  'total_price_cents',
  'delivery_fee_cents',
] as const;

function orderColumns(draft: OrderDraft): Pick<OrderRow, (typeof ORDER_COLUMNS)[number]> {
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
    delivery_fee_cents: draft.deliveryFeeCents,
  };
}

type NewOrder = Pick<OrderRow, (typeof ORDER_COLUMNS)[number] | 'order_num' | 'idempotency_key' | 'created_at'>;

const insertOrderQuery = prepared<NewOrder, { id: number }>((db, param) =>
  db
    .insertInto('orders')
    .values({
      ...paramsOf(param, ORDER_COLUMNS),
      order_num: param('order_num'),
      status: ORDER_STATUS.pending,
      delivered: 0,
      idempotency_key: param('idempotency_key'),
      created_at: param('created_at'),
      updated_at: param('created_at'),
    })
    .returning('id'),
);

const LINE_COLUMNS = [
  'order_id',
  'position',
  'product_id',
  'category_id',
  'oven_group',
  'name',
  'qty',
  'base_price_cents',
  'variant_id',
  'variant_name',
  'variant_price_cents',
  'note',
  'unit_price_cents',
  'line_total_cents',
] as const;
const insertLineQuery = prepared<Omit<Selectable<OrderLinesTable>, 'id'>, { id: number }>((db, param) =>
  db.insertInto('order_lines').values(paramsOf(param, LINE_COLUMNS)).returning('id'),
);

const ADDITION_COLUMNS = ['order_line_id', 'product_id', 'name', 'price_cents'] as const;
const insertAdditionQuery = prepared<Omit<Selectable<OrderLineAdditionsTable>, 'id'>, unknown>((db, param) =>
  db.insertInto('order_line_additions').values(paramsOf(param, ADDITION_COLUMNS)),
);

async function insertLines(tx: Db, orderId: number, lines: PricedLine[]): Promise<void> {
  for (const [position, line] of lines.entries()) {
    const { rows } = await insertLineQuery(tx, {
      order_id: orderId,
      position,
      product_id: line.product.id,
      category_id: line.product.categoryId,
      oven_group: line.product.category.group,
      name: line.product.name,
      qty: line.qty,
      base_price_cents: line.baseCents,
      variant_id: line.variant?.id ?? null,
      variant_name: line.variant?.name ?? null,
      variant_price_cents: line.variant?.priceModifierCents ?? 0,
      note: line.note,
      unit_price_cents: line.unitCents,
      line_total_cents: line.totalCents,
    });
    for (const a of line.additions) {
      await insertAdditionQuery(tx, { order_line_id: rows[0]!.id, product_id: a.id, name: a.name, price_cents: a.priceCents });
    }
  }
}

export type OrderEventKind = OrderEventsTable['kind'];
/** The PostgreSQL channel that carries a new order event's id to every process. */
export const ORDER_EVENTS_CHANNEL = 'order_events';

/**
 * Records a change of an order in the change's own transaction: a rolled-back change leaves no
 * event. On PostgreSQL the NOTIFY (only the id) is part of the transaction too, so it is delivered
 * at commit and never for a rollback; on SQLite the writer tells `OrderEvents.committed()`.
 */
async function recordEvent(tx: Db, clock: Clock, orderId: number, kind: OrderEventKind, deliveryDate: string): Promise<void> {
  const { id } = await tx
    .insertInto('order_events')
    .values({ order_id: orderId, kind, delivery_date: deliveryDate, at: clock.now().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (isPostgres(tx)) await sql`select pg_notify(${ORDER_EVENTS_CHANNEL}, ${String(id)})`.execute(tx);
}

/** The slot is full: the order was not written. */
export const SLOT_FULL = Symbol('slot full');

/** What writing a new order decided: its id and its number of the day. */
export interface InsertedOrder {
  id: number;
  orderNum: number;
}

interface InsertOptions {
  idempotencyKey?: string | null;
  capacity?: number;
}

/**
 * Writes a new order and adds its oven items to the slot load. With `capacity` (online checkout),
 * the slot must have room for them, or nothing is written and SLOT_FULL comes back; without it
 * (staff judge capacity themselves) the order is always written.
 */
export function insertOrder(
  tx: Db,
  clock: Clock,
  draft: OrderDraft,
  extra: InsertOptions & { capacity: number },
): Promise<InsertedOrder | typeof SLOT_FULL>;
export function insertOrder(
  tx: Db,
  clock: Clock,
  draft: OrderDraft,
  extra?: InsertOptions & { capacity?: undefined },
): Promise<InsertedOrder>;
export async function insertOrder(
  tx: Db,
  clock: Clock,
  draft: OrderDraft,
  extra: InsertOptions = {},
): Promise<InsertedOrder | typeof SLOT_FULL> {
  const ovenItems = draftOvenItems(draft.lines);
  if (extra.capacity === undefined) await addSlotLoad(tx, draft.deliveryDate, draft.deliveryTime, ovenItems);
  else if (!(await bookSlot(tx, draft.deliveryDate, draft.deliveryTime, ovenItems, extra.capacity))) return SLOT_FULL;
  const orderNum = await nextOrderNumber(tx, draft.deliveryDate);
  const { rows } = await insertOrderQuery(tx, {
    ...orderColumns(draft),
    order_num: orderNum,
    idempotency_key: extra.idempotencyKey ?? null,
    created_at: clock.now().toISOString(),
  });
  const row = rows[0]!;
  await insertLines(tx, row.id, draft.lines);
  await recordEvent(tx, clock, row.id, 'created', draft.deliveryDate);
  return { id: row.id, orderNum };
}

/**
 * Why an order cannot take a change: it does not exist, its status is final (cancelled), or the edit
 * was based on a version someone else has replaced since.
 */
export type OrderChangeRefusal = 'missing' | 'final' | 'stale';

interface LockedOrder {
  delivery_date: string;
  delivery_time: string;
  order_num: number;
  status: OrderStatus;
  version: number;
  ovenItems: number;
}

/**
 * Locks an order's row for the rest of the transaction (a no-op update: a row lock on PostgreSQL,
 * the write lock on SQLite) and reads what a change must know: its status and its current slot load.
 */
async function lockOrder(tx: Db, id: number): Promise<LockedOrder | null> {
  const row = await tx
    .updateTable('orders')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', id)
    .returning(['delivery_date', 'delivery_time', 'order_num', 'status', 'version'])
    .executeTakeFirst();
  if (!row) return null;
  const lines = await tx.selectFrom('order_lines').select(['oven_group', 'qty']).where('order_id', '=', id).execute();
  return {
    ...row,
    status: row.status as OrderStatus,
    ovenItems: ovenItemCount(lines.map((l) => ({ group: ovenGroupOf(l.oven_group), qty: l.qty }))),
  };
}

/**
 * Rewrites a live order's details and lines (status from `nextStatus` of the current one) and moves
 * its slot load; the number changes only when the order moves to another day. The edit must be based
 * on the order's current `version` (read under the row lock, so of two edits from the same version
 * exactly one is written); it bumps the version.
 */
export async function replaceOrder(
  tx: Db,
  clock: Clock,
  id: number,
  edit: { draft: OrderDraft; basedOnVersion: number; nextStatus: (current: OrderStatus) => OrderStatus },
): Promise<OrderChangeRefusal | null> {
  const { draft } = edit;
  const current = await lockOrder(tx, id);
  if (!current) return 'missing';
  const status = edit.nextStatus(current.status);
  if (isFinalStatus(current.status) || !canChangeStatus(current.status, status)) return 'final';
  if (current.version !== edit.basedOnVersion) return 'stale';
  const orderNum = current.delivery_date === draft.deliveryDate ? current.order_num : await nextOrderNumber(tx, draft.deliveryDate);
  await tx
    .updateTable('orders')
    .set({ ...orderColumns(draft), order_num: orderNum, status, version: current.version + 1, updated_at: clock.now().toISOString() })
    .where('id', '=', id)
    .execute();
  await tx.deleteFrom('order_lines').where('order_id', '=', id).execute();
  await insertLines(tx, id, draft.lines);
  await addSlotLoad(tx, current.delivery_date, current.delivery_time, -current.ovenItems);
  await addSlotLoad(tx, draft.deliveryDate, draft.deliveryTime, draftOvenItems(draft.lines));
  await recordEvent(tx, clock, id, 'updated', draft.deliveryDate);
  return null;
}

/** Sets a live order's status or delivered flag; cancelling it frees its slot load. */
export async function changeOrderState(
  tx: Db,
  clock: Clock,
  id: number,
  change: { status: OrderStatus } | { delivered: 0 | 1 },
): Promise<OrderChangeRefusal | null> {
  const current = await lockOrder(tx, id);
  if (!current) return 'missing';
  if (isFinalStatus(current.status)) return 'final';
  if ('status' in change && !canChangeStatus(current.status, change.status)) return 'final';
  await tx
    .updateTable('orders')
    .set({ ...change, updated_at: clock.now().toISOString() })
    .where('id', '=', id)
    .execute();
  if ('status' in change && change.status === ORDER_STATUS.cancelled) {
    await addSlotLoad(tx, current.delivery_date, current.delivery_time, -current.ovenItems);
  }
  const kind = 'delivered' in change ? 'delivered' : change.status === ORDER_STATUS.printed ? 'printed' : 'status';
  await recordEvent(tx, clock, id, kind, current.delivery_date);
  return null;
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
  if (filter.excludeCancelled) query = query.where('orders.status', '!=', ORDER_STATUS.cancelled);
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
