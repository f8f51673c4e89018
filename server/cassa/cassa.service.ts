import type { components } from '../../openapi/schema';
import {
  cassaSlots,
  CANCELLED_ORDER_MESSAGE,
  canEditOrder,
  compareByName,
  EXTERNAL_ORDER_MESSAGE,
  fromMinutes,
  isFinalStatus,
  isValidPhone,
  isValidTime,
  normalizePhone,
  ORDER_SOURCE,
  ORDER_STATUS,
  ovenGroupOf,
  ovenItemCount,
  PHONE_MESSAGE,
  slotOf,
  STALE_ORDER_MESSAGE,
  statusAfterEdit,
  type OrderSource,
  type OrderStatus,
} from '../../src/domain';
import { isUniqueViolation, type Db } from '../db/database';
import type { ClientRow } from '../db/schema';
import { conflict, FieldErrorCollector, fieldLabel, fieldMessages, invalidField, notFound } from '../errors';
import type { CatalogSnapshot } from '../ecommerce/catalog';
import type { OrderTaking } from '../ecommerce/checkout';
import { pricedOrder, type ReopenedOrder } from '../ecommerce/quote';
import { closedDayNotice } from '../ecommerce/schedule';
import { assertSameRequest, fingerprint } from '../orders/idempotency';
import { queueOrderNotice } from '../orders/order-notices';
import { loadOrders, reopenedOrder, type OrderDraft, type OrderRecord } from '../orders/order-store';
import type { OrderChangeRefusal, OrderWrites, StoredKey } from '../orders/order-writer';

export type CassaOrderInput = components['schemas']['CassaOrderWriteRequest'];
export type NewClientInput = components['schemas']['NewClient'];

/** A request's Idempotency-Key, scoped to the staff member who sent it. */
export interface RequestKey {
  staffId: number;
  key: string;
}

/** The key as stored (scoped to the staff member), with the fingerprint of the request it came with. */
export const storedKey = (idempotency: RequestKey | null, operation: string, target: number | null, body: unknown): StoredKey | null =>
  idempotency && { key: `cassa:${idempotency.staffId}:${idempotency.key}`, fingerprint: fingerprint(operation, target, body) };

/** A line of a client's latest order, to be priced again today. */
export interface RepeatLine {
  productId: number;
  variantId: number | null;
  additionIds: number[];
  qty: number;
}

export type InitClient = ClientRow & { lastOrderLines: RepeatLine[] };

/** A day (or range) the owner closed as a special day, with what the editor says of it. */
export interface ClosedDay {
  from: string;
  until: string;
  notice: string;
}

export interface StoredOrder {
  order: OrderRecord;
  /** true when the same Idempotency-Key had already stored it */
  replayed: boolean;
}

export interface DayOrders {
  date: string;
  orders: OrderRecord[];
  totals: { totalCents: number; cashCents: number; cardCents: number };
  counters: { notDelivered: number; statusCounts: Record<'0' | '1' | '2', number> };
  slots: { time: string; orders: number; quantity: number; external_quantity: number }[];
  /** oven items a slot takes before it is full: the cassa marks the slots above it */
  slotCapacity: number;
  /** 'Chiuso: Natale' when the owner closed the day as a special day */
  closedNotice: string | null;
}

const text = (value: string | null | undefined) => value?.trim() || null;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** yyyy-mm-dd of a day that exists: 2026-02-30 would be stored and never show up in any day's list. */
function isCalendarDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

/** Turns a refused order change into the answer staff see. */
function refuse(refusal: OrderChangeRefusal | null): void {
  if (refusal === 'missing') throw notFound('Ordine non trovato.');
  if (refusal === 'final') throw conflict(CANCELLED_ORDER_MESSAGE, 'order.cancelled');
  if (refusal === 'stale') throw conflict(STALE_ORDER_MESSAGE, 'order.stale');
}

/** The cash desk: staff take phone and walk-in orders and manage the day's list. Capacity is theirs to judge. */
export class CassaService {
  constructor(private readonly deps: OrderTaking) {}

  async init(): Promise<{ clients: InitClient[]; snapshot: CatalogSnapshot; today: string; now: string; closedDays: ClosedDay[] }> {
    const rows = await this.deps.db.selectFrom('clients').selectAll().orderBy('name').orderBy('id').execute();
    // The database's collation puts 'davide' after 'Zeno' (SQLite) or depends on the server locale
    // (PostgreSQL): sort as a person reads, like the zones.
    rows.sort(compareByName);
    const repeats = await this.lastOrderLines();
    const clients = rows.map((client) => ({ ...client, lastOrderLines: repeats.get(client.id) ?? [] }));
    const now = this.deps.schedule.today();
    const snapshot = await this.deps.catalog.snapshot();
    const closedDays = snapshot.specialDays
      .filter((d) => d.closed)
      .map((d) => ({ from: d.dateFrom, until: d.dateUntil, notice: closedDayNotice(d.message) }));
    return { clients, snapshot, today: now.date, now: fromMinutes(now.minutes), closedDays };
  }

  /** Each client's latest order (not cancelled), as lines the cassa can put in the cart again: 'Ripeti ultimo ordine'. */
  private async lastOrderLines(): Promise<Map<number, RepeatLine[]>> {
    const latest = new Map<number, number>();
    const orders = await this.deps.db
      .selectFrom('orders')
      .select(['id', 'client_id'])
      .where('client_id', 'is not', null)
      .where('status', '!=', ORDER_STATUS.cancelled)
      .orderBy('delivery_date', 'desc')
      .orderBy('delivery_time', 'desc')
      .orderBy('id', 'desc')
      .execute();
    for (const order of orders) if (!latest.has(order.client_id!)) latest.set(order.client_id!, order.id);
    const records = await loadOrders(this.deps.db, { ids: [...latest.values()] });
    return new Map(
      records.map((order) => [
        order.client_id!,
        // A line whose product left the catalogue cannot be ordered again; the cassa skips what it no longer sells.
        order.lines.flatMap((line) =>
          line.product_id === null
            ? []
            : [
                {
                  productId: line.product_id,
                  variantId: line.variant_id,
                  additionIds: line.additions.flatMap((a) => (a.product_id === null ? [] : [a.product_id])),
                  qty: line.qty,
                },
              ],
        ),
      ]),
    );
  }

  async dayOrders(date?: string): Promise<DayOrders> {
    const day = date ?? this.deps.schedule.today().date;
    const orders = await loadOrders(this.deps.db, { deliveryDate: day, excludeCancelled: true });
    const totals = { totalCents: 0, cashCents: 0, cardCents: 0 };
    const statusCounts = { '0': 0, '1': 0, '2': 0 };
    let notDelivered = 0;
    // The evening strip of SPEC (staff take orders after the online last slot) and the day's windows (a
    // lunch service), or a special day's own hours (none when closed); and any slot an order was booked in.
    const service = await this.deps.schedule.cassaDay(day);
    const times = new Set([...(service.special ? [] : cassaSlots()), ...service.slots, ...orders.map((o) => slotOf(o.delivery_time))]);
    const slots = new Map([...times].sort().map((time) => [time, { time, orders: 0, quantity: 0, external_quantity: 0 }]));

    for (const order of orders) {
      totals.totalCents += order.total_price_cents;
      if (order.payment_type === 'Contanti') totals.cashCents += order.total_price_cents;
      else totals.cardCents += order.total_price_cents;
      statusCounts[String(order.status) as '0' | '1' | '2'] += 1;
      if (order.delivered === 0) notDelivered += 1;

      const slot = slots.get(slotOf(order.delivery_time))!;
      slot.orders += 1;
      const oven = ovenItemCount(order.lines.map((l) => ({ group: ovenGroupOf(l.oven_group), qty: l.qty })));
      slot.quantity += oven;
      if (order.source_id === ORDER_SOURCE.external) slot.external_quantity += oven;
    }
    return {
      date: day,
      orders,
      totals,
      counters: { notDelivered, statusCounts },
      slots: [...slots.values()],
      slotCapacity: await this.deps.schedule.capacity(),
      closedNotice: service.closedNotice,
    };
  }

  async order(id: number): Promise<OrderRecord> {
    const [order] = await loadOrders(this.deps.db, { ids: [id] });
    if (!order) throw notFound('Ordine non trovato.');
    return order;
  }

  /** What a reopened order keeps when saved again (nothing for an order that is not there). */
  async reopened(id: number): Promise<ReopenedOrder | null> {
    const [order] = await loadOrders(this.deps.db, { ids: [id] });
    return order ? reopenedOrder(order) : null;
  }

  private async draft(
    input: CassaOrderInput,
    existing: OrderRecord | null,
  ): Promise<{ draft: OrderDraft; clientToCreate: NewClientInput | null }> {
    const { catalog, quotes, schedule } = this.deps;
    const snapshot = await catalog.snapshot();
    const form = input.data;
    const errors = new FieldErrorCollector();
    const name = text(form.nomeCliente);
    const address = text(form.indirizzo);
    const telephone = text(form.telefono);
    const date = form.delivery_date ?? existing?.delivery_date ?? schedule.today().date;

    if (!name) errors.add('nomeCliente', fieldMessages.required(fieldLabel('nomeCliente')));
    if (form.delivery === 'consegna' && !address) errors.add('indirizzo', fieldMessages.required(fieldLabel('indirizzo')));
    if (telephone && !isValidPhone(telephone)) errors.add('telefono', PHONE_MESSAGE);
    if (!isValidTime(form.fascia)) errors.add('fascia', fieldMessages.format(fieldLabel('fascia')));
    if (!isCalendarDate(date)) errors.add('delivery_date', fieldMessages.format(fieldLabel('delivery_date')));
    if (form.zone_id != null && !snapshot.zonesById.has(form.zone_id)) errors.add('zone_id', fieldMessages.invalid(fieldLabel('zone_id')));
    let clientId: number | null = form.client_id && form.client_id > 0 ? form.client_id : null;
    if (clientId !== null) {
      const client = await this.deps.db.selectFrom('clients').select('id').where('id', '=', clientId).executeTakeFirst();
      if (!client) errors.add('client_id', 'Cliente non trovato.');
    }
    errors.throwIfAny();

    // Reopened, the order keeps its unchanged lines' prices and its fee (from the stored order, never the request).
    const quote = await quotes.quote({
      cart: input.cart,
      code: form.codiceSconto ?? input.discount?.code,
      delivery: form.delivery,
      // The fee applies to the cassa's home deliveries too; the minimum does not (staff decide).
      zoneId: form.delivery === 'consegna' ? (form.zone_id ?? null) : null,
      audience: 'staff',
      reopened: existing ? reopenedOrder(existing) : null,
    });
    if (quote.cart.lines.length === 0) throw invalidField('cart', "Aggiungi almeno un prodotto all'ordine.");

    // An online customer's order keeps its owner; a phone order without a known client creates one.
    const userId = existing ? existing.user_id : null;
    const isNewClient = clientId === null && userId === null;
    clientId = existing && clientId === null ? existing.client_id : clientId;
    return {
      draft: {
        sourceId: (existing?.source_id as OrderSource | undefined) ?? ORDER_SOURCE.cassa,
        delivery: form.delivery,
        paymentType: form.payment_type,
        name: name!,
        nomeCitofono: text(form.nomeCitofono),
        address: form.delivery === 'consegna' ? address : null,
        telephone: telephone ? normalizePhone(telephone) : null,
        zoneId: form.delivery === 'consegna' ? (form.zone_id ?? null) : null,
        clientId,
        userId,
        note: text(form.note),
        // A write from before the field (an offline outbox's) keeps the order's.
        allergyNote: form.allergy_note === undefined ? (existing?.allergy_note ?? null) : text(form.allergy_note),
        deliveryDate: date,
        deliveryTime: form.fascia,
        ...pricedOrder(quote),
      },
      clientToCreate:
        isNewClient && clientId === null ? { name: name!, telephone, address, zone_id: form.zone_id ?? null, cap: null } : null,
    };
  }

  /**
   * The order a request key already answered and what that request asked: a key is stored with the
   * new order it placed, or in `cassa_request_keys` with the change it applied.
   */
  private async keyed(key: string): Promise<{ orderId: number; fingerprint: string | null } | undefined> {
    const db = this.deps.db;
    return db
      .selectFrom('cassa_request_keys')
      .select(['order_id as orderId', 'fingerprint'])
      .where('key', '=', key)
      .unionAll(
        db.selectFrom('orders').select(['id as orderId', 'idempotency_fingerprint as fingerprint']).where('idempotency_key', '=', key),
      )
      .executeTakeFirst();
  }

  /** A request whose key was seen: the same request answers with the order as it is, another is refused. */
  private async replay(key: StoredKey | null): Promise<StoredOrder | undefined> {
    const earlier = key && (await this.keyed(key.key));
    if (!earlier) return undefined;
    assertSameRequest(earlier.fingerprint, key.fingerprint);
    return { order: await this.order(earlier.orderId), replayed: true };
  }

  /**
   * A new phone or walk-in order. With an Idempotency-Key (scoped to the staff member), a second
   * confirm of the same order — a double press, a retry after a lost answer — returns the first one.
   */
  async store(input: CassaOrderInput, idempotency: RequestKey | null = null): Promise<StoredOrder> {
    const key = storedKey(idempotency, 'cassa.store', null, input);
    const earlier = await this.replay(key);
    if (earlier) return earlier;
    const { draft, clientToCreate } = await this.draft(input, null);
    try {
      const { id } = await this.deps.orders.write('cassa.store', async (orders) => {
        if (clientToCreate) draft.clientId = (await this.insertClient(orders.tx, clientToCreate)).id;
        // Staff judge capacity themselves: no limit, but the slot load counts the order.
        return orders.insert(draft, { idempotency: key });
      });
      return { order: await this.order(id), replayed: false };
    } catch (error) {
      // Two confirms with one key raced: the loser's transaction (and its new client) rolled back.
      const winner = isUniqueViolation(error) ? await this.replay(key) : undefined;
      if (winner) return winner;
      throw error;
    }
  }

  /**
   * A change of order `id`, applied once per Idempotency-Key: the key is stored in the change's own
   * transaction, and the same key again (the offline outbox resending after a lost answer) answers
   * with the order as it is, without applying the change a second time. `prepare` runs only for a
   * key not seen yet (an edit's checks and pricing), `apply` inside the transaction.
   */
  async once<T>(
    id: number,
    key: StoredKey | null,
    prepare: () => Promise<T>,
    apply: (orders: OrderWrites, prepared: T) => Promise<void>,
  ): Promise<StoredOrder> {
    const earlier = await this.replay(key);
    if (earlier) return earlier;
    const prepared = await prepare();
    try {
      await this.deps.orders.write('cassa.change', async (orders) => {
        await apply(orders, prepared);
        if (key) {
          await orders.tx
            .insertInto('cassa_request_keys')
            .values({ key: key.key, fingerprint: key.fingerprint, order_id: id, created_at: this.deps.clock.now().toISOString() })
            .execute();
        }
      });
    } catch (error) {
      // Two sends with one key raced: the loser's transaction rolled back whole (on the key, or as
      // stale behind its twin's version), and it answers as the resend it is.
      const winner = await this.replay(key);
      if (winner) return winner;
      throw error;
    }
    return { order: await this.order(id), replayed: false };
  }

  async update(id: number, input: CassaOrderInput, idempotency: RequestKey | null = null): Promise<StoredOrder> {
    if (input.data.id !== undefined && input.data.id !== id) throw invalidField('id', "L'ordine indicato non corrisponde.");
    const basedOnVersion = input.data.version;
    if (basedOnVersion === undefined) throw invalidField('version', "Ricarica l'ordine prima di modificarlo.");
    return this.once(
      id,
      storedKey(idempotency, 'cassa.update', id, input),
      async () => {
        const existing = await this.order(id);
        if (!canEditOrder({ sourceId: existing.source_id })) throw conflict(EXTERNAL_ORDER_MESSAGE, 'order.external');
        refuse(isFinalStatus(existing.status as OrderStatus) ? 'final' : null);
        return this.draft(input, existing);
      },
      async (orders, { draft, clientToCreate }) => {
        if (clientToCreate) draft.clientId = (await this.insertClient(orders.tx, clientToCreate)).id;
        refuse(await orders.replace(id, { draft, basedOnVersion, nextStatus: statusAfterEdit }));
      },
    );
  }

  async setStatus(id: number, status: OrderStatus, idempotency: RequestKey | null = null): Promise<StoredOrder> {
    const cancelling = status === ORDER_STATUS.cancelled;
    return this.once(
      id,
      storedKey(idempotency, 'cassa.status', id, { status }),
      async () => (cancelling ? (await this.deps.catalog.snapshot()).settings.shop_name! : null),
      async (orders, shopName) => {
        refuse(await orders.changeState(id, { status }));
        // The online customer is told, in the same transaction.
        if (shopName !== null) await queueOrderNotice(orders.tx, id, 'cancelled', shopName, this.deps.clock.now());
      },
    );
  }

  async setDelivered(id: number, delivered: 0 | 1, idempotency: RequestKey | null = null): Promise<StoredOrder> {
    return this.once(
      id,
      storedKey(idempotency, 'cassa.delivered', id, { delivered }),
      async () => null,
      async (orders) => refuse(await orders.changeState(id, { delivered })),
    );
  }

  private async insertClient(db: Db, input: NewClientInput): Promise<ClientRow> {
    return db
      .insertInto('clients')
      .values({
        name: input.name.trim(),
        telephone: input.telephone ? normalizePhone(input.telephone) : null,
        address: text(input.address),
        cap: text(input.cap),
        zone_id: input.zone_id ?? null,
        created_at: this.deps.clock.now().toISOString(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async createClient(input: NewClientInput): Promise<ClientRow> {
    const errors = new FieldErrorCollector();
    if (!input.name.trim()) errors.add('name', fieldMessages.required(fieldLabel('name')));
    if (input.telephone && !isValidPhone(input.telephone)) errors.add('telephone', PHONE_MESSAGE);
    if (input.cap && !/^\d{5}$/.test(input.cap.trim())) errors.add('cap', fieldMessages.format(fieldLabel('cap')));
    if (input.zone_id != null && !(await this.deps.catalog.snapshot()).zonesById.has(input.zone_id)) {
      errors.add('zone_id', fieldMessages.invalid(fieldLabel('zone_id')));
    }
    errors.throwIfAny();
    return this.insertClient(this.deps.db, input);
  }

  /** A client's card with their latest order, to prefill a repeat phone order. */
  async suggestClient(id: number): Promise<{ client: ClientRow; lastOrder: OrderRecord | null }> {
    const client = await this.deps.db.selectFrom('clients').selectAll().where('id', '=', id).executeTakeFirst();
    if (!client) throw notFound('Cliente non trovato.');
    const [lastOrder] = await loadOrders(this.deps.db, { clientId: id, excludeCancelled: true, newestFirst: true, limit: 1 });
    return { client, lastOrder: lastOrder ?? null };
  }
}
