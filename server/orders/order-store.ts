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
import type { AddressesTable, OrderEventsTable, OrderLineAdditionsTable, OrderLinesTable, OrderRow } from '../db/schema';
import type { MailMessage } from '../mail/mailer';
import { insertMail } from '../mail/queue';
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
/** The saved address the order names is not the customer's: the order was not written. */
export const NOT_OWN_ADDRESS = Symbol('not own address');

/** What writing a new order decided: its id and its number of the day. */
export interface InsertedOrder {
  id: number;
  orderNum: number;
}

type AddressRow = Omit<Selectable<AddressesTable>, 'id'>;

/** Checkout's address: a saved one that must be the customer's, or one typed now, remembered once. */
export type OrderAddress = { saved: { id: number; userId: number } } | { typed: AddressRow };

interface InsertOptions {
  idempotencyKey?: string | null;
  capacity?: number;
  address?: OrderAddress;
  /** the mail telling the order, given its number: queued with the order (a crash after still sends it) */
  mail?: (orderNum: string) => MailMessage;
}

/**
 * Writes a new order and adds its oven items to the slot load, with the rows that come with it (the
 * address to remember, the confirmation mail). With `capacity` (online checkout), the slot must have
 * room for them, or nothing is written and SLOT_FULL comes back; without it (staff judge capacity
 * themselves) the order is always written.
 *
 * On PostgreSQL it is one statement (see orderStatement): its own transaction when `tx` is not one.
 * On SQLite it is a few statements that must run inside the caller's transaction.
 */
export function insertOrder(
  tx: Db,
  clock: Clock,
  draft: OrderDraft,
  extra: InsertOptions & { capacity: number },
): Promise<InsertedOrder | typeof SLOT_FULL | typeof NOT_OWN_ADDRESS>;
export function insertOrder(
  tx: Db,
  clock: Clock,
  draft: OrderDraft,
  extra?: InsertOptions & { capacity?: undefined; address?: undefined },
): Promise<InsertedOrder>;
export async function insertOrder(
  tx: Db,
  clock: Clock,
  draft: OrderDraft,
  extra: InsertOptions = {},
): Promise<InsertedOrder | typeof SLOT_FULL | typeof NOT_OWN_ADDRESS> {
  const ovenItems = draftOvenItems(draft.lines);
  if (isPostgres(tx)) return insertOrderStatement(tx, clock, draft, ovenItems, extra);

  const now = clock.now().toISOString();
  const address = extra.address;
  if (address && 'saved' in address) {
    if ((await ownAddressQuery(tx, address.saved)).rows.length === 0) return NOT_OWN_ADDRESS;
  }
  if (extra.capacity === undefined) await addSlotLoad(tx, draft.deliveryDate, draft.deliveryTime, ovenItems);
  else if (!(await bookSlot(tx, draft.deliveryDate, draft.deliveryTime, ovenItems, extra.capacity))) return SLOT_FULL;
  const orderNum = await nextOrderNumber(tx, draft.deliveryDate);
  const { rows } = await insertOrderQuery(tx, {
    ...orderColumns(draft),
    order_num: orderNum,
    idempotency_key: extra.idempotencyKey ?? null,
    created_at: now,
  });
  const row = rows[0]!;
  await insertLines(tx, row.id, draft.lines);
  await recordEvent(tx, clock, row.id, 'created', draft.deliveryDate);
  if (address && 'typed' in address) await rememberAddress(tx, address.typed);
  if (extra.mail) await insertMail(tx, extra.mail(String(orderNum)), now);
  return { id: row.id, orderNum };
}

const ownAddressQuery = prepared<{ id: number; userId: number }, { id: number }>((db, param) =>
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
const ADDRESS_COLUMNS = ['user_id', 'name', 'zone_id', 'address', 'telephone', 'delivery', 'created_at'] as const;
const insertAddressQuery = prepared<AddressRow, unknown>((db, param) =>
  db.insertInto('addresses').values(paramsOf(param, ADDRESS_COLUMNS)),
);

/** A new address typed at checkout is remembered, once. */
async function rememberAddress(tx: Db, address: AddressRow): Promise<void> {
  const same = await (address.address === null ? sameAddressQueries.none : sameAddressQueries.street)(tx, address);
  if (same.rows.length === 0) await insertAddressQuery(tx, address);
}

/**
 * A number no mail can hold, standing for the order's number while the mail is rendered: PostgreSQL
 * text never holds NUL, so neither does anything read from it, and a request value holding one fails
 * the statement that writes it into the order.
 */
const NUMBER_MARK = '\u0000';

/** The mail cut where the order's number goes; the statement joins the pieces with the number it draws. */
function mailPieces(mail: (orderNum: string) => MailMessage) {
  const marked = mail(NUMBER_MARK);
  const sample = mail('1');
  const pieces = (text: string, expected: string) => {
    const parts = text.split(NUMBER_MARK);
    // A NUL in a request value would cut the mail in the wrong place: refused like PostgreSQL refuses it.
    if (parts.join('1') !== expected) throw new Error('A mail value holds a NUL character.');
    return parts;
  };
  return {
    mail_to: marked.to,
    mail_subject: pieces(marked.subject, sample.subject),
    mail_text: pieces(marked.text, sample.text),
    mail_html: pieces(marked.html, sample.html),
  };
}

interface StatementArgs extends NewOrder {
  date: string;
  slot: string;
  items: number;
  capacity: number | null;
  event_channel: string;
  line_position: number[];
  line_product_id: (number | null)[];
  line_category_id: (number | null)[];
  line_oven_group: (string | null)[];
  line_name: string[];
  line_qty: number[];
  line_base_price_cents: number[];
  line_variant_id: (number | null)[];
  line_variant_name: (string | null)[];
  line_variant_price_cents: number[];
  line_note: (string | null)[];
  line_unit_price_cents: number[];
  line_total_cents: number[];
  addition_position: number[];
  addition_product_id: (number | null)[];
  addition_name: string[];
  addition_price_cents: number[];
  saved_address_id: number | null;
  address_user_id: number | null;
  address_name: string | null;
  address_zone_id: number | null;
  address_street: string | null;
  address_telephone: string | null;
  address_delivery: string | null;
  mail_to: string | null;
  mail_subject: string[];
  mail_text: string[];
  mail_html: string[];
}

type StatementShape = { address: 'none' | 'saved' | 'typed'; mail: boolean };

/**
 * A new order in one PostgreSQL statement: every write hangs on the slot booking (a conditional upsert
 * that locks the slot's row and checks the latest load, so parallel checkouts cannot overbook), the
 * number comes from the day's counter row (locked likewise), lines and additions arrive as arrays.
 * One round trip and no BEGIN/COMMIT where a transaction of single writes took a dozen; a failure
 * anywhere (a repeated idempotency key) rolls the whole statement back. The NOTIFY is delivered at commit.
 */
function orderStatement({ address, mail }: StatementShape) {
  return prepared<StatementArgs, { id: number; order_num: number }>((db, param) => {
    const p = <K extends keyof StatementArgs>(name: K) => sql`${param(name)}`;
    const allowed =
      address === 'saved'
        ? sql`exists (select 1 from addresses where id = ${p('saved_address_id')}::int and user_id = ${p('address_user_id')}::int)`
        : sql`true`;
    const ctes = [
      sql`booked as (
        insert into slot_locks as s (delivery_date, delivery_time, version, oven_items)
        select ${p('date')}::text, ${p('slot')}::text, 0, ${p('items')}::int where ${allowed}
        on conflict (delivery_date, delivery_time) do update set oven_items = s.oven_items + excluded.oven_items
        where ${p('capacity')}::int is null or excluded.oven_items = 0 or s.oven_items + excluded.oven_items <= ${p('capacity')}::int
        returning 1
      )`,
      sql`counter as (
        insert into order_counters as c (delivery_date, last_num) select ${p('date')}::text, 1 from booked
        on conflict (delivery_date) do update set last_num = c.last_num + 1
        returning last_num
      )`,
      sql`placed as (
        insert into orders (${sql.join(ORDER_COLUMNS.map((c) => sql.ref(c)))}, order_num, status, delivered, idempotency_key, created_at, updated_at)
        select ${sql.join(ORDER_COLUMNS.map((c) => sql`${p(c)}::${sql.raw(ORDER_COLUMN_TYPES[c])}`))},
          counter.last_num, ${ORDER_STATUS.pending}::int, 0, ${p('idempotency_key')}::text, ${p('created_at')}::text, ${p('created_at')}::text
        from counter
        returning id, order_num
      )`,
      sql`lines as (
        insert into order_lines (order_id, ${sql.join(LINE_COLUMNS.slice(1).map((c) => sql.ref(c)))})
        select placed.id, l.* from placed, unnest(
          ${p('line_position')}::int[], ${p('line_product_id')}::int[], ${p('line_category_id')}::int[],
          ${p('line_oven_group')}::text[], ${p('line_name')}::text[], ${p('line_qty')}::int[], ${p('line_base_price_cents')}::int[],
          ${p('line_variant_id')}::int[], ${p('line_variant_name')}::text[], ${p('line_variant_price_cents')}::int[],
          ${p('line_note')}::text[], ${p('line_unit_price_cents')}::int[], ${p('line_total_cents')}::int[]
        ) as l
        returning id, position
      )`,
      sql`additions as (
        insert into order_line_additions (order_line_id, product_id, name, price_cents)
        select lines.id, a.product_id, a.name, a.price_cents
        from unnest(${p('addition_position')}::int[], ${p('addition_product_id')}::int[], ${p('addition_name')}::text[], ${p('addition_price_cents')}::int[])
          as a(position, product_id, name, price_cents)
        join lines on lines.position = a.position
      )`,
      sql`event as (
        insert into order_events (order_id, kind, delivery_date, at)
        select id, 'created', ${p('date')}::text, ${p('created_at')}::text from placed
        returning id
      )`,
    ];
    if (address === 'typed') {
      ctes.push(sql`address as (
        insert into addresses (user_id, name, zone_id, address, telephone, delivery, created_at)
        select ${p('address_user_id')}::int, ${p('address_name')}::text, ${p('address_zone_id')}::int, ${p('address_street')}::text,
          ${p('address_telephone')}::text, ${p('address_delivery')}::text, ${p('created_at')}::text
        from placed
        where not exists (
          select 1 from addresses where user_id = ${p('address_user_id')}::int and delivery = ${p('address_delivery')}::text
            and name = ${p('address_name')}::text and telephone = ${p('address_telephone')}::text
            and address is not distinct from ${p('address_street')}::text
        )
      )`);
    }
    if (mail) {
      ctes.push(sql`mail as (
        insert into mail_queue (recipient, subject, text, html, attempts, next_attempt_at, sent_at, last_error, created_at)
        select ${p('mail_to')}::text, array_to_string(${p('mail_subject')}::text[], order_num::text),
          array_to_string(${p('mail_text')}::text[], order_num::text), array_to_string(${p('mail_html')}::text[], order_num::text),
          0, ${p('created_at')}::text, null, null, ${p('created_at')}::text
        from placed
      )`);
    }
    const statement = sql<{ id: number; order_num: number }>`with ${sql.join(ctes)}
      select placed.id, placed.order_num, pg_notify(${p('event_channel')}::text, event.id::text) from placed, event`;
    return { compile: () => statement.compile(db) };
  });
}

/** PostgreSQL types of the order's columns, for the parameters of `insert … select`. */
const ORDER_COLUMN_TYPES: Record<(typeof ORDER_COLUMNS)[number], 'int' | 'text'> = {
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
  discount_code: 'text',
  original_price_cents: 'int',
  total_price_cents: 'int',
  delivery_fee_cents: 'int',
};

const orderStatements = new Map<string, ReturnType<typeof orderStatement>>();

async function insertOrderStatement(
  db: Db,
  clock: Clock,
  draft: OrderDraft,
  ovenItems: number,
  extra: InsertOptions,
): Promise<InsertedOrder | typeof SLOT_FULL | typeof NOT_OWN_ADDRESS> {
  const shape: StatementShape = {
    address: !extra.address ? 'none' : 'saved' in extra.address ? 'saved' : 'typed',
    mail: extra.mail !== undefined,
  };
  const saved = extra.address && 'saved' in extra.address ? extra.address.saved : null;
  // Nothing written: the slot has no room, unless the saved address is not the customer's.
  const refusal = async () => (saved && (await ownAddressQuery(db, saved)).rows.length === 0 ? NOT_OWN_ADDRESS : SLOT_FULL);
  if (extra.capacity !== undefined && ovenItems > extra.capacity) return refusal();
  const name = `${shape.address}:${shape.mail}`;
  let statement = orderStatements.get(name);
  if (!statement) orderStatements.set(name, (statement = orderStatement(shape)));
  const lines = draft.lines;
  const additions = lines.flatMap((line, position) => line.additions.map((a) => ({ position, ...a })));
  const typed = extra.address && 'typed' in extra.address ? extra.address.typed : null;
  const { rows } = await statement(db, {
    ...orderColumns(draft),
    order_num: 0,
    idempotency_key: extra.idempotencyKey ?? null,
    created_at: clock.now().toISOString(),
    date: draft.deliveryDate,
    slot: slotOf(draft.deliveryTime),
    items: ovenItems,
    capacity: extra.capacity ?? null,
    event_channel: ORDER_EVENTS_CHANNEL,
    line_position: lines.map((_, position) => position),
    line_product_id: lines.map((l) => l.product.id),
    line_category_id: lines.map((l) => l.product.categoryId),
    line_oven_group: lines.map((l) => l.product.category.group),
    line_name: lines.map((l) => l.product.name),
    line_qty: lines.map((l) => l.qty),
    line_base_price_cents: lines.map((l) => l.baseCents),
    line_variant_id: lines.map((l) => l.variant?.id ?? null),
    line_variant_name: lines.map((l) => l.variant?.name ?? null),
    line_variant_price_cents: lines.map((l) => l.variant?.priceModifierCents ?? 0),
    line_note: lines.map((l) => l.note),
    line_unit_price_cents: lines.map((l) => l.unitCents),
    line_total_cents: lines.map((l) => l.totalCents),
    addition_position: additions.map((a) => a.position),
    addition_product_id: additions.map((a) => a.id),
    addition_name: additions.map((a) => a.name),
    addition_price_cents: additions.map((a) => a.priceCents),
    saved_address_id: saved?.id ?? null,
    address_user_id: saved?.userId ?? typed?.user_id ?? null,
    address_name: typed?.name ?? null,
    address_zone_id: typed?.zone_id ?? null,
    address_street: typed?.address ?? null,
    address_telephone: typed?.telephone ?? null,
    address_delivery: typed?.delivery ?? null,
    ...(extra.mail ? mailPieces(extra.mail) : { mail_to: null, mail_subject: [], mail_text: [], mail_html: [] }),
  });
  const row = rows[0];
  return row ? { id: row.id, orderNum: row.order_num } : refusal();
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
