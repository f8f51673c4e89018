/**
 * The catalogue version (issue 17): the webapp, the cart's price answer, the cassa's init and its 30 s
 * list carry it; every back-office change makes it grow by one, also when changes commit at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, loggedInClient, productId, startTestServer, type TestServer } from './harness';

let server: TestServer;
let owner: ApiClient;
let margherita: number;
/** what the cart holds: never marked sold out here, so the cart is always priced */
let marinara: number;

beforeAll(async () => {
  server = await startTestServer();
  owner = (await loggedInClient(server, { role: 'admin', name: 'Giuseppe Titolare' })).client;
  margherita = await productId(server, 'Margherita');
  marinara = await productId(server, 'Marinara');
});
afterAll(() => server.close());

/** The version each of the four answers carries, in this order: webapp, cart, cassa init, cassa list. */
async function versions(): Promise<number[]> {
  const visitor = new ApiClient(server.baseUrl);
  const answers = [
    await visitor.get('/api/v1/ecommerce/webapp'),
    await visitor.post('/api/v1/ecommerce/cart', { cart: [{ id: marinara, qty: 1 }] }),
    await owner.get('/api/v1/ecommerce/cassa/init'),
    await owner.get('/api/v1/ecommerce/cassa/orders'),
  ];
  for (const answer of answers) expect(answer.status).toBe(200);
  return answers.map((answer) => answer.body.catalogue_version as number);
}

const soldOutRows = async () =>
  (await owner.get('/api/v1/admin/sold-out')).body.items as { id: number; name: string; version: number; sold_out: boolean }[];

describe('catalogue version', () => {
  it('every answer carries the same version, one higher after a back-office change', async () => {
    const [before, ...others] = await versions();
    expect(Number.isInteger(before)).toBe(true);
    expect(others).toEqual([before, before, before]);

    const row = (await soldOutRows()).find((r) => r.id === margherita)!;
    const marked = await owner.post(`/api/v1/admin/sold-out/${margherita}`, { sold_out: !row.sold_out, version: row.version });
    expect(marked.status).toBe(200);

    expect(await versions()).toEqual([before! + 1, before! + 1, before! + 1, before! + 1]);
  });

  it('changes committing at the same time each add one', async () => {
    const [before] = await versions();
    const rows = (await soldOutRows()).filter((r) => r.id !== marinara && r.id !== margherita).slice(0, 6);
    expect(rows).toHaveLength(6);

    const answers = await Promise.all(
      rows.map((row) => owner.post(`/api/v1/admin/sold-out/${row.id}`, { sold_out: !row.sold_out, version: row.version })),
    );
    expect(answers.map((a) => a.status)).toEqual(rows.map(() => 200));

    const stored = await server.handle.db
      .selectFrom('meta')
      .select('value')
      .where('key', '=', 'catalogue_version')
      .executeTakeFirstOrThrow();
    expect(Number(stored.value)).toBe(before! + rows.length);
    expect(await versions()).toEqual(Array(4).fill(before! + rows.length));
  });
});
