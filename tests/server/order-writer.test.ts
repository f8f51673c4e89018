/**
 * The order writer's contract, run against both implementations: SQLite always, PostgreSQL when
 * DATABASE_URL is one. Each write is checked in the rows it leaves and the events the order streams
 * are told; a refusal, a rollback or a connection killed mid-statement leaves nothing and tells nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS, statusAfterEdit } from '../../src/domain';
import { fixedClock, type Clock } from '../../server/clock';
import { openDatabase, type DatabaseHandle, type Db } from '../../server/db/database';
import { migrate } from '../../server/db/migrations';
import { PgListener } from '../../server/db/pg-listener';
import { seedCatalog } from '../../server/db/seed';
import { CatalogService } from '../../server/ecommerce/catalog';
import { DiscountService } from '../../server/ecommerce/discounts';
import { pricedOrder, QuoteService } from '../../server/ecommerce/quote';
import { OrderEvents, type OrderEvent } from '../../server/orders/order-events';
import type { OrderDraft } from '../../server/orders/order-store';
import { NOT_OWN_ADDRESS, SLOT_FULL, type OrderWriter } from '../../server/orders/order-writer';
import { EVENT_ORDER_LOCK, PostgresOrderWriter } from '../../server/orders/order-writer.postgres';
import { SqliteOrderWriter } from '../../server/orders/order-writer.sqlite';
import { ENGINE, freshDatabase, TEST_NOW, TODAY } from './harness';

interface Rig {
  handle: DatabaseHandle;
  writer: OrderWriter;
  /** the events this process's streams were told, in the order told */
  told: OrderEvent[];
  stop(): Promise<void>;
}

async function sqliteRig(): Promise<Rig> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pizzeria-writer-'));
  const handle = openDatabase(path.join(dir, 'test.db'));
  const rig = await rigOn(handle, (db, clock, events) => new SqliteOrderWriter(db, clock, events));
  return { ...rig, stop: async () => (await rig.stop(), fs.rmSync(dir, { recursive: true, force: true })) };
}

async function postgresRig(): Promise<Rig> {
  const { handle, drop } = await freshDatabase();
  const rig = await rigOn(handle, (db, clock) => new PostgresOrderWriter(db, clock), new PgListener(handle.postgresUrl!));
  return { ...rig, stop: async () => (await rig.stop(), await drop()) };
}

const clock = fixedClock(TEST_NOW);

async function rigOn(
  handle: DatabaseHandle,
  build: (db: Db, clock: Clock, events: OrderEvents) => OrderWriter,
  listener?: PgListener,
): Promise<Rig> {
  await migrate(handle.db, handle.dialect);
  await seedCatalog(handle.db, clock);
  const events = new OrderEvents(handle.db, clock, { listener });
  const told: OrderEvent[] = [];
  events.subscribe((event) => told.push(event));
  await events.start();
  await listener?.start();
  return {
    handle,
    writer: build(handle.db, clock, events),
    told,
    stop: async () => {
      await listener?.stop();
      await events.stop();
      await handle.close();
    },
  };
}

const ENGINES = [{ engine: 'sqlite', rig: sqliteRig }, ...(ENGINE === 'postgres' ? [{ engine: 'postgres', rig: postgresRig }] : [])];

async function waitUntil(what: string, check: () => Promise<boolean> | boolean, ms = 5000): Promise<void> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 20))) if (await check()) return;
  throw new Error(`timed out waiting until ${what}`);
}

describe.each(ENGINES)('the order writer on $engine', ({ engine, rig: open }) => {
  let rig: Rig;
  let db: Db;
  let quotes: QuoteService;
  let margherita: number;
  let userId: number;

  beforeAll(async () => {
    rig = await open();
    db = rig.handle.db;
    const catalog = new CatalogService(db, clock);
    quotes = new QuoteService(catalog, new DiscountService(catalog, clock));
    margherita = (await db.selectFrom('products').select('id').where('name', '=', 'Margherita').executeTakeFirstOrThrow()).id;
    const now = clock.now().toISOString();
    const user = { name: 'Anna Neri', password_hash: 'x', role_name: 'customer' as const, email_verified_at: now, created_at: now };
    userId = (
      await db
        .insertInto('users')
        .values({ ...user, email: 'anna@example.it' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => rig?.stop());

  /** A pickup of `qty` Margherita in slot `time` of TODAY, priced as the services price it. */
  async function draft(name: string, time: string, qty = 1): Promise<OrderDraft> {
    const quote = await quotes.quote({ cart: [{ id: margherita, qty }], code: null, delivery: 'ritiro', zoneId: null, audience: 'staff' });
    return {
      sourceId: 2,
      delivery: 'ritiro',
      paymentType: 'Contanti',
      name,
      nomeCitofono: null,
      address: null,
      telephone: '3331234567',
      zoneId: null,
      clientId: null,
      userId: null,
      note: null,
      allergyNote: null,
      deliveryDate: TODAY,
      deliveryTime: time,
      ...pricedOrder(quote),
    };
  }

  /** What every write touches, to show that a refused or failed one left all of it as it was. */
  async function footprint() {
    const count = async (table: 'orders' | 'order_lines' | 'order_events' | 'mail_queue' | 'addresses' | 'cassa_request_keys') =>
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    return {
      orders: await count('orders'),
      lines: await count('order_lines'),
      events: await count('order_events'),
      mails: await count('mail_queue'),
      addresses: await count('addresses'),
      keys: await count('cassa_request_keys'),
      slots: await db.selectFrom('slot_locks').select(['delivery_time', 'oven_items']).orderBy('delivery_time').execute(),
      counters: await db.selectFrom('order_counters').selectAll().execute(),
    };
  }

  const order = (id: number) => db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const slotLoad = async (time: string) =>
    (await db.selectFrom('slot_locks').select('oven_items').where('delivery_time', '=', time).executeTakeFirst())?.oven_items ?? 0;
  const mail = (orderNum: string) => ({ to: 'anna@example.it', subject: `Ordine n. ${orderNum}`, text: `Numero ${orderNum}`, html: '' });

  /** The streams are told `kinds` of order `id` (after what they were told before), and nothing else. */
  /**
   * How many events the streams have been told, once every stored one has: on PostgreSQL an earlier test's
   * NOTIFY may still be on its way, and would be counted as this test's.
   */
  async function toldSoFar(): Promise<number> {
    const stored = async () => Number((await db.selectFrom('order_events').select(db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    await waitUntil('every stored event is told', async () => rig.told.length >= (await stored()));
    return rig.told.length;
  }

  async function toldExactly(since: number, expected: Partial<OrderEvent>[]): Promise<void> {
    await waitUntil('the streams are told', () => rig.told.length >= since + expected.length);
    await new Promise((r) => setTimeout(r, 100));
    expect(rig.told.slice(since)).toMatchObject(expected);
    expect(rig.told.length).toBe(since + expected.length);
  }

  it("place writes the order, its lines, the slot's load, the day's number, the typed address once and the mail, and tells the streams", async () => {
    const before = await toldSoFar();
    const typed = {
      user_id: userId,
      delivery: 'ritiro' as const,
      name: 'Anna Neri',
      telephone: '3331234567',
      address: null,
      zone_id: null,
    };
    const placed = [];
    for (const name of ['Prima', 'Seconda']) {
      const result = await rig.writer.place(
        { ...(await draft(name, '20:00', 2)), userId },
        { capacity: 10, address: { typed: { ...typed, created_at: clock.now().toISOString() } }, mail },
      );
      if (typeof result === 'symbol') throw new Error('refused');
      placed.push(result);
    }
    expect(placed.map((p) => p.orderNum)).toEqual([1, 2]);
    expect(await order(placed[0]!.id)).toMatchObject({ name: 'Prima', status: ORDER_STATUS.pending, order_num: 1, delivery_time: '20:00' });
    expect(await db.selectFrom('order_lines').select(['name', 'qty']).where('order_id', '=', placed[1]!.id).execute()).toEqual([
      { name: 'Margherita', qty: 2 },
    ]);
    expect(await slotLoad('20:00')).toBe(4);
    expect(await db.selectFrom('addresses').select('name').where('user_id', '=', userId).execute()).toEqual([{ name: 'Anna Neri' }]);
    const mails = await db.selectFrom('mail_queue').select(['subject', 'text']).orderBy('id').execute();
    expect(mails).toEqual([
      { subject: 'Ordine n. 1', text: 'Numero 1' },
      { subject: 'Ordine n. 2', text: 'Numero 2' },
    ]);
    await toldExactly(
      before,
      placed.map((p) => ({ orderId: p.id, kind: 'created', deliveryDate: TODAY })),
    );
  });

  it('a full slot writes nothing and tells nothing', async () => {
    const before = { footprint: await footprint(), told: await toldSoFar() };
    expect(await rig.writer.place(await draft('Troppe', '20:00', 3), { capacity: 6, mail })).toBe(SLOT_FULL);
    // More than the slot holds at all: refused before the database is asked.
    expect(await rig.writer.place(await draft('Troppissime', '20:30', 7), { capacity: 6, mail })).toBe(SLOT_FULL);
    expect(await footprint()).toEqual(before.footprint);
    await new Promise((r) => setTimeout(r, 100));
    expect(rig.told.length).toBe(before.told);
  });

  it("another customer's saved address writes nothing", async () => {
    const before = await footprint();
    const saved = await db.selectFrom('addresses').select('id').where('user_id', '=', userId).executeTakeFirstOrThrow();
    const refused = await rig.writer.place(await draft('Intruso', '21:00'), {
      capacity: 10,
      address: { saved: { id: saved.id, userId: userId + 1 } },
    });
    expect(refused).toBe(NOT_OWN_ADDRESS);
    expect(await footprint()).toEqual(before);
    const own = await rig.writer.place(await draft('Proprio', '21:00'), { capacity: 10, address: { saved: { id: saved.id, userId } } });
    expect(own).toMatchObject({ orderNum: 3 });
  });

  it('a repeated idempotency key fails whole: the first order stays the only one', async () => {
    const idempotency = { key: `${userId}:chiave-1`, fingerprint: 'f'.repeat(64) };
    const first = await rig.writer.place(await draft('Chiave', '21:15'), { capacity: 10, idempotency, mail });
    expect(first).toMatchObject({ orderNum: 4 });
    const before = await footprint();
    await expect(rig.writer.place(await draft('Chiave bis', '21:15'), { capacity: 10, idempotency, mail })).rejects.toThrow();
    expect(await footprint()).toEqual(before);
  });

  it('write: a staff order beyond capacity, its edit, print, delivered and cancel, each told once', async () => {
    const before = await toldSoFar();
    const big = await draft('Tavolata', '19:00', 12);
    const { id } = await rig.writer.write('test', (orders) => orders.insert(big, {}));
    expect(await slotLoad('19:00')).toBe(12);
    const edit = { draft: await draft('Tavolata', '19:30', 5), basedOnVersion: 1, nextStatus: statusAfterEdit };
    expect(await rig.writer.write('test', (orders) => orders.replace(id, edit))).toBe('stale');
    expect(await rig.writer.write('test', (orders) => orders.replace(id, { ...edit, basedOnVersion: 0 }))).toBeNull();
    expect(await order(id)).toMatchObject({ version: 1, delivery_time: '19:30', name: 'Tavolata' });
    expect([await slotLoad('19:00'), await slotLoad('19:30')]).toEqual([0, 5]);
    expect(await rig.writer.write('test', (orders) => orders.changeState(id, { status: ORDER_STATUS.printed }))).toBeNull();
    expect(await rig.writer.write('test', (orders) => orders.changeState(id, { delivered: 1 }))).toBeNull();
    expect(await rig.writer.write('test', (orders) => orders.changeState(id, { status: ORDER_STATUS.cancelled }))).toBeNull();
    expect(await slotLoad('19:30')).toBe(0);
    expect(await rig.writer.write('test', (orders) => orders.changeState(id, { delivered: 0 }))).toBe('final');
    expect(await rig.writer.write('test', (orders) => orders.changeState(id + 1000, { delivered: 0 }))).toBe('missing');
    expect(await order(id)).toMatchObject({ status: ORDER_STATUS.cancelled, delivered: 1 });
    await toldExactly(
      before,
      (['created', 'updated', 'printed', 'delivered', 'status'] as const).map((kind) => ({ orderId: id, kind })),
    );
  });

  it('write rolls back whole on a throw: no order, no client, no event, and the streams are told nothing', async () => {
    const before = { footprint: await footprint(), told: await toldSoFar() };
    const clients = await db.selectFrom('clients').select('id').execute();
    const staffOrder = await draft('Annullato', '22:00');
    await expect(
      rig.writer.write('test', async (orders) => {
        await orders.tx.insertInto('clients').values({ name: 'Mai esistito', created_at: clock.now().toISOString() }).execute();
        await orders.insert(staffOrder, {});
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await footprint()).toEqual(before.footprint);
    expect(await db.selectFrom('clients').select('id').execute()).toEqual(clients);
    // The next write is the first thing the streams hear.
    const next = await rig.writer.write('test', (orders) => orders.insert(staffOrder, {}));
    await toldExactly(before.told, [{ orderId: next.id, kind: 'created' }]);
  });

  describe.runIf(engine === 'postgres')('PostgreSQL: locks and killed connections', () => {
    let other: pg.Client;
    let admin: pg.Client;
    beforeAll(async () => {
      other = new pg.Client({ connectionString: rig.handle.postgresUrl });
      admin = new pg.Client({ connectionString: rig.handle.postgresUrl });
      await other.connect();
      await admin.connect();
    });
    afterAll(async () => {
      await other?.end();
      await admin?.end();
    });

    /** The backend of this database waiting on a lock of one of `locktypes` (the writer's connection), once there is one. */
    async function waitingBackend(...locktypes: string[]): Promise<number> {
      let pid = 0;
      await waitUntil(`a writer waits on a ${locktypes.join(' or ')} lock`, async () => {
        const { rows } = await admin.query<{ pid: number }>(
          `select l.pid from pg_locks l join pg_stat_activity a on a.pid = l.pid
           where not l.granted and l.locktype = any($1) and a.datname = current_database()`,
          [locktypes],
        );
        pid = rows[0]?.pid ?? 0;
        return pid !== 0;
      });
      return pid;
    }
    const lastEventId = async () =>
      Number((await admin.query("select pg_sequence_last_value(pg_get_serial_sequence('order_events', 'id')) as id")).rows[0].id);

    it("a checkout whose connection is killed while it waits on the slot's lock writes nothing", async () => {
      await other.query('begin');
      await other.query("select 1 from slot_locks where delivery_date = $1 and delivery_time = '20:00' for update", [TODAY]);
      const before = await footprint();
      // The refusal is awaited from the start: it may come before the kill's own answer.
      const refused = expect(rig.writer.place(await draft('Interrotto', '20:00'), { capacity: 100, mail })).rejects.toThrow();
      await admin.query('select pg_terminate_backend($1)', [await waitingBackend('transactionid', 'tuple')]);
      await refused;
      await other.query('rollback');
      expect(await footprint()).toEqual(before);
    });

    it("an edit whose connection is killed while it waits on the order's lock writes nothing", async () => {
      const { id } = await rig.writer.write('test', async (orders) => orders.insert(await draft('Da modificare', '21:45'), {}));
      const before = { footprint: await footprint(), order: await order(id) };
      await other.query('begin');
      await other.query('select 1 from orders where id = $1 for update', [id]);
      const edit = { draft: await draft('Modificato', '22:15', 3), basedOnVersion: 0, nextStatus: statusAfterEdit };
      const refused = expect(rig.writer.write('test', (orders) => orders.replace(id, edit))).rejects.toThrow();
      await admin.query('select pg_terminate_backend($1)', [await waitingBackend('transactionid', 'tuple')]);
      await refused;
      await other.query('rollback');
      expect({ footprint: await footprint(), order: await order(id) }).toEqual(before);
    });

    it('an event id is drawn only once the commit-order lock is held: in the checkout statement and in a transaction', async () => {
      const staffOrder = await draft('In coda', '22:30');
      const writes = [
        () => rig.writer.place(staffOrder, { capacity: 100 }),
        () => rig.writer.write('test', (orders) => orders.insert(staffOrder, {})),
      ];
      for (const write of writes) {
        await other.query('begin');
        await other.query('select pg_advisory_xact_lock($1)', [EVENT_ORDER_LOCK]);
        const before = await lastEventId();
        const writing = write();
        await waitingBackend('advisory');
        // The writer has written its order and waits: no id drawn, so none can commit out of order.
        await new Promise((r) => setTimeout(r, 100));
        expect(await lastEventId()).toBe(before);
        await other.query('commit');
        const written = await writing;
        if (typeof written === 'symbol') throw new Error('refused');
        const event = await db.selectFrom('order_events').select('id').where('order_id', '=', written.id).executeTakeFirstOrThrow();
        expect(event.id).toBe(before + 1);
      }
    });
  });
});
