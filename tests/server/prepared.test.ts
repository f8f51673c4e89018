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
