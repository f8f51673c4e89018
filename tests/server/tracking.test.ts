import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiClient,
  ENGINE,
  loggedInClient,
  openTrackingStream,
  productId,
  startTestServer,
  TODAY,
  type ApiResponse,
  type TestServer,
} from './harness';

const TRACK = '/api/v1/ecommerce/orders/track';
const CASSA = '/api/v1/ecommerce/cassa';

let server: TestServer;
let admin: ApiClient;
let margherita = 0;
let zoneId = 0;
/** Each test its own address: the tracking limit counts per address (the server trusts the local proxy). */
let addressCounter = 0;
const newAddress = () => `10.0.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

beforeAll(async () => {
  server = await startTestServer({ settings: { slot_capacity: '1000' }, app: { trustProxy: ['127.0.0.1'] } });
  admin = (await loggedInClient(server, { role: 'admin', name: 'Cassiere Tracking' })).client;
  margherita = await productId(server, 'Margherita');
  zoneId = (await server.handle.db.selectFrom('zones').select('id').where('name', '=', 'Monteverde').executeTakeFirstOrThrow()).id;
});
afterAll(() => server?.close());

interface Placed {
  id: number;
  token: string;
  email: string;
  response: ApiResponse;
  customer: ApiClient;
}

/** A home delivery at 20:00 for Lucia Ferri (her intercom name). */
const deliveryBody = () => ({
  data: {
    tipoConsegna: 'consegna',
    addressSelector: 0,
    nomeCitofono: 'Lucia Ferri',
    zonaConsegna: zoneId,
    indirizzo: 'Via Nomentana 123',
    telefono: '3337654321',
    fascia: '20:00',
  },
  cart: [{ id: margherita, qty: 2 }],
});

/** That delivery ordered online by a new customer, with the request's key. */
async function placeDelivery(key = `chiave-${Math.random().toString(36).slice(2)}`): Promise<Placed> {
  const { client, email } = await loggedInClient(server, { name: 'Lucia Ferri' });
  const response = await client.post('/api/v1/ecommerce/checkout', deliveryBody(), { headers: { 'idempotency-key': key } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  const token = String(response.body.tracking_url).replace('/ordine/', '');
  return { id: response.body.order.id, token, email, response, customer: client };
}

const track = (token: string, address = newAddress()) =>
  new ApiClient(server.baseUrl).get(`${TRACK}/${token}`, { headers: { 'x-forwarded-for': address } });
const tap = (id: number, direction: 'next' | 'back') => admin.post(`${CASSA}/orders/${id}/progress`, { direction });
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('the tracking link made at checkout', () => {
  it('the answer and the confirmation mail carry the link; only its sha-256 is stored', async () => {
    const placed = await placeDelivery();
    expect(placed.response.body.tracking_url).toMatch(/^\/ordine\/[A-Za-z0-9_-]{43}$/);
    const rows = await server.handle.db.selectFrom('order_tracking').selectAll().where('order_id', '=', placed.id).execute();
    expect(rows).toEqual([{ order_id: placed.id, token_hash: sha256(placed.token) }]);
    const mail = await server.outbox.last(placed.email);
    expect(mail?.text).toContain(`Segui il tuo ordine: http://pizzeria.test/ordine/${placed.token}`);
  });

  it('every online order gets its own token', async () => {
    const [a, b] = [await placeDelivery(), await placeDelivery()];
    expect(a.token).not.toBe(b.token);
  });

  it('a retried submit answers the first order without a link (its token is not kept), and makes no second token', async () => {
    const placed = await placeDelivery('chiave-ripetuta-123');
    const again = await placed.customer.post('/api/v1/ecommerce/checkout', deliveryBody(), {
      headers: { 'idempotency-key': 'chiave-ripetuta-123' },
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ order: { id: placed.id }, tracking_url: null });
    expect(
      await server.handle.db.selectFrom('order_tracking').select('token_hash').where('order_id', '=', placed.id).execute(),
    ).toHaveLength(1);
  });
});

describe('the tracking page, without login', () => {
  it('shows the number, the first name, the lines and total, the steps and the window; never the address or phone', async () => {
    const placed = await placeDelivery();
    const page = await track(placed.token);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.body).toMatchObject({
      order_num: placed.response.body.order.order_num,
      first_name: 'Lucia',
      delivery: 'consegna',
      lines: [{ description: 'Margherita', qty: 2 }],
      total_price: placed.response.body.order.total_price,
      progress: 'received',
      closed: false,
      window: { from: '20:00', until: '20:15' },
      window_text: 'Arrivo previsto: 20:00–20:15',
      delay_minutes: 0,
      delay_text: null,
    });
    expect(page.body.steps).toEqual([
      { progress: 'received', label: 'Ricevuto', current: true },
      { progress: 'preparing', label: 'In preparazione', current: false },
      { progress: 'on_the_way', label: 'In consegna', current: false },
      { progress: 'delivered', label: 'Consegnato', current: false },
    ]);
    const text = JSON.stringify(page.body);
    for (const secret of ['Nomentana', 'Ferri', '3337654321', placed.email]) expect(text).not.toContain(secret);
  });

  it("a wrong, malformed or expired token: 404 'Ordine non trovato.'; 7 days after the delivery day it still opens", async () => {
    const placed = await placeDelivery();
    for (const token of ['A'.repeat(43), 'x', 'non%20valido', '%00', '%C3%A8', placed.token.slice(0, -1)]) {
      const response = await track(token);
      expect(response.status, token).toBe(404);
      expect(response.body).toEqual({ code: 'not_found', message: 'Ordine non trovato.' });
    }
    const dated = (date: string) =>
      server.handle.db.updateTable('orders').set({ delivery_date: date }).where('id', '=', placed.id).execute();
    await dated('2026-11-11');
    expect((await track(placed.token)).status).toBe(200);
    await dated('2026-11-10');
    expect((await track(placed.token)).status).toBe(404);
    await dated(TODAY);
  });

  it('a wrong token answers as fast as a right one (medians within 5 ms)', async () => {
    const placed = await placeDelivery();
    const right: number[] = [];
    const wrong: number[] = [];
    const timed = async (token: string) => {
      const start = performance.now();
      // A new address every 40 requests, under the limit.
      await track(token, `192.0.2.${Math.floor(right.length / 20)}`);
      return performance.now() - start;
    };
    // Warm both paths up, then alternate so that load hits both alike.
    for (let i = 0; i < 5; i++) await Promise.all([timed(placed.token), timed('B'.repeat(43))]);
    // Many pairs: on a busy machine one request's time varies by more than the difference looked for.
    for (let i = 0; i < 150; i++) {
      right.push(await timed(placed.token));
      wrong.push(await timed(i % 2 ? 'C'.repeat(43) : 'malformato!'));
    }
    const difference = Math.abs(median(right) - median(wrong));
    console.info(`tracking timing (${ENGINE}): right ${median(right).toFixed(2)} ms, wrong ${median(wrong).toFixed(2)} ms`);
    expect(difference).toBeLessThan(5);
  });

  it('a flood from one address gets 429 with Retry-After; another address still gets through', async () => {
    const placed = await placeDelivery();
    const flooder = newAddress();
    for (let i = 0; i < 60; i++) expect((await track('D'.repeat(43), flooder)).status).toBe(404);
    const refused = await track(placed.token, flooder);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('tracking.throttled');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await track(placed.token)).status).toBe(200);
  });

  it("follows the cassa's taps: 'In preparazione', 'In consegna', then 'Consegnato' closes it", async () => {
    const placed = await placeDelivery();
    const current = async () => (await track(placed.token)).body as { progress: string; closed: boolean };
    expect((await tap(placed.id, 'next')).status).toBe(200);
    expect(await current()).toMatchObject({ progress: 'preparing', closed: false });
    expect((await tap(placed.id, 'next')).status).toBe(200);
    expect(await current()).toMatchObject({ progress: 'on_the_way', closed: false });
    expect((await tap(placed.id, 'next')).status).toBe(200);
    expect(await current()).toMatchObject({ progress: 'delivered', closed: true });
  });
});

describe("the order's stream", () => {
  it("carries the order's own events only, and ends once the order is closed", async () => {
    const mine = await placeDelivery();
    const other = await placeDelivery();
    const stream = await openTrackingStream(server.baseUrl, mine.token);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    for (const id of [other.id, mine.id, other.id, mine.id, mine.id]) expect((await tap(id, 'next')).status).toBe(200);
    expect(await stream.ended()).toBe(true);
    // Three steps to 'Consegnato', then the end. On PostgreSQL the order's own 'created', committed before
    // the stream opened, may still come first: its NOTIFY can reach the process after the stream subscribed.
    const events = stream.untaken().map((event) => event.data as { order_id: number; kind: string });
    expect(events.filter((event) => event.kind !== 'created')).toEqual(
      Array.from({ length: 3 }, () => ({ order_id: mine.id, kind: 'progress', delivery_date: TODAY })),
    );
    expect(events.every((event) => event.order_id === mine.id)).toBe(true);
  });

  it('replays what it missed from Last-Event-ID', async () => {
    const placed = await placeDelivery();
    const first = await openTrackingStream(server.baseUrl, placed.token);
    expect((await tap(placed.id, 'next')).status).toBe(200);
    const [seen] = await first.next(1);
    first.close();
    expect((await tap(placed.id, 'next')).status).toBe(200);
    const again = await openTrackingStream(server.baseUrl, placed.token, seen!.id!);
    expect((await again.next(1))[0]!.data).toEqual({ order_id: placed.id, kind: 'progress', delivery_date: TODAY });
    again.close();
  });

  it("a closed order's stream ends at once; a wrong token's is a 404", async () => {
    const placed = await placeDelivery();
    expect((await admin.patch(`${CASSA}/orders/${placed.id}`, { status: 3 })).status).toBe(200);
    const stream = await openTrackingStream(server.baseUrl, placed.token);
    expect(stream.status).toBe(200);
    expect(await stream.ended()).toBe(true);
    const wrong = await new ApiClient(server.baseUrl).get(`${TRACK}/${'E'.repeat(43)}/events`);
    expect(wrong.status).toBe(404);
    expect(wrong.body.message).toBe('Ordine non trovato.');
  });
});
