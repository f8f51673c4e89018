import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { cachingStatements, openDatabase, type Db } from '../../server/db/database';
import { EVENT_ORDER_LOCK } from '../../server/orders/order-writer.postgres';
import { migrate } from '../../server/db/migrations';
import { ENGINE, freshDatabase, serverSuite } from './harness';

describe.runIf(ENGINE === 'postgres')('PostgreSQL connections', () => {
  const suite = serverSuite();

  it('keeps serving after the database ends its idle connections (restart, admin kill)', async () => {
    // Open several pooled connections, then leave them idle.
    const warm = await Promise.all(Array.from({ length: 6 }, () => suite.api.get('/api/v1/blog/posts?page=1')));
    expect(warm.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);

    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(suite.server.handle.db);
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const killed = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [rows[0]!.name]);
    await admin.end();
    expect(killed.rowCount).toBeGreaterThan(1);
    await new Promise((resolve) => setTimeout(resolve, 200));

    // An unhandled pool error would have crashed the process; instead new connections replace the dead ones.
    const after = await suite.api.get('/api/v1/blog/posts?page=1');
    expect(after.status).toBe(200);
    expect(after.body.data.length).toBe(10);
  });
});

describe('SQLite statement cache', () => {
  const open = (size?: number) => {
    const sqlite = new SQLite(':memory:');
    sqlite.exec('create table t (id integer primary key, v text)');
    return { sqlite, cached: cachingStatements(sqlite, size) };
  };

  it('hands out one compiled statement per SQL text, with fresh parameters each run', () => {
    const { sqlite, cached } = open();
    const insert = cached.prepare('insert into t (v) values (?)');
    expect(cached.prepare('insert into t (v) values (?)')).toBe(insert);
    insert.run(['a']);
    cached.prepare('insert into t (v) values (?)').run(['b']);
    const select = cached.prepare('select v from t where id = ?');
    expect([select.all([1]), cached.prepare('select v from t where id = ?').all([2])]).toEqual([[{ v: 'a' }], [{ v: 'b' }]]);
    sqlite.close();
  });

  it('never hands out a statement still iterating, and keeps only the most recently used', () => {
    const { sqlite, cached } = open(2);
    cached.prepare('insert into t (v) values (?)').run(['a']);
    cached.prepare('insert into t (v) values (?)').run(['b']);
    const scan = cached.prepare('select v from t order by id');
    const open1 = scan.iterate([]);
    expect(open1.next().value).toEqual({ v: 'a' });
    const other = cached.prepare('select v from t order by id');
    expect(other).not.toBe(scan);
    expect(other.all([])).toEqual([{ v: 'a' }, { v: 'b' }]);
    open1.return?.();
    expect(cached.prepare('select v from t order by id')).toBe(scan);

    cached.prepare('select 1');
    cached.prepare('select 2');
    expect(cached.prepare('select v from t order by id')).not.toBe(scan);
    sqlite.close();
  });

  it('sees a schema change made after a statement was cached', () => {
    const { sqlite, cached } = open();
    cached.prepare('insert into t (v) values (?)').run(['a']);
    expect(cached.prepare('select * from t').all([])).toEqual([{ id: 1, v: 'a' }]);
    sqlite.exec("alter table t add column w text default 'x'");
    expect(cached.prepare('select * from t').all([])).toEqual([{ id: 1, v: 'a', w: 'x' }]);
    sqlite.close();
  });
});

describe('SQLite group commit', () => {
  it('commits the transactions of one turn together; each succeeds only once committed, a failed one alone is undone', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pizzeria-group-'));
    const file = path.join(dir, 'test.db');
    const handle = openDatabase(file);
    await sql`create table t (id integer primary key, v text not null)`.execute(handle.db);
    const reader = new SQLite(file, { readonly: true });
    const committed = () => (reader.prepare('select v from t order by id').all() as { v: string }[]).map((r) => r.v);

    const seenAtSuccess: string[][] = [];
    const results = await Promise.allSettled(
      ['a', 'b', 'fails', 'c'].map((v) =>
        handle.db
          .transaction()
          .execute(async (tx) => {
            await sql`insert into t (v) values (${v})`.execute(tx);
            if (v === 'fails') throw new Error('refused');
            await sql`insert into t (v) values (${v + '2'})`.execute(tx);
          })
          // Another connection sees a transaction's rows as soon as it is told it succeeded.
          .then(() => void seenAtSuccess.push(committed())),
      ),
    );

    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(seenAtSuccess.every((rows) => rows.length === 6)).toBe(true);
    expect(committed()).toEqual(['a', 'a2', 'b', 'b2', 'c', 'c2']);
    // A write outside a transaction, and the next transaction, run as usual.
    await sql`insert into t (v) values ('d')`.execute(handle.db);
    await handle.db.transaction().execute((tx) => sql`insert into t (v) values ('e')`.execute(tx));
    expect(committed().slice(-2)).toEqual(['d', 'e']);
    reader.close();
    await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('SQLite durability settings', () => {
  it('opens a file in WAL mode with synchronous NORMAL: commits append to the log, checkpoints sync it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pizzeria-sync-'));
    const handle = openDatabase(path.join(dir, 'test.db'));
    const { rows } = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(handle.db);
    const sync = await sql<{ synchronous: number }>`pragma synchronous`.execute(handle.db);
    await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
    expect([rows[0]!.journal_mode, sync.rows[0]!.synchronous]).toEqual(['wal', 1]);
  });
});

describe('SQLite background checkpoints', () => {
  it('copy committed pages into the database file off the request connection, and stop with the handle', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pizzeria-ckpt-'));
    const file = path.join(dir, 'test.db');
    const handle = openDatabase(file);
    await sql`create table t (id integer primary key, v text)`.execute(handle.db);
    for (let i = 0; i < 200; i++) await sql`insert into t (v) values (${'x'.repeat(500)})`.execute(handle.db);
    const walPages = async () =>
      (await sql<{ log: number; checkpointed: number }>`pragma wal_checkpoint(NOOP)`.execute(handle.db)).rows[0]!;
    // NOOP reports without copying: only the worker thread can have backfilled the log.
    await vi.waitFor(async () => {
      const { log, checkpointed } = await walPages();
      expect(log).toBeGreaterThan(0);
      expect(checkpointed).toBe(log);
    });
    await handle.close();
    const reopened = new SQLite(file, { readonly: true });
    expect(reopened.prepare('select count(*) as n from t').get()).toEqual({ n: 200 });
    reopened.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('upgrading a shop that had one opening time', () => {
  it('turns opening time, last slot and closed weekdays into a dinner per weekday, and versions the forms', async () => {
    const handle = openDatabase(':memory:');
    try {
      await migrate(handle.db, handle.dialect, '2026_12_02_0005_back_office');
      await handle.db
        .insertInto('settings')
        .values([
          { key: 'opening_time', value: '18:30' },
          { key: 'last_slot_time', value: '21:45' },
          { key: 'closed_weekdays', value: '1,2' },
        ])
        .execute();
      await migrate(handle.db, handle.dialect);
      const settings = await handle.db.selectFrom('settings').selectAll().execute();
      expect(settings.map((s) => s.key)).toEqual(['weekly_hours']);
      const week = JSON.parse(settings[0]!.value);
      expect(week[1]).toEqual({ lunch: null, dinner: null });
      expect(week[2]).toEqual({ lunch: null, dinner: null });
      expect(week[6]).toEqual({ lunch: null, dinner: { first: '18:30', last: '21:45' } });
      const groups = await handle.db.selectFrom('setting_groups').selectAll().orderBy('id').execute();
      expect(groups).toEqual([
        { id: 'hours', version: 0 },
        { id: 'online_ordering', version: 0 },
        { id: 'texts', version: 0 },
      ]);
    } finally {
      await handle.close();
    }
  });
});

describe('upgrading a shop whose oven groups were category ids in code', () => {
  it('names the group on each category and on each order line already written', async () => {
    const handle = openDatabase(':memory:');
    try {
      await migrate(handle.db, handle.dialect, '2026_12_04_0009_zone_switch');
      await sql`insert into categories (id, name, sorting, visible, additions_enabled) values (1, 'Pizze Classiche', 1, 1, 1), (7, 'Bevande', 2, 1, 0), (12, 'Focacce Farcite', 3, 1, 0)`.execute(
        handle.db,
      );
      const now = new Date().toISOString();
      await sql`insert into orders (order_num, delivery_date, delivery_time, source_id, status, delivered, delivery, payment_type, name, original_price_cents, total_price_cents, created_at, updated_at)
        values (1, '2026-12-04', '20:00', 2, 0, 0, 'ritiro', 'Contanti', 'Mario', 1500, 1500, ${now}, ${now})`.execute(handle.db);
      await sql`insert into order_lines (order_id, position, product_id, category_id, name, qty, base_price_cents, variant_price_cents, unit_price_cents, line_total_cents)
        values (1, 0, null, 1, 'Margherita', 2, 500, 0, 500, 1000), (1, 1, null, 7, 'Coca-Cola', 1, 250, 0, 250, 250), (1, 2, null, 12, 'Focaccia', 1, 250, 0, 250, 250)`.execute(
        handle.db,
      );
      await migrate(handle.db, handle.dialect);
      const categories = await handle.db.selectFrom('categories').select(['id', 'oven_group']).orderBy('id').execute();
      expect(categories).toEqual([
        { id: 1, oven_group: 'pizze' },
        { id: 7, oven_group: null },
        { id: 12, oven_group: 'calzoni' },
      ]);
      const lines = await handle.db.selectFrom('order_lines').select(['name', 'oven_group']).orderBy('position').execute();
      expect(lines).toEqual([
        { name: 'Margherita', oven_group: 'pizze' },
        { name: 'Coca-Cola', oven_group: null },
        { name: 'Focaccia', oven_group: 'calzoni' },
      ]);
    } finally {
      await handle.close();
    }
  });
});

describe('a migration that changes catalogue rows', () => {
  it('makes the catalogue version grow in its transaction, so open clients and caches see it; the others leave it', async () => {
    const { handle, drop } = await freshDatabase();
    const version = async () =>
      Number((await handle.db.selectFrom('meta').select('value').where('key', '=', 'catalogue_version').executeTakeFirst())?.value ?? 0);
    try {
      await migrate(handle.db, handle.dialect, '2026_12_04_0009_zone_switch');
      await sql`insert into categories (id, name, sorting, visible, additions_enabled) values (1, 'Pizze Classiche', 1, 1, 1)`.execute(
        handle.db,
      );
      const before = await version();
      // 0010 names each category's oven group: a change of the menu's rows.
      await migrate(handle.db, handle.dialect, '2026_12_05_0010_category_groups');
      expect(await version()).toBe(before + 1);
      // The rest only add tables and columns.
      await migrate(handle.db, handle.dialect);
      expect(await version()).toBe(before + 1);
    } finally {
      await handle.close();
      await drop();
    }
  });
});

/** A plain order row, written as any writer could (no app code). */
const insertOrder = (db: Db, order: { name: string; day: string; num: number; client: number | null }) => {
  const now = new Date().toISOString();
  return sql`insert into orders (order_num, delivery_date, delivery_time, source_id, status, delivered, delivery, payment_type, name, client_id, original_price_cents, total_price_cents, created_at, updated_at)
    values (${order.num}, ${order.day}, '20:00', 2, 0, 0, 'ritiro', 'Contanti', ${order.name}, ${order.client}, 1500, 1500, ${now}, ${now})`.execute(
    db,
  );
};

describe("upgrading a shop with orders to versioned shop days and customers' first days (0022)", () => {
  it('gives each day that has orders a version and each customer their first day, which every later change to an order keeps', async () => {
    const { handle, drop } = await freshDatabase();
    const days = () => handle.db.selectFrom('order_days').select(['day', 'version']).orderBy('day').execute();
    const firstDays = () => handle.db.selectFrom('customer_first_days').selectAll().execute();
    try {
      await migrate(handle.db, handle.dialect, '2026_12_14_0021_reports');
      await sql`insert into clients (id, name, created_at) values (1, 'Cliente Storico', ${new Date().toISOString()})`.execute(handle.db);
      await insertOrder(handle.db, { name: 'Mario', day: '2026-12-04', num: 1, client: 1 });
      await insertOrder(handle.db, { name: 'Anna', day: '2026-12-04', num: 2, client: 1 });
      await insertOrder(handle.db, { name: 'Luca', day: '2026-12-05', num: 1, client: null });
      await migrate(handle.db, handle.dialect);
      expect(await days()).toEqual([
        { day: '2026-12-04', version: 1 },
        { day: '2026-12-05', version: 1 },
      ]);
      expect(await firstDays()).toEqual([{ customer: 'c1', first_day: '2026-12-04' }]);
      await handle.db.updateTable('orders').set({ status: 3 }).where('name', '=', 'Mario').execute();
      await handle.db.updateTable('orders').set({ delivery_date: '2026-12-06', order_num: 1 }).where('name', '=', 'Anna').execute();
      await handle.db.deleteFrom('orders').where('name', '=', 'Luca').execute();
      expect(await days()).toEqual([
        { day: '2026-12-04', version: 3 },
        { day: '2026-12-05', version: 2 },
        { day: '2026-12-06', version: 1 },
      ]);
      // The first order cancelled, the other moved: the client's first day is the moved one's.
      expect(await firstDays()).toEqual([{ customer: 'c1', first_day: '2026-12-06' }]);
    } finally {
      await handle.close();
      await drop();
    }
  });
});

describe.runIf(ENGINE === 'postgres')("the orders' facts on PostgreSQL", () => {
  it('are kept at commit, so an order change waiting for the event lock never deadlocks with the holder placing an order', async () => {
    const { handle, drop } = await freshDatabase();
    const signal = () => {
      let resolve = () => {};
      return { done: new Promise<void>((r) => (resolve = r)), resolve: () => resolve() };
    };
    try {
      await migrate(handle.db, handle.dialect);
      await insertOrder(handle.db, { name: 'Mario', day: '2026-12-04', num: 1, client: null });
      const [placerLocked, editorWrote] = [signal(), signal()];
      // The checkout's order: the event lock first, then the order (server/orders/order-writer.postgres.ts).
      const placer = handle.db.transaction().execute(async (tx) => {
        await sql`select pg_advisory_xact_lock(${EVENT_ORDER_LOCK})`.execute(tx);
        placerLocked.resolve();
        await editorWrote.done;
        await insertOrder(tx, { name: 'Anna', day: '2026-12-04', num: 2, client: null });
      });
      // The cassa's edit: the order first, then its event under the lock.
      const editor = handle.db.transaction().execute(async (tx) => {
        await placerLocked.done;
        await tx.updateTable('orders').set({ note: 'Senza cipolla' }).where('name', '=', 'Mario').execute();
        editorWrote.resolve();
        await sql`select pg_advisory_xact_lock(${EVENT_ORDER_LOCK})`.execute(tx);
      });
      await Promise.all([placer, editor]);
      const day = await handle.db.selectFrom('order_days').select('version').where('day', '=', '2026-12-04').executeTakeFirstOrThrow();
      expect(day.version).toBe(3);
    } finally {
      await handle.close();
      await drop();
    }
  });
});
