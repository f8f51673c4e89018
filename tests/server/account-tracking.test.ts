import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, loggedInClient, productId, startTestServer, type TestServer } from './harness';

const ORDERS = '/api/v1/ecommerce/account/orders';
const trackingUrl = (id: number | string) => `${ORDERS}/${id}/tracking`;
const tokenOf = (url: string) => url.replace('/ordine/', '');

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ settings: { slot_capacity: '1000' } });
});
afterAll(() => server?.close());

/** A pickup at 20:00 today, ordered online by a new customer. */
async function placePickup() {
  const buyer = await loggedInClient(server, { name: 'Ornella Bassi' });
  const placed = await buyer.client.post('/api/v1/ecommerce/checkout', {
    data: { tipoConsegna: 'ritiro', addressSelector: 0, nomeCliente: 'Ornella Bassi', telefono: '3339876543', fascia: '20:00' },
    cart: [{ id: await productId(server, 'Margherita'), qty: 1 }],
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return { ...buyer, id: placed.body.order.id as number, emailedToken: tokenOf(placed.body.tracking_url) };
}

const track = (token: string) => new ApiClient(server.baseUrl).get(`/api/v1/ecommerce/orders/track/${token}`);

describe("'Segui il tuo ordine' in the account", () => {
  it("lists today's order as 'received' and mints a new link; the e-mailed one keeps working", async () => {
    const { client, id, emailedToken } = await placePickup();
    const list = await client.get(ORDERS);
    expect(list.body.orders.data.find((o: { id: number }) => o.id === id)).toMatchObject({ progress: 'received', followable: true });

    const answer = await client.post(trackingUrl(id));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.tracking_url).toMatch(/^\/ordine\/[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(answer.body.tracking_url);
    expect(token).not.toBe(emailedToken);

    for (const link of [token, emailedToken]) {
      const page = await track(link);
      expect(page.status).toBe(200);
      expect(page.body).toMatchObject({ first_name: 'Ornella', progress: 'received' });
    }
    // Only hashes are stored, one per link.
    const rows = await server.handle.db.selectFrom('order_tracking').select('token_hash').where('order_id', '=', id).execute();
    expect(rows.map((r) => r.token_hash).sort()).toEqual(
      [token, emailedToken].map((t) => createHash('sha256').update(t).digest('hex')).sort(),
    );
  });

  it("answers 404 for someone else's order, 401 without a login, 422 for a bad id; stores no link", async () => {
    const { id } = await placePickup();
    const other = await loggedInClient(server, { name: 'Sandro Pace' });
    const theirs = await other.client.post(trackingUrl(id));
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe('Ordine non trovato.');
    expect((await new ApiClient(server.baseUrl).post(trackingUrl(id))).status).toBe(401);
    expect((await other.client.post(trackingUrl('abc'))).status).toBe(422);
    const rows = await server.handle.db.selectFrom('order_tracking').select('token_hash').where('order_id', '=', id).execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses a closed order of an earlier day with 409, but follows one still open from yesterday', async () => {
    const { client, id } = await placePickup();
    await server.handle.db.updateTable('orders').set({ delivery_date: '2026-11-17' }).where('id', '=', id).execute();
    expect((await client.post(trackingUrl(id))).status).toBe(200);

    await server.handle.db.updateTable('orders').set({ delivered: 1 }).where('id', '=', id).execute();
    const closed = await client.post(trackingUrl(id));
    expect(closed.status).toBe(409);
    expect(closed.body).toEqual({ code: 'order.not_followable', message: 'Questo ordine è concluso: non si può più seguire.' });
    const listed = (await client.get(ORDERS)).body.orders.data.find((o: { id: number }) => o.id === id);
    expect(listed).toMatchObject({ progress: 'collected', followable: false });
  });
});
