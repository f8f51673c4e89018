import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cassaOrderBody, loggedInClient, productId, startTestServer, type ApiClient, type TestServer } from './harness';

/**
 * What the cassa's offline outbox relies on: an edit, a status or a delivered change resent with the
 * key it was first sent with is answered without being applied again; and the init gives each
 * client's latest order as lines to put in the cart again ('Ripeti ultimo ordine').
 */
const API = '/api/v1/ecommerce/cassa';
const DAY = '2026-11-26';

let server: TestServer;
let admin: ApiClient;
const ids = { margherita: 0, bufala: 0, doppioImpasto: 0, monteverde: 0 };

beforeAll(async () => {
  server = await startTestServer();
  admin = (await loggedInClient(server, { role: 'admin', name: 'Cassiere' })).client;
  ids.margherita = await productId(server, 'Margherita');
  ids.bufala = await productId(server, 'Mozzarella di bufala');
  const db = server.handle.db;
  ids.doppioImpasto = (await db.selectFrom('variants').select('id').where('name', '=', 'Doppio impasto').executeTakeFirstOrThrow()).id;
  ids.monteverde = (await db.selectFrom('zones').select('id').where('name', '=', 'Monteverde').executeTakeFirstOrThrow()).id;
});
afterAll(() => server?.close());

const order = (name: string, form: Record<string, unknown> = {}, cart?: unknown[]) =>
  cassaOrderBody(
    { client_id: 0, delivery: 'ritiro', nomeCliente: name, telefono: '347 000 1122', fascia: '21:00', delivery_date: DAY, ...form },
    cart ?? [{ id: ids.margherita, qty: 1 }],
  );
const keyed = (key: string) => ({ headers: { 'Idempotency-Key': key } });

async function newOrder(name: string): Promise<{ id: number; client_id: number }> {
  const created = await admin.post(`${API}/orders/store`, order(name));
  expect(created.status).toBe(201);
  return created.body.order;
}
const row = (id: number) => server.handle.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const lineCount = async (id: number) =>
  (await server.handle.db.selectFrom('order_lines').select('id').where('order_id', '=', id).execute()).length;

describe('an edit resent with its key (the offline outbox after a lost answer)', () => {
  it('is applied once: the resend answers 200 with the order as it is, not 409, and changes nothing', async () => {
    const { id } = await newOrder('Carla Fracci');
    const edit = {
      ...order('Carla Fracci', { fascia: '21:30' }, [{ id: ids.margherita, qty: 3 }]),
      data: { ...order('').data, nomeCliente: 'Carla Fracci', fascia: '21:30', version: 0 },
    };
    const first = await admin.put(`${API}/orders/${id}/update`, edit, keyed('edit-key-0001'));
    expect(first.status).toBe(200);
    expect(first.body.order).toMatchObject({ version: 1, delivery_time: '21:30' });
    const before = { order: await row(id), lines: await lineCount(id) };

    const again = await admin.put(`${API}/orders/${id}/update`, edit, keyed('edit-key-0001'));
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ message: 'Ordine modificato.', order: { id, version: 1, delivery_time: '21:30' } });
    expect({ order: await row(id), lines: await lineCount(id) }).toEqual(before);

    // Without the key the same body is an old version: refused, as before.
    const unkeyed = await admin.put(`${API}/orders/${id}/update`, edit);
    expect(unkeyed.status).toBe(409);
    expect(unkeyed.body.code).toBe('order.stale');
  });

  it('two sends of one edit at the same moment apply it once', async () => {
    const { id } = await newOrder('Totò De Curtis');
    const edit = {
      ...order('Totò De Curtis', {}, [{ id: ids.margherita, qty: 2 }]),
      data: { ...order('Totò De Curtis').data, version: 0 },
    };
    const answers = await Promise.all([
      admin.put(`${API}/orders/${id}/update`, edit, keyed('edit-key-0002')),
      admin.put(`${API}/orders/${id}/update`, edit, keyed('edit-key-0002')),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect((await row(id)).version).toBe(1);
  });

  it('a stale edit is refused with 409 order.stale also with a key, and its resend is refused again (nothing was stored)', async () => {
    const { id } = await newOrder('Anna Proclemer');
    const base = order('Anna Proclemer', { fascia: '22:00' });
    expect(
      (await admin.put(`${API}/orders/${id}/update`, { ...base, data: { ...base.data, version: 0 } }, keyed('edit-key-0003'))).status,
    ).toBe(200);
    const late = { ...base, data: { ...base.data, fascia: '22:30', version: 0 } };
    for (const attempt of [1, 2]) {
      const refused = await admin.put(`${API}/orders/${id}/update`, late, keyed('edit-key-0004'));
      expect(refused.status, `attempt ${attempt}`).toBe(409);
      expect(refused.body.code).toBe('order.stale');
    }
    expect((await row(id)).delivery_time).toBe('22:00');
  });
});

describe('a status or delivered change resent with its key', () => {
  it('a resent print (status 1) does not undo a later edit that made the order Ristampa (2)', async () => {
    const { id } = await newOrder('Vittorio Gassman');
    expect((await admin.patch(`${API}/orders/${id}`, { status: 1 }, keyed('status-key-0001'))).status).toBe(200);
    const edit = order('Vittorio Gassman', { fascia: '21:15' });
    expect((await admin.put(`${API}/orders/${id}/update`, { ...edit, data: { ...edit.data, version: 0 } })).status).toBe(200);
    expect((await row(id)).status).toBe(2);

    const again = await admin.patch(`${API}/orders/${id}`, { status: 1 }, keyed('status-key-0001'));
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ message: 'Stato aggiornato.', order: { id, status: 2 } });
    expect((await row(id)).status).toBe(2);
  });

  it('a resent delivered tick does not undo a later untick', async () => {
    const { id } = await newOrder('Monica Vitti');
    expect((await admin.patch(`${API}/orders/delivered-status/${id}`, { status: 1 }, keyed('delivered-key-1'))).status).toBe(200);
    expect((await admin.patch(`${API}/orders/delivered-status/${id}`, { status: 0 }, keyed('delivered-key-2'))).status).toBe(200);
    const again = await admin.patch(`${API}/orders/delivered-status/${id}`, { status: 1 }, keyed('delivered-key-1'));
    expect(again.status).toBe(200);
    expect(again.body.order).toMatchObject({ id, delivered: 0 });
    expect((await row(id)).delivered).toBe(0);
  });

  it("a key is the staff member's own: another cashier's same key is another change", async () => {
    const { id } = await newOrder('Alberto Sordi');
    const other = (await loggedInClient(server, { role: 'admin', name: 'Seconda cassa' })).client;
    expect((await admin.patch(`${API}/orders/delivered-status/${id}`, { status: 1 }, keyed('shared-key-01'))).status).toBe(200);
    expect((await other.patch(`${API}/orders/delivered-status/${id}`, { status: 0 }, keyed('shared-key-01'))).body.order.delivered).toBe(0);
  });
});

describe('a key reused for another request (security review): 422 idempotency.mismatch, nothing done', () => {
  const MISMATCH = { code: 'idempotency.mismatch', message: "Questa richiesta è già stata usata per un'altra operazione." };

  it('a cancel of another order under the same key is refused, and that order stays live', async () => {
    const first = await newOrder('Gina Lollobrigida');
    const second = await newOrder('Sophia Loren');
    expect((await admin.patch(`${API}/orders/${first.id}`, { status: 3 }, keyed('cancel-key-01'))).status).toBe(200);
    const refused = await admin.patch(`${API}/orders/${second.id}`, { status: 3 }, keyed('cancel-key-01'));
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject(MISMATCH);
    expect((await row(second.id)).status).toBe(0);
    // The same cancel again still replays its first answer.
    const again = await admin.patch(`${API}/orders/${first.id}`, { status: 3 }, keyed('cancel-key-01'));
    expect(again.status).toBe(200);
    expect(again.body.order).toMatchObject({ id: first.id, status: 3 });
  });

  it('the key of a new order is refused on a change, and a change key with another body is refused', async () => {
    const created = await admin.post(`${API}/orders/store`, order('Anna Magnani'), keyed('store-key-01'));
    expect(created.status).toBe(201);
    const id = created.body.order.id as number;
    const reused = await admin.patch(`${API}/orders/delivered-status/${id}`, { status: 1 }, keyed('store-key-01'));
    expect(reused.status).toBe(422);
    expect(reused.body).toMatchObject(MISMATCH);
    expect((await row(id)).delivered).toBe(0);

    expect((await admin.patch(`${API}/orders/${id}`, { status: 1 }, keyed('print-key-01'))).status).toBe(200);
    const otherBody = await admin.patch(`${API}/orders/${id}`, { status: 3 }, keyed('print-key-01'));
    expect(otherBody.status).toBe(422);
    expect((await row(id)).status).toBe(1);
  });

  it('a new order with another body under a used key is refused, the same body replays', async () => {
    const first = await admin.post(`${API}/orders/store`, order('Marcello Mastroianni'), keyed('store-key-02'));
    expect(first.status).toBe(201);
    const other = await admin.post(`${API}/orders/store`, order('Federico Fellini'), keyed('store-key-02'));
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject(MISMATCH);
    const named = await server.handle.db.selectFrom('orders').select('id').where('name', '=', 'Federico Fellini').execute();
    expect(named).toEqual([]);
    const same = await admin.post(`${API}/orders/store`, order('Marcello Mastroianni'), keyed('store-key-02'));
    expect(same.status).toBe(200);
    expect(same.body.order.id).toBe(first.body.order.id);
  });
});

describe("the init's last order lines ('Ripeti ultimo ordine')", () => {
  it("gives each client's latest order that is not cancelled, with product, dough and addition ids; none for a new client", async () => {
    const line = { id: ids.margherita, qty: 2, variants: [{ id: ids.doppioImpasto }], additions: [{ id: ids.bufala }] };
    const first = await admin.post(`${API}/orders/store`, order('Nino Manfredi', { fascia: '20:00' }, [line]));
    expect(first.status).toBe(201);
    const clientId = first.body.order.client_id as number;
    const again = (fascia: string, cart: unknown[]) =>
      admin.post(`${API}/orders/store`, order('Nino Manfredi', { client_id: clientId, fascia }, cart));
    // A later order, then cancelled: the repeat is the one before it.
    const cancelled = await again('20:30', [{ id: ids.margherita, qty: 7 }]);
    expect((await admin.patch(`${API}/orders/${cancelled.body.order.id}`, { status: 3 })).status).toBe(200);
    const earlier = await admin.post(
      `${API}/orders/store`,
      order('Nino Manfredi', { client_id: clientId, fascia: '19:00', delivery_date: '2026-11-20' }),
    );
    expect(earlier.status).toBe(201);

    const init = await admin.get(`${API}/init`);
    expect(init.status).toBe(200);
    const client = init.body.clients.find((c: any) => c.id === clientId);
    expect(client.last_order_lines).toEqual([
      { product_id: ids.margherita, variant_id: ids.doppioImpasto, addition_ids: [ids.bufala], qty: 2 },
    ]);

    const fresh = await admin.post(`${API}/client`, { name: 'Ugo Tognazzi' });
    expect(fresh.status).toBe(201);
    const after = await admin.get(`${API}/init`);
    expect(after.body.clients.find((c: any) => c.id === fresh.body.client.id).last_order_lines).toEqual([]);
  });
});
