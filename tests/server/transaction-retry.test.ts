import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle, Db } from '../../server/db/database';
import { migrate } from '../../server/db/migrations';
import { afterCommit, logTransactionRetries, transaction, TRANSACTION_ATTEMPTS, type TransactionRetry } from '../../server/db/transaction';
import { ENGINE, freshDatabase } from './harness';

let handle: DatabaseHandle;
let drop: () => Promise<void>;
const retries: TransactionRetry[] = [];

beforeAll(async () => {
  ({ handle, drop } = await freshDatabase());
  await migrate(handle.db, handle.dialect);
  logTransactionRetries(handle.db, (retry) => retries.push(retry));
});

afterAll(async () => {
  await handle.close();
  await drop();
});

/** An error with PostgreSQL's SQLSTATE: raised by the server itself on PostgreSQL. */
async function fail(tx: Db, code: string): Promise<never> {
  if (ENGINE === 'postgres')
    await sql`do ${sql.raw(`$$ begin raise exception 'test failure' using errcode = '${code}'; end $$`)}`.execute(tx);
  throw Object.assign(new Error('test failure'), { code });
}

/** An operation that writes a row named `key` and fails with `codes[n]` at its n-th run (none left: commits). */
function operation(key: string, codes: string[]) {
  const counts = { runs: 0, effects: 0 };
  const run = () =>
    transaction(handle.db, `test.${key}`, async (tx) => {
      const code = codes[counts.runs++];
      await tx
        .insertInto('meta')
        .values({ key, value: String(counts.runs) })
        .execute();
      afterCommit(tx, () => counts.effects++);
      if (code) await fail(tx, code);
      return 'fatto';
    });
  return { run, counts };
}

const stored = (key: string) => handle.db.selectFrom('meta').select('value').where('key', '=', key).executeTakeFirst();

describe.runIf(ENGINE === 'postgres')('a business transaction on PostgreSQL', () => {
  it('runs again whole after a deadlock or a serialization failure; its after-commit effect runs once', async () => {
    const op = operation('retry-ok', ['40P01', '40001']);
    expect(await op.run()).toBe('fatto');
    expect(op.counts).toEqual({ runs: 3, effects: 1 });
    // The failed attempts' rows were rolled back: only the third one's is stored.
    expect(await stored('retry-ok')).toEqual({ value: '3' });
    expect(retries.filter((r) => r.operation === 'test.retry-ok')).toEqual([
      { operation: 'test.retry-ok', code: '40P01', attempt: 1 },
      { operation: 'test.retry-ok', code: '40001', attempt: 2 },
    ]);
  });

  it('throws the original error after the last attempt, with nothing stored and no effect', async () => {
    const op = operation('retry-spent', Array<string>(TRANSACTION_ATTEMPTS).fill('40P01'));
    await expect(op.run()).rejects.toMatchObject({ code: '40P01', message: 'test failure' });
    expect(op.counts).toEqual({ runs: TRANSACTION_ATTEMPTS, effects: 0 });
    expect(await stored('retry-spent')).toBeUndefined();
  });
});

/** An order of a new cassa client, numbered `orderNum` of `day`, written as any writer could; returns its id. */
async function placedOrder(name: string, day: string, orderNum: number): Promise<number> {
  const now = new Date().toISOString();
  const client = await handle.db.insertInto('clients').values({ name, created_at: now }).returning('id').executeTakeFirstOrThrow();
  const order = await handle.db
    .insertInto('orders')
    .values({
      ...{ order_num: orderNum, delivery_date: day, delivery_time: '20:00', source_id: 2, status: 0, delivered: 0 },
      ...{ delivery: 'ritiro', payment_type: 'Contanti', name, client_id: client.id, created_at: now, updated_at: now },
      ...{ original_price_cents: 1500, total_price_cents: 1500 },
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return order.id;
}

describe.runIf(ENGINE === 'postgres')("two cashiers moving orders across two days at once (the orders' facts kept at commit)", () => {
  it('deadlock at COMMIT: the aborted one runs again, both moves stand, the days and first days are exact', async () => {
    const [friday, saturday] = ['2026-12-18', '2026-12-19'];
    const first = await placedOrder('Cliente Venerdì', friday, 1);
    const second = await placedOrder('Cliente Sabato', saturday, 2);
    const held: Promise<void>[] = [];
    /**
     * Moves an order; its deferred trigger bumps the old day, then the new one, at COMMIT. Each
     * first holds its old day's row until the other holds its own (the test's wait, on the first
     * run only), so the two triggers take the days in opposite order and PostgreSQL aborts one.
     */
    const move = (id: number, from: string, to: string) => {
      let hold = () => {};
      held.push(new Promise<void>((resolve) => (hold = resolve)));
      return transaction(handle.db, 'test.move', async (tx) => {
        await tx.updateTable('orders').set({ delivery_date: to }).where('id', '=', id).execute();
        await tx.selectFrom('order_days').select('day').where('day', '=', from).forUpdate().execute();
        hold();
        await Promise.all(held);
        return to;
      });
    };
    const before = retries.length;
    expect(await Promise.all([move(first, friday, saturday), move(second, saturday, friday)])).toEqual([saturday, friday]);
    expect(retries.slice(before)).toEqual([{ operation: 'test.move', code: '40P01', attempt: 1 }]);

    const moved = await handle.db
      .selectFrom('orders')
      .select(['id', 'delivery_date'])
      .where('id', 'in', [first, second])
      .orderBy('id')
      .execute();
    expect(moved).toEqual([
      { id: first, delivery_date: saturday },
      { id: second, delivery_date: friday },
    ]);
    // Each day: its order's insert, then both moves (each bumps its old and its new day); the aborted attempt counted nothing.
    const days = await handle.db.selectFrom('order_days').selectAll().where('day', 'in', [friday, saturday]).orderBy('day').execute();
    expect(days).toEqual([
      { day: friday, version: 3 },
      { day: saturday, version: 3 },
    ]);
    const clients = await handle.db.selectFrom('orders').select('client_id').where('id', 'in', [first, second]).orderBy('id').execute();
    const firstDays = await handle.db
      .selectFrom('customer_first_days')
      .selectAll()
      .where(
        'customer',
        'in',
        clients.map((c) => `c${c.client_id}`),
      )
      .orderBy('first_day')
      .execute();
    expect(firstDays).toEqual([
      { customer: `c${clients[1]!.client_id}`, first_day: friday },
      { customer: `c${clients[0]!.client_id}`, first_day: saturday },
    ]);
  });
});

describe('a business transaction, on either engine', () => {
  it('throws any other error at once (a unique violation)', async () => {
    const op = operation('retry-unique', ['23505']);
    await expect(op.run()).rejects.toMatchObject({ code: '23505' });
    expect(op.counts).toEqual({ runs: 1, effects: 0 });
  });

  it.runIf(ENGINE === 'sqlite')('is never run again on SQLite, whose writers take turns', async () => {
    const op = operation('retry-sqlite', ['40P01']);
    await expect(op.run()).rejects.toMatchObject({ code: '40P01' });
    expect(op.counts).toEqual({ runs: 1, effects: 0 });
    expect(retries).toEqual([]);
  });
});
