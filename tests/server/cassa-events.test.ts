import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiClient,
  catalogueVersionOf,
  counterOrder,
  loggedInClient,
  openEventStream,
  productId,
  setSoldOut,
  startTestServer,
  TODAY,
  type TestServer,
} from './harness';

const API = '/api/v1/ecommerce/cassa';
const TOMORROW = '2026-11-19';

let server: TestServer;
let admin: ApiClient;
let adminToken = '';
let margherita = 0;

beforeAll(async () => {
  server = await startTestServer({ settings: { slot_capacity: '1000' } });
  admin = (await loggedInClient(server, { role: 'admin', name: 'Cassiere' })).client;
  adminToken = admin.token!;
  margherita = await productId(server, 'Margherita');
});
afterAll(() => server?.close());

const phoneOrder = (date = TODAY) => counterOrder(margherita, date);

async function store(date = TODAY): Promise<{ id: number; version: number }> {
  const response = await admin.post(`${API}/orders/store`, phoneOrder(date));
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.order;
}

async function checkout(): Promise<number> {
  const { client } = await loggedInClient(server);
  const response = await client.post('/api/v1/ecommerce/checkout', {
    data: { tipoConsegna: 'ritiro', addressSelector: 0, nomeCliente: 'Rossi', telefono: '3331234567', fascia: '21:00' },
    cart: [{ id: margherita, qty: 1 }],
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.order.id;
}

const eventRows = () => server.handle.db.selectFrom('order_events').selectAll().orderBy('id').execute();

describe('order events, written with the change they report', () => {
  it('every change of an order reaches an open stream, with the event row id as its SSE id', async () => {
    const stream = await openEventStream(server.baseUrl, adminToken);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    expect(stream.headers.get('x-accel-buffering')).toBe('no');

    const online = await checkout();
    const phone = await store(TOMORROW);
    expect((await admin.patch(`${API}/orders/${phone.id}`, { status: 1 })).status).toBe(200);
    expect((await admin.patch(`${API}/orders/delivered-status/${phone.id}`, { status: 1 })).status).toBe(200);
    const edited = await admin.put(`${API}/orders/${phone.id}/update`, {
      ...phoneOrder(TODAY),
      data: { ...phoneOrder(TODAY).data, version: phone.version },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((await admin.patch(`${API}/orders/${online}`, { status: 3 })).status).toBe(200);

    const events = await stream.next(6);
    expect(events.map((e) => e.data)).toEqual([
      { order_id: online, kind: 'created', delivery_date: TODAY },
      { order_id: phone.id, kind: 'created', delivery_date: TOMORROW },
      { order_id: phone.id, kind: 'printed', delivery_date: TOMORROW },
      { order_id: phone.id, kind: 'delivered', delivery_date: TOMORROW },
      { order_id: phone.id, kind: 'updated', delivery_date: TODAY },
      { order_id: online, kind: 'status', delivery_date: TODAY },
    ]);
    const rows = await eventRows();
    expect(events.map((e) => Number(e.id))).toEqual(rows.slice(-6).map((r) => r.id));
    stream.close();
  });

  it('a reconnect with Last-Event-ID replays what it missed, then goes on live', async () => {
    const first = await openEventStream(server.baseUrl, adminToken);
    const a = await store();
    const [seen] = await first.next();
    first.close();

    // Away: two orders are stored while nobody listens.
    const b = await store();
    const c = await store();
    const again = await openEventStream(server.baseUrl, adminToken, seen!.id!);
    const replayed = await again.next(2);
    expect(replayed.map((e) => e.data.order_id)).toEqual([b.id, c.id]);
    expect(seen!.data.order_id).toBe(a.id);
    const d = await store();
    const [live] = await again.next();
    expect(live!.data).toEqual({ order_id: d.id, kind: 'created', delivery_date: TODAY });
    // Each once: a replayed event whose notification comes late is not sent again.
    await expect(again.next(1, 500)).rejects.toThrow('timed out');
    again.close();
  });

  it('a Last-Event-ID past every id the table can hold (15 digits) is a stream with nothing to replay, then live', async () => {
    const stream = await openEventStream(server.baseUrl, adminToken, '999999999999999');
    expect(stream.status).toBe(200);
    const order = await store();
    const [live] = await stream.next();
    expect(live!.data).toMatchObject({ order_id: order.id, kind: 'created' });
    stream.close();
  });

  it('a rolled-back order writes no event and reaches no stream', async () => {
    const before = await eventRows();
    const stream = await openEventStream(server.baseUrl, adminToken);
    const draft = {
      sourceId: 2 as const,
      delivery: 'ritiro' as const,
      paymentType: 'Contanti' as const,
      name: 'Annullato',
      nomeCitofono: null,
      address: null,
      telephone: null,
      zoneId: null,
      clientId: null,
      userId: null,
      note: null,
      allergyNote: null,
      discountCode: null,
      originalCents: 650,
      deliveryFeeCents: 0,
      totalCents: 650,
      deliveryDate: TODAY,
      deliveryTime: '21:00',
      lines: [],
    };
    await expect(
      server.services.orders.write('test', async (orders) => {
        await orders.insert(draft, {});
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    server.services.events.committed();
    expect(await eventRows()).toEqual(before);
    expect(await server.handle.db.selectFrom('orders').select('id').where('name', '=', 'Annullato').execute()).toEqual([]);

    // The next real order is the first thing the stream tells.
    const next = await store();
    const [event] = await stream.next();
    expect(event!.data.order_id).toBe(next.id);
    stream.close();
  });

  it('events older than a day are pruned, the recent ones kept', async () => {
    const recent = (await eventRows()).length;
    await server.handle.db
      .insertInto('order_events')
      .values({ order_id: 1, kind: 'created', delivery_date: '2026-11-16', at: '2026-11-16T17:00:00.000Z' })
      .execute();
    await server.services.events.prune();
    const rows = await eventRows();
    expect(rows).toHaveLength(recent);
    expect(rows.every((r) => r.at >= '2026-11-17')).toBe(true);
  });
});

describe('catalogue changes on the cassa stream', () => {
  it('a sold-out mark made in the back office reaches an open stream at once as `event: catalogue` with the new version, and back', async () => {
    const diavola = await productId(server, 'Diavola');
    const stream = await openEventStream(server.baseUrl, adminToken);
    await store();
    const [ordered] = await stream.next();

    await setSoldOut(admin, diavola, true);
    const [soldOut] = await stream.next(1, 2000, 'catalogue');
    expect(soldOut).toEqual({ id: null, event: 'catalogue', data: await catalogueVersionOf(server) });
    expect((await admin.get(`${API}/init`)).body.products.find((p: { id: number }) => p.id === diavola).sold_out).toBe(true);

    // The orders' events go on as before: unnamed, their ids in sequence.
    const after = await store();
    const [next] = await stream.next();
    expect(next).toMatchObject({ event: null, data: { order_id: after.id, kind: 'created' } });
    expect(Number(next!.id)).toBeGreaterThan(Number(ordered!.id));

    await setSoldOut(admin, diavola, false);
    const [back] = await stream.next(1, 2000, 'catalogue');
    expect(back).toEqual({ id: null, event: 'catalogue', data: soldOut!.data + 1 });
    stream.close();

    // A reconnect replays the orders it missed after its Last-Event-ID, never a catalogue version.
    const again = await openEventStream(server.baseUrl, adminToken, ordered!.id!);
    const [replayed] = await again.next();
    expect(replayed).toMatchObject({ id: next!.id, event: null, data: { order_id: after.id } });
    await expect(again.next(1, 700, 'catalogue')).rejects.toThrow('timed out');
    again.close();
  });
});

describe("the cassa's request keys", () => {
  it('are pruned with the events after a day; a recent one still answers its resend without applying it again', async () => {
    const order = await store();
    const key = { headers: { 'idempotency-key': 'stampa-di-oggi' } };
    expect((await admin.patch(`${API}/orders/${order.id}`, { status: 1 }, key)).status).toBe(200);
    await server.handle.db
      .insertInto('cassa_request_keys')
      .values({ key: 'stampa-di-ieri', order_id: order.id, created_at: '2026-11-16T17:00:00.000Z' })
      .execute();
    await server.services.events.prune();
    const keys = await server.handle.db.selectFrom('cassa_request_keys').select('key').where('order_id', '=', order.id).execute();
    expect(keys.map((k) => k.key)).toEqual([expect.stringContaining('stampa-di-oggi')]);

    expect((await admin.patch(`${API}/orders/${order.id}`, { status: 3 })).status).toBe(200);
    const resent = await admin.patch(`${API}/orders/${order.id}`, { status: 1 }, key);
    expect(resent.status).toBe(200);
    expect(resent.body.order.status).toBe(3);
  });
});

describe('closing the server', () => {
  it('ends the open streams, and close() does not wait for them', async () => {
    const own = await startTestServer();
    const staff = await loggedInClient(own, { role: 'admin' });
    const stream = await openEventStream(own.baseUrl, staff.client.token!);
    const started = Date.now();
    await own.close();
    expect(await stream.ended()).toBe(true);
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
