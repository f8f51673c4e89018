/**
 * The rules of writing an order, once for both engines: the columns an order, its lines and
 * additions are written with (the description the PostgreSQL checkout statement is generated from),
 * the slot booking, the day's numbers, the address check and the changes of a placed order. Nothing
 * here records an event or opens a transaction: the order writers do (order-writer.*.ts).
 */
import type { Selectable } from 'kysely';
import { canChangeStatus, isFinalStatus, ORDER_STATUS, ovenGroupOf, ovenItemCount, slotOf, type OrderStatus } from '../../src/domain';
import type { Clock } from '../clock';
import { allergenColumns } from '../db/codes';
import type { Db } from '../db/database';
import { paramsOf, prepared } from '../db/prepared';
import type { OrderLineAdditionsTable, OrderLinesTable, OrderRow } from '../db/schema';
import { insertMail } from '../mail/queue';
import { queuePrintJobs } from '../print/print-queue';
import type { PricedLine } from '../ecommerce/pricing';
import { delayOrder, moveOrderProgress } from './order-progress';
import { lockOrderRow, type OrderDraft, type OrderEventKind } from './order-store';
import {
  NOT_OWN_ADDRESS,
  SLOT_FULL,
  type AddressRow,
  type InsertedOrder,
  type NewOrderOptions,
  type OrderChangeRefusal,
  type OrderEdit,
  type OrderStateChange,
  type OrderWrites,
} from './order-writer';

/** A column's PostgreSQL type, for the typed parameters of `insert … select` and `unnest`. */
export type ColumnType = 'int' | 'text';

/** The columns an order takes from its draft. */
export const ORDER_COLUMN_TYPES = {
  delivery_date: 'text',
  delivery_time: 'text',
  source_id: 'int',
  delivery: 'text',
  payment_type: 'text',
  name: 'text',
  nome_citofono: 'text',
  address: 'text',
  telephone: 'text',
  zone_id: 'int',
  client_id: 'int',
  user_id: 'int',
  note: 'text',
  allergy_note: 'text',
  discount_code: 'text',
  original_price_cents: 'int',
  total_price_cents: 'int',
  delivery_fee_cents: 'int',
} as const satisfies Record<string, ColumnType>;
export const ORDER_COLUMNS = Object.keys(ORDER_COLUMN_TYPES) as (keyof typeof ORDER_COLUMN_TYPES)[];

export function orderColumns(draft: OrderDraft): Pick<OrderRow, (typeof ORDER_COLUMNS)[number]> {
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
    allergy_note: draft.allergyNote,
    discount_code: draft.discountCode,
    original_price_cents: draft.originalCents,
    total_price_cents: draft.totalCents,
    delivery_fee_cents: draft.deliveryFeeCents,
  };
}

/** A new order's row: the draft's columns and what the writer decides. */
export type NewOrder = Pick<
  OrderRow,
  (typeof ORDER_COLUMNS)[number] | 'order_num' | 'idempotency_key' | 'idempotency_fingerprint' | 'created_at'
>;

/** A line's columns but its order's id (written in a position of the order). */
export const LINE_COLUMN_TYPES = {
  position: 'int',
  product_id: 'int',
  category_id: 'int',
  oven_group: 'text',
  name: 'text',
  qty: 'int',
  base_price_cents: 'int',
  variant_id: 'int',
  variant_name: 'text',
  variant_price_cents: 'int',
  note: 'text',
  unit_price_cents: 'int',
  line_total_cents: 'int',
  allergens: 'text',
  may_contain: 'text',
} as const satisfies Record<string, ColumnType>;
export type LineValues = Omit<Selectable<OrderLinesTable>, 'id' | 'order_id'>;

export function lineValues(line: PricedLine, position: number): LineValues {
  return {
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
    ...allergenColumns(line.allergens),
  };
}

/** An addition's columns but its line's id. */
export const ADDITION_COLUMN_TYPES = {
  product_id: 'int',
  name: 'text',
  price_cents: 'int',
} as const satisfies Record<string, ColumnType>;
export type AdditionValues = Omit<Selectable<OrderLineAdditionsTable>, 'id' | 'order_line_id'>;

export const additionValues = (line: PricedLine): AdditionValues[] =>
  line.additions.map((a) => ({ product_id: a.id, name: a.name, price_cents: a.priceCents }));

/** Oven items of priced lines, the count stored in the slot load. */
export const draftOvenItems = (lines: readonly PricedLine[]) =>
  ovenItemCount(lines.map((l) => ({ group: l.product.category.group, qty: l.qty })));

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

const insertOrderQuery = prepared<NewOrder, { id: number }>((db, param) =>
  db
    .insertInto('orders')
    .values({
      ...paramsOf(param, ORDER_COLUMNS),
      order_num: param('order_num'),
      status: ORDER_STATUS.pending,
      delivered: 0,
      idempotency_key: param('idempotency_key'),
      idempotency_fingerprint: param('idempotency_fingerprint'),
      created_at: param('created_at'),
      updated_at: param('created_at'),
    })
    .returning('id'),
);

const insertLineQuery = prepared<LineValues & { order_id: number }, { id: number }>((db, param) =>
  db
    .insertInto('order_lines')
    .values(paramsOf(param, ['order_id', ...(Object.keys(LINE_COLUMN_TYPES) as (keyof LineValues)[])]))
    .returning('id'),
);

const insertAdditionQuery = prepared<AdditionValues & { order_line_id: number }, unknown>((db, param) =>
  db
    .insertInto('order_line_additions')
    .values(paramsOf(param, ['order_line_id', ...(Object.keys(ADDITION_COLUMN_TYPES) as (keyof AdditionValues)[])])),
);

async function insertLines(tx: Db, orderId: number, lines: PricedLine[]): Promise<void> {
  for (const [position, line] of lines.entries()) {
    const { rows } = await insertLineQuery(tx, { order_id: orderId, ...lineValues(line, position) });
    for (const addition of additionValues(line)) await insertAdditionQuery(tx, { order_line_id: rows[0]!.id, ...addition });
  }
}

export const ownAddressQuery = prepared<{ id: number; userId: number }, { id: number }>((db, param) =>
  db.selectFrom('addresses').select('id').where('id', '=', param('id')).where('user_id', '=', param('userId')),
);

type SavedAddress = Pick<AddressRow, 'user_id' | 'delivery' | 'name' | 'telephone' | 'address'>;
/** An address already saved like this one; `address = ?` never matches a pickup's null, which has its own. */
const sameAddressQuery = (withStreet: boolean) =>
  prepared<SavedAddress, { id: number }>((db, param) => {
    const query = db
      .selectFrom('addresses')
      .select('id')
      .where('user_id', '=', param('user_id'))
      .where('delivery', '=', param('delivery'))
      .where('name', '=', param('name'))
      .where('telephone', '=', param('telephone'));
    return withStreet ? query.where('address', '=', param('address')) : query.where('address', 'is', null);
  });
const sameAddressQueries = { street: sameAddressQuery(true), none: sameAddressQuery(false) };
/** An address's columns as checkout remembers it. */
export const ADDRESS_COLUMN_TYPES = {
  user_id: 'int',
  name: 'text',
  zone_id: 'int',
  address: 'text',
  telephone: 'text',
  delivery: 'text',
  created_at: 'text',
} as const satisfies Record<keyof AddressRow, ColumnType>;
const insertAddressQuery = prepared<AddressRow, unknown>((db, param) =>
  db.insertInto('addresses').values(paramsOf(param, Object.keys(ADDRESS_COLUMN_TYPES) as (keyof AddressRow)[])),
);

/** A new address typed at checkout is remembered, once. */
async function rememberAddress(tx: Db, address: AddressRow): Promise<void> {
  const same = await (address.address === null ? sameAddressQueries.none : sameAddressQueries.street)(tx, address);
  if (same.rows.length === 0) await insertAddressQuery(tx, address);
}

/** The event a change records, once its writes are done. */
export interface OrderEventDraft {
  orderId: number;
  kind: OrderEventKind;
  deliveryDate: string;
}

/**
 * Writes a new order and adds its oven items to the slot load, with the rows that come with it (the
 * address to remember, the confirmation mail), in statements of the caller's transaction. With
 * `capacity` (online checkout), the slot must have room for them, or nothing is written and SLOT_FULL
 * comes back; without it (staff judge capacity themselves) the order is always written.
 */
export async function writeNewOrder(
  tx: Db,
  clock: Clock,
  draft: OrderDraft,
  options: NewOrderOptions,
): Promise<InsertedOrder | typeof SLOT_FULL | typeof NOT_OWN_ADDRESS> {
  const ovenItems = draftOvenItems(draft.lines);
  const now = clock.now().toISOString();
  const address = options.address;
  if (address && 'saved' in address) {
    if ((await ownAddressQuery(tx, address.saved)).rows.length === 0) return NOT_OWN_ADDRESS;
  }
  if (options.capacity === undefined) await addSlotLoad(tx, draft.deliveryDate, draft.deliveryTime, ovenItems);
  else if (!(await bookSlot(tx, draft.deliveryDate, draft.deliveryTime, ovenItems, options.capacity))) return SLOT_FULL;
  const orderNum = await nextOrderNumber(tx, draft.deliveryDate);
  const { rows } = await insertOrderQuery(tx, {
    ...orderColumns(draft),
    order_num: orderNum,
    idempotency_key: options.idempotency?.key ?? null,
    idempotency_fingerprint: options.idempotency?.fingerprint ?? null,
    created_at: now,
  });
  const id = rows[0]!.id;
  await insertLines(tx, id, draft.lines);
  if (address && 'typed' in address) await rememberAddress(tx, address.typed);
  if (options.mail) await insertMail(tx, options.mail(String(orderNum)), now);
  if (options.trackingHash) await tx.insertInto('order_tracking').values({ token_hash: options.trackingHash, order_id: id }).execute();
  if (options.autoPrint) await queuePrintJobs(tx, id, now, { autoPrintOnly: true });
  return { id, orderNum };
}

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
  const row = await lockOrderRow(tx, id, ['delivery_date', 'delivery_time', 'order_num', 'status', 'version']);
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
export async function replaceOrder(tx: Db, clock: Clock, id: number, edit: OrderEdit): Promise<OrderChangeRefusal | OrderEventDraft> {
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
  return { orderId: id, kind: 'updated', deliveryDate: draft.deliveryDate };
}

/** Sets a live order's status or delivered flag; cancelling it frees its slot load. */
export async function changeOrderState(
  tx: Db,
  clock: Clock,
  id: number,
  change: OrderStateChange,
): Promise<OrderChangeRefusal | OrderEventDraft> {
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
  return { orderId: id, kind, deliveryDate: current.delivery_date };
}

/** The rows of `order_events` for the events of a transaction. */
export const eventRows = (events: readonly OrderEventDraft[], clock: Clock) =>
  events.map((e) => ({ order_id: e.orderId, kind: e.kind, delivery_date: e.deliveryDate, at: clock.now().toISOString() }));

/**
 * The order writes of transaction `tx` by the shared rules, with the events they stage: the writer
 * records them after the caller's own writes, as the transaction's last.
 */
export function stagedWrites(tx: Db, clock: Clock): { orders: OrderWrites; events: OrderEventDraft[] } {
  const events: OrderEventDraft[] = [];
  const staged = <R extends string>(outcome: R | OrderEventDraft) => {
    if (typeof outcome === 'string') return outcome;
    events.push(outcome);
    return null;
  };
  const orders: OrderWrites = {
    tx,
    insert: (async (draft: OrderDraft, options: NewOrderOptions) => {
      const inserted = await writeNewOrder(tx, clock, draft, options);
      if (typeof inserted !== 'symbol') events.push({ orderId: inserted.id, kind: 'created', deliveryDate: draft.deliveryDate });
      return inserted;
    }) as OrderWrites['insert'],
    replace: async (id, edit) => staged(await replaceOrder(tx, clock, id, edit)),
    changeState: async (id, change) => staged(await changeOrderState(tx, clock, id, change)),
    progress: async (id, direction) => staged(await moveOrderProgress(tx, clock, id, direction)),
    delay: async (id, minutes) => staged(await delayOrder(tx, clock, id, minutes)),
  };
  return { orders, events };
}
