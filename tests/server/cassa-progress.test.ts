import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, counterOrder, loggedInClient, productId, startTestServer, TODAY, type TestServer } from './harness';

const CASSA = '/api/v1/ecommerce/cassa';
const TOMORROW = '2026-11-19';

let server: TestServer;
let admin: ApiClient;
let margherita = 0;
let shopName = '';

beforeAll(async () => {
  server = await startTestServer({ settings: { slot_capacity: '1000' } });
  admin = (await loggedInClient(server, { role: 'admin', name: 'Cassiere Avanzamento' })).client;
  margherita = await productId(server, 'Margherita');
  shopName = (await server.services.catalog.snapshot()).settings.shop_name!;
});
afterAll(() => server?.close());

/** An online pickup at 20:30 by a new customer: its id, its tracking token and the customer's address. */
async function onlinePickup(): Promise<{ id: number; token: string; email: string }> {
  const { client, email } = await loggedInClient(server, { name: 'Sara Monti' });
  const response = await client.post('/api/v1/ecommerce/checkout', {
    data: { tipoConsegna: 'ritiro', addressSelector: 0, nomeCliente: 'Sara Monti', telefono: '3331112222', fascia: '20:30' },
    cart: [{ id: margherita, qty: 1 }],
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return { id: response.body.order.id, token: String(response.body.tracking_url).replace('/ordine/', ''), email };
}

async function phoneOrder(date = TODAY): Promise<number> {
  const response = await admin.post(`${CASSA}/orders/store`, counterOrder(margherita, date));
  expect(response.status).toBe(201);
  return response.body.order.id;
}

const tap = (id: number, direction: 'next' | 'back', key?: string) =>
  admin.post(`${CASSA}/orders/${id}/progress`, { direction }, key ? { headers: { 'idempotency-key': key } } : {});
const delay = (id: number, minutes: number, key?: string) =>
  admin.post(`${CASSA}/orders/${id}/delay`, { minutes }, key ? { headers: { 'idempotency-key': key } } : {});
const page = async (token: string) => (await new ApiClient(server.baseUrl).get(`/api/v1/ecommerce/orders/track/${token}`)).body;
const mailsTo = async (email: string) => (await server.outbox.messages()).filter((m) => m.to.includes(email));
const eventsOf = (id: number) => server.handle.db.selectFrom('order_events').select('kind').where('order_id', '=', id).execute();

describe("the cassa's progress tap", () => {
  it("walks a pickup to 'Pronto per il ritiro' and 'Ritirato', and back one step at a time", async () => {
    const order = await onlinePickup();
    const steps: string[] = [];
    for (let i = 0; i < 3; i++) {
      const answer = await tap(order.id, 'next');
      expect(answer.status).toBe(200);
      steps.push(answer.body.order.progress);
    }
    expect(steps).toEqual(['preparing', 'ready', 'collected']);
    expect((await page(order.token)).window_text).toBe('Pronto per le 20:30');
    expect((await tap(order.id, 'next')).body.code).toBe('order.progress_end');
    expect((await tap(order.id, 'back')).body.order).toMatchObject({ progress: 'ready', delivered: 0 });
    expect((await tap(order.id, 'back')).body.order).toMatchObject({ progress: 'preparing', status: 1 });
    expect((await tap(order.id, 'back')).body.order).toMatchObject({ progress: 'received', status: 0 });
    expect((await tap(order.id, 'back')).status).toBe(409);
  });

  it('a resend with the same Idempotency-Key moves the order once', async () => {
    const id = await phoneOrder();
    const first = await tap(id, 'next', 'tap-una-volta-1');
    const again = await tap(id, 'next', 'tap-una-volta-1');
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.body.order.progress).toBe('preparing');
    expect((await eventsOf(id)).filter((e) => e.kind === 'progress')).toHaveLength(1);
  });

  it("never moves a cancelled order, nor an external platform's", async () => {
    const cancelled = await phoneOrder();
    expect((await admin.patch(`${CASSA}/orders/${cancelled}`, { status: 3 })).status).toBe(200);
    for (const direction of ['next', 'back'] as const) {
      const refused = await tap(cancelled, direction);
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('order.cancelled');
    }
    const external = await phoneOrder();
    await server.handle.db.updateTable('orders').set({ source_id: 3 }).where('id', '=', external).execute();
    const refused = await tap(external, 'next');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'order.external',
      message: 'Gli ordini delle piattaforme esterne non si possono modificare.',
    });
    expect((await server.handle.db.selectFrom('orders').select('status').where('id', '=', external).executeTakeFirstOrThrow()).status).toBe(
      0,
    );
  });
});

describe('the customer is told by mail', () => {
  it("'La tua pizza è in viaggio' when a delivery goes out, once", async () => {
    const { client, email } = await loggedInClient(server, { name: 'Paolo Neri' });
    const zoneId = (await server.handle.db.selectFrom('zones').select('id').where('name', '=', 'Monteverde').executeTakeFirstOrThrow()).id;
    const placed = await client.post('/api/v1/ecommerce/checkout', {
      data: {
        tipoConsegna: 'consegna',
        addressSelector: 0,
        nomeCitofono: 'Paolo Neri',
        zonaConsegna: zoneId,
        indirizzo: 'Via Ostiense 5',
        telefono: '3334445555',
        fascia: '21:00',
      },
      cart: [{ id: margherita, qty: 2 }],
    });
    const id = placed.body.order.id;
    await tap(id, 'next');
    expect((await mailsTo(email)).map((m) => m.subject)).not.toContain(`La tua pizza è in viaggio — ${shopName}`);
    await tap(id, 'next');
    await tap(id, 'back');
    const mails = await mailsTo(email);
    const onTheWay = mails.filter((m) => m.subject === `La tua pizza è in viaggio — ${shopName}`);
    expect(onTheWay).toHaveLength(1);
    expect(onTheWay[0]!.text).toContain(`Il tuo ordine n. ${placed.body.order.order_num} è in consegna.`);
    expect(onTheWay[0]!.text).toContain('Arrivo previsto: 21:00–21:15');
  });

  it('a cancellation mail when the cassa cancels an online order', async () => {
    const order = await onlinePickup();
    expect((await admin.patch(`${CASSA}/orders/${order.id}`, { status: 3 })).status).toBe(200);
    const cancelled = (await mailsTo(order.email)).filter((m) => m.subject.includes('annullato'));
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]!.text).toContain('è stato annullato');
  });
});

describe('the delay', () => {
  it('moves the promised time, keeps the slot load in the original slot, and mails at most once per 10 minutes', async () => {
    const order = await onlinePickup();
    const slotBefore = (await admin.get(`${CASSA}/orders`)).body.slots.find((s: { time: string }) => s.time === '20:30');
    const answer = await delay(order.id, 10);
    expect(answer.status).toBe(200);
    expect(answer.body.order).toMatchObject({ delay_minutes: 10, delivery_time: '20:30' });
    expect(await page(order.token)).toMatchObject({
      window_text: 'Pronto per le 20:40',
      delay_text: 'In ritardo di 10 minuti: ci scusiamo.',
    });
    const slotAfter = (await admin.get(`${CASSA}/orders`)).body.slots.find((s: { time: string }) => s.time === '20:30');
    expect(slotAfter).toEqual(slotBefore);

    expect((await delay(order.id, 20)).body.order.delay_minutes).toBe(30);
    const delayMails = async () => (await mailsTo(order.email)).filter((m) => m.subject.includes('in ritardo'));
    expect(await delayMails()).toHaveLength(1);
    expect((await delayMails())[0]!.text).toContain('In ritardo di 10 minuti: ci scusiamo.');
    expect((await delayMails())[0]!.text).toContain('Pronto per le 20:40');

    server.clock.advance(10 * 60 * 1000);
    await delay(order.id, 10);
    const mails = await delayMails();
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain('In ritardo di 40 minuti: ci scusiamo.');
    expect(mails[1]!.text).toContain('Pronto per le 21:10');
  });

  it('a resend with the same Idempotency-Key delays the order once', async () => {
    const id = await phoneOrder();
    expect((await delay(id, 10, 'ritardo-una-volta-1')).body.order.delay_minutes).toBe(10);
    expect((await delay(id, 10, 'ritardo-una-volta-1')).body.order.delay_minutes).toBe(10);
    expect((await eventsOf(id)).filter((e) => e.kind === 'delayed')).toHaveLength(1);
  });

  it("is refused once the order is out: 'order.not_delayable'", async () => {
    const id = await phoneOrder();
    await tap(id, 'next');
    await tap(id, 'next');
    const refused = await delay(id, 10);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('order.not_delayable');
  });

  it("'Ritardo' for the evening delays tonight's orders not yet out, once per key", async () => {
    await server.handle.db
      .updateTable('orders')
      .set({ dispatched_at: '2026-11-18T16:00:00.000Z' })
      .where('delivery_date', '=', TODAY)
      .execute();
    const waiting = [await phoneOrder(), await phoneOrder()];
    const out = await phoneOrder();
    await tap(out, 'next');
    await tap(out, 'next');
    const external = await phoneOrder();
    await server.handle.db.updateTable('orders').set({ source_id: 3 }).where('id', '=', external).execute();
    const tomorrow = await phoneOrder(TOMORROW);

    const key = { headers: { 'idempotency-key': 'ritardo-sera-001' } };
    const answer = await admin.post(`${CASSA}/delay`, { minutes: 20 }, key);
    expect(answer.body).toEqual({ message: '2 ordini posticipati.', delayed: 2 });
    const again = await admin.post(`${CASSA}/delay`, { minutes: 20 }, key);
    expect(again.body).toEqual({ message: 'Ritardo già applicato.', delayed: 0 });
    const delays = await server.handle.db
      .selectFrom('orders')
      .select(['id', 'delay_minutes'])
      .where('id', 'in', [...waiting, out, external, tomorrow])
      .orderBy('id')
      .execute();
    expect(delays.map((d) => d.delay_minutes)).toEqual([20, 20, 0, 0, 0]);
    expect(
      (await admin.post(`${CASSA}/delay`, { minutes: 20 }, { headers: { 'idempotency-key': 'ritardo-sera-001' }, raw: '{"minutes":30}' }))
        .status,
    ).toBe(422);
  });

  it('refuses minutes other than 10, 20 or 30', async () => {
    const id = await phoneOrder();
    for (const minutes of [0, 15, 60, -10]) expect((await delay(id, minutes)).status).toBe(422);
  });
});
