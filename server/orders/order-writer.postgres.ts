import { sql, type RawBuilder } from 'kysely';
import { ORDER_STATUS, slotOf } from '../../src/domain';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { prepared } from '../db/prepared';
import { retried, transaction } from '../db/transaction';
import type { MailMessage } from '../mail/mailer';
import { isPaired, PRINT_JOBS_CHANNEL } from '../print/print-queue';
import { ORDER_EVENTS_CHANNEL } from './order-store';
import {
  ADDITION_COLUMN_TYPES,
  additionValues,
  ADDRESS_COLUMN_TYPES,
  draftOvenItems,
  eventRows,
  LINE_COLUMN_TYPES,
  lineValues,
  ORDER_COLUMN_TYPES,
  ORDER_COLUMNS,
  orderColumns,
  ownAddressQuery,
  stagedWrites,
  type AdditionValues,
  type ColumnType,
  type LineValues,
  type NewOrder,
  type OrderEventDraft,
} from './order-rules';
import { NOT_OWN_ADDRESS, SLOT_FULL, type AddressRow, type OrderWriter, type OrderWrites } from './order-writer';

/**
 * The transaction-scoped advisory lock under which every order event takes its id, as the last write
 * of its transaction: held to the commit, so ids become visible in id order. A reader that has seen
 * event n will never find a smaller id committed later (ids may have gaps: rolled-back ones).
 */
export const EVENT_ORDER_LOCK = '7239411902';

/**
 * Orders on PostgreSQL, shared by every process. Events take their ids in commit order (see
 * EVENT_ORDER_LOCK) and are NOTIFYed in their transaction: delivered to every process's listener
 * at commit, never for a rollback.
 */
export class PostgresOrderWriter implements OrderWriter {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  write<T>(operation: string, change: (orders: OrderWrites) => Promise<T>): Promise<T> {
    return transaction(this.db, operation, async (tx) => {
      const { orders, events } = stagedWrites(tx, this.clock);
      const result = await change(orders);
      await recordEvents(tx, this.clock, events);
      return result;
    });
  }

  /**
   * One statement (see orderStatement), its own transaction. The refusals wrote nothing: the slot
   * has no room, unless the saved address is not the customer's.
   */
  place: OrderWriter['place'] = async (draft, options) => {
    const saved = options.address && 'saved' in options.address ? options.address.saved : null;
    const refusal = async () => (saved && (await ownAddressQuery(this.db, saved)).rows.length === 0 ? NOT_OWN_ADDRESS : SLOT_FULL);
    const ovenItems = draftOvenItems(draft.lines);
    if (ovenItems > options.capacity) return refusal();
    const typed = options.address && 'typed' in options.address ? options.address.typed : null;
    const shape: StatementShape = {
      address: saved ? 'saved' : typed ? 'typed' : 'none',
      mail: options.mail !== undefined,
      tracking: options.trackingHash !== undefined,
      print: options.autoPrint === true,
    };
    const key = `${shape.address}:${shape.mail}:${shape.tracking}:${shape.print}`;
    const statement = orderStatements.get(key) ?? orderStatement(shape);
    orderStatements.set(key, statement);
    const lines = draft.lines.map(lineValues);
    const additions = draft.lines.flatMap((line, position) => additionValues(line).map((a) => ({ position, ...a })));
    const args = {
      ...orderColumns(draft),
      order_num: 0,
      idempotency_key: options.idempotency?.key ?? null,
      idempotency_fingerprint: options.idempotency?.fingerprint ?? null,
      created_at: this.clock.now().toISOString(),
      date: draft.deliveryDate,
      slot: slotOf(draft.deliveryTime),
      items: ovenItems,
      capacity: options.capacity,
      event_channel: ORDER_EVENTS_CHANNEL,
      event_lock: EVENT_ORDER_LOCK,
      print_channel: PRINT_JOBS_CHANNEL,
      ...columnArrays('line', lines, LINE_COLUMN_TYPES),
      ...columnArrays('addition', additions, { position: 'int', ...ADDITION_COLUMN_TYPES }),
      saved_address_id: saved?.id ?? null,
      tracking_hash: options.trackingHash ?? null,
      ...prefixed('address', typed ?? { user_id: saved?.userId ?? null }),
      ...(options.mail ? mailPieces(options.mail) : { mail_to: null, mail_subject: [], mail_text: [], mail_html: [] }),
    } as StatementArgs;
    // One statement, its own transaction: run again whole when PostgreSQL aborts it (a deadlock at its commit).
    const { rows } = await retried(this.db, 'orders.place', () => statement(this.db, args));
    const row = rows[0];
    return row ? { id: row.id, orderNum: row.order_num } : refusal();
  };
}

/** The events of a transaction, its last writes: their ids drawn under EVENT_ORDER_LOCK, their ids NOTIFYed at commit. */
async function recordEvents(tx: Db, clock: Clock, events: readonly OrderEventDraft[]): Promise<void> {
  if (events.length === 0) return;
  await sql`select pg_advisory_xact_lock(${EVENT_ORDER_LOCK})`.execute(tx);
  const rows = await tx.insertInto('order_events').values(eventRows(events, clock)).returning('id').execute();
  await sql`select pg_notify(${ORDER_EVENTS_CHANNEL}, id::text) from unnest(${rows.map((r) => r.id)}::int[]) as id`.execute(tx);
}

/** `{ prefix_column: [value of each row] }`: the arrays a statement `unnest`s into rows. */
function columnArrays(prefix: string, rows: readonly object[], types: Record<string, ColumnType>): Record<string, unknown[]> {
  return Object.fromEntries(Object.keys(types).map((c) => [`${prefix}_${c}`, rows.map((r) => (r as Record<string, unknown>)[c])]));
}

const prefixed = (prefix: string, values: object) =>
  Object.fromEntries(Object.entries(values).map(([column, value]) => [`${prefix}_${column}`, value]));

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

type Arrays<P extends string, T> = { [K in keyof T & string as `${P}_${K}`]: T[K][] };
type Prefixed<P extends string, T> = { [K in keyof T & string as `${P}_${K}`]: T[K] | null };

type StatementArgs = NewOrder &
  Arrays<'line', LineValues> &
  Arrays<'addition', AdditionValues & { position: number }> &
  Prefixed<'address', AddressRow> & {
    date: string;
    slot: string;
    items: number;
    capacity: number;
    event_channel: string;
    event_lock: string;
    print_channel: string;
    saved_address_id: number | null;
    tracking_hash: string | null;
    mail_to: string | null;
    mail_subject: string[];
    mail_text: string[];
    mail_html: string[];
  };

type StatementShape = { address: 'none' | 'saved' | 'typed'; mail: boolean; tracking: boolean; print: boolean };

/**
 * A new order in one statement, generated from the shared rules' column descriptions: every write
 * hangs on the slot booking (a conditional upsert that locks the slot's row and checks the latest
 * load, so parallel checkouts cannot overbook), the number comes from the day's counter row (locked
 * likewise), lines and additions arrive as arrays. One round trip and no BEGIN/COMMIT where a
 * transaction of single writes took a dozen; a failure anywhere (a repeated idempotency key) rolls
 * the whole statement back. The event's id is drawn after EVENT_ORDER_LOCK (its CTE joins the lock's,
 * so no row reaches the insert before the lock is held); the NOTIFY is delivered at commit.
 */
function orderStatement({ address, mail, tracking, print }: StatementShape) {
  return prepared<StatementArgs, { id: number; order_num: number }>((db, param) => {
    const p = (name: string) => sql`${param(name as keyof StatementArgs)}`;
    const typed = (name: string, type: ColumnType, array = '') => sql`${p(name)}::${sql.raw(type + array)}`;
    const columns = (names: readonly string[]) => sql.join(names.map((c) => sql.ref(c)));
    /** Typed parameters `prefix_column` of each column described, as arrays or not. */
    const values = (prefix: string, types: Record<string, ColumnType>, array = ''): RawBuilder<unknown> =>
      sql.join(Object.entries(types).map(([c, type]) => typed(prefix ? `${prefix}_${c}` : c, type, array)));
    const allowed =
      address === 'saved'
        ? sql`exists (select 1 from addresses where id = ${p('saved_address_id')}::int and user_id = ${p('address_user_id')}::int)`
        : sql`true`;
    const ctes = [
      sql`booked as (
        insert into slot_locks as s (delivery_date, delivery_time, version, oven_items)
        select ${p('date')}::text, ${p('slot')}::text, 0, ${p('items')}::int where ${allowed}
        on conflict (delivery_date, delivery_time) do update set oven_items = s.oven_items + excluded.oven_items
        where excluded.oven_items = 0 or s.oven_items + excluded.oven_items <= ${p('capacity')}::int
        returning 1
      )`,
      sql`counter as (
        insert into order_counters as c (delivery_date, last_num) select ${p('date')}::text, 1 from booked
        on conflict (delivery_date) do update set last_num = c.last_num + 1
        returning last_num
      )`,
      sql`placed as (
        insert into orders (${columns(ORDER_COLUMNS)}, order_num, status, delivered, idempotency_key, idempotency_fingerprint, created_at, updated_at)
        select ${values('', ORDER_COLUMN_TYPES)}, counter.last_num, ${ORDER_STATUS.pending}::int, 0,
          ${p('idempotency_key')}::text, ${p('idempotency_fingerprint')}::text, ${p('created_at')}::text, ${p('created_at')}::text
        from counter
        returning id, order_num
      )`,
      sql`lines as (
        insert into order_lines (order_id, ${columns(Object.keys(LINE_COLUMN_TYPES))})
        select placed.id, l.* from placed, unnest(${values('line', LINE_COLUMN_TYPES, '[]')}) as l
        returning id, position
      )`,
      sql`additions as (
        insert into order_line_additions (order_line_id, ${columns(Object.keys(ADDITION_COLUMN_TYPES))})
        select lines.id, ${sql.join(Object.keys(ADDITION_COLUMN_TYPES).map((c) => sql.ref(`a.${c}`)))}
        from unnest(${values('addition', { position: 'int', ...ADDITION_COLUMN_TYPES }, '[]')})
          as a(position, ${columns(Object.keys(ADDITION_COLUMN_TYPES))})
        join lines on lines.position = a.position
      )`,
      sql`commit_order as materialized (select pg_advisory_xact_lock(${p('event_lock')}::bigint) from placed)`,
      sql`event as (
        insert into order_events (order_id, kind, delivery_date, at)
        select placed.id, 'created', ${p('date')}::text, ${p('created_at')}::text from placed, commit_order
        returning id
      )`,
    ];
    if (address === 'typed') {
      ctes.push(sql`address as (
        insert into addresses (${columns(Object.keys(ADDRESS_COLUMN_TYPES))})
        select ${values('address', ADDRESS_COLUMN_TYPES)}
        from placed
        where not exists (
          select 1 from addresses where user_id = ${p('address_user_id')}::int and delivery = ${p('address_delivery')}::text
            and name = ${p('address_name')}::text and telephone = ${p('address_telephone')}::text
            and address is not distinct from ${p('address_address')}::text
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
    if (tracking) {
      ctes.push(sql`tracking as (
        insert into order_tracking (token_hash, order_id) select ${p('tracking_hash')}::text, placed.id from placed
      )`);
    }
    // The print jobs of queuePrintJobs (print-queue.ts), and their agents' wake-up at commit.
    if (print) {
      ctes.push(sql`printing as (
        insert into print_jobs (printer_id, order_id, state, reprint, created_at)
        select printers.id, placed.id, 'waiting', 0, ${p('created_at')}::text from placed, printers
        where printers.auto_print = 1 and ${isPaired}
        returning printer_id
      )`);
    }
    const wakePrinters = print
      ? sql`, (select pg_notify(${p('print_channel')}::text, string_agg(printer_id::text, ',')) from printing having count(*) > 0)`
      : sql``;
    const statement = sql<{ id: number; order_num: number }>`with ${sql.join(ctes)}
      select placed.id, placed.order_num, pg_notify(${p('event_channel')}::text, event.id::text)${wakePrinters} from placed, event`;
    return { compile: () => statement.compile(db) };
  });
}

const orderStatements = new Map<string, ReturnType<typeof orderStatement>>();
