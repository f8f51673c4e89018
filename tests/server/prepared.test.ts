import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepared } from '../../server/db/prepared';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const insertSetting = prepared<{ key: string; value: string }, unknown>((db, param) =>
  db.insertInto('settings').values({ key: param('key'), value: param('value') }),
);
const settingByKey = prepared<{ key: string }, { key: string; value: string }>((db, param) =>
  db.selectFrom('settings').select(['key', 'value']).where('key', '=', param('key')).where('value', '!=', 'hidden'),
);

describe('prepared queries', () => {
  it('run once compiled with each call’s values, constants kept, in and out of a transaction', async () => {
    const { db } = server.handle;
    await insertSetting(db, { key: 'prepared_a', value: 'one' });
    await db.transaction().execute(async (tx) => {
      await insertSetting(tx, { key: 'prepared_b', value: 'two' });
      await insertSetting(tx, { key: 'prepared_c', value: 'hidden' });
    });
    const found = await Promise.all(['prepared_a', 'prepared_b', 'prepared_c'].map((key) => settingByKey(db, { key })));
    expect(found.map((r) => r.rows)).toEqual([[{ key: 'prepared_a', value: 'one' }], [{ key: 'prepared_b', value: 'two' }], []]);
  });

  it('reports the rows an insert or update touched', async () => {
    const result = await insertSetting(server.handle.db, { key: 'prepared_d', value: 'four' });
    expect(Number(result.numAffectedRows)).toBe(1);
  });
});

describe('prepared queries kept by the connection', () => {
  const allOfTable = prepared<{ id: number }, Record<string, unknown>>((db, param) =>
    db
      .selectFrom('prepared_probe' as never)
      .selectAll()
      .where('id' as never, '=', param('id') as never),
  );

  it('answer with the new columns after a migration changed the table under them', async () => {
    const { db } = server.handle;
    await db.schema.createTable('prepared_probe').addColumn('id', 'integer').execute();
    await db
      .insertInto('prepared_probe' as never)
      .values({ id: 1 } as never)
      .execute();
    // Run one after another, they reuse the idle connection that kept the statement.
    for (let i = 0; i < 3; i++) expect((await allOfTable(db, { id: 1 })).rows).toEqual([{ id: 1 }]);
    await db.schema
      .alterTable('prepared_probe')
      .addColumn('label', 'varchar(10)', (c) => c.defaultTo('nuovo'))
      .execute();
    for (let i = 0; i < 3; i++) expect((await allOfTable(db, { id: 1 })).rows).toEqual([{ id: 1, label: 'nuovo' }]);
  });
});
