import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  ApiClient,
  catalogueVersionOf,
  counterOrder,
  ENGINE,
  loggedInClient,
  menuPriceAt,
  msUntilMenuPrice,
  openEventStream,
  openTrackingStream,
  productId,
  setPriceByForm,
  setSoldOut,
  startTwoProcesses,
  type TestServer,
} from './harness';

let server: TestServer;
let secondUrl = '';
let stopBoth: (() => Promise<void>) | undefined;

/** Both engines: a second process on the first one's database (the SQLite file, or the PostgreSQL database). */
beforeAll(async () => {
  ({ server, secondUrl, stop: stopBoth } = await startTwoProcesses({ settings: { slot_capacity: '1000' } }));
}, 60_000);
afterAll(() => stopBoth?.());

describe('two server processes on one database: one catalogue', () => {
  it('a price change made through the first is what the second answers within a second', async () => {
    const owner = (await loggedInClient(server, { role: 'admin' })).client;
    const margherita = await productId(server, 'Margherita');
    const before = await menuPriceAt(secondUrl, margherita);
    expect(before).toBe(await menuPriceAt(server.baseUrl, margherita));
    const cents = Math.round(before! * 100) + 70;
    await setPriceByForm(owner, margherita, cents);
    expect(await menuPriceAt(server.baseUrl, margherita)).toBe(cents / 100);
    expect(await msUntilMenuPrice(secondUrl, margherita, cents / 100)).toBeLessThan(1000);
  });

  it('a sold-out mark made through the second reaches, within 2 s, the cassa stream the first holds', async () => {
    const staff = (await loggedInClient(server, { role: 'admin' })).client;
    const throughSecond = new ApiClient(secondUrl);
    throughSecond.token = staff.token;
    const diavola = await productId(server, 'Diavola');
    const stream = await openEventStream(server.baseUrl, staff.token!);
    await setSoldOut(throughSecond, diavola, true);
    const [heard] = await stream.next(1, 2000, 'catalogue');
    const version = await catalogueVersionOf(server);
    expect(heard).toEqual({ id: null, event: 'catalogue', data: version });
    await setSoldOut(throughSecond, diavola, false);
    expect((await stream.next(1, 2000, 'catalogue'))[0]).toEqual({ id: null, event: 'catalogue', data: version + 1 });
    stream.close();
  });
});

describe.skipIf(ENGINE !== 'sqlite')('two server processes on one SQLite file', () => {
  it('parallel checkouts from both serialise: every one placed, no "database is locked", no number twice', async () => {
    const margherita = await productId(server, 'Margherita');
    const customers = await Promise.all(Array.from({ length: 10 }, () => loggedInClient(server)));
    const checkout = (token: string, baseUrl: string) => {
      const client = new ApiClient(baseUrl);
      client.token = token;
      return client.post('/api/v1/ecommerce/checkout', {
        data: { tipoConsegna: 'ritiro', addressSelector: 0, nomeCliente: 'Rossi', telefono: '3331234567', fascia: '21:00' },
        cart: [{ id: margherita, qty: 1 }],
      });
    };
    const results = await Promise.all(
      customers.flatMap(({ client }) => [0, 1, 2, 3].map((i) => checkout(client.token!, i % 2 ? secondUrl : server.baseUrl))),
    );
    expect(results.map((r) => r.status)).toEqual(results.map(() => 201));
    const numbers = results.map((r) => r.body.order.order_num as number);
    expect(new Set(numbers).size).toBe(40);
    const load = await server.handle.db
      .selectFrom('slot_locks')
      .select('oven_items')
      .where('delivery_time', '=', '21:00')
      .executeTakeFirstOrThrow();
    expect(load.oven_items).toBe(40);
  });
});

describe.skipIf(ENGINE !== 'postgres')('two server processes on one PostgreSQL database: the cassa hears both', () => {
  const customer = () => loggedInClient(server).then(({ client }) => client.token!);
  const checkoutThroughSecond = async (token: string) => {
    const other = new ApiClient(secondUrl);
    other.token = token;
    const response = await other.post('/api/v1/ecommerce/checkout', {
      data: { tipoConsegna: 'ritiro', addressSelector: 0, nomeCliente: 'Rossi', telefono: '3331234567', fascia: '21:00' },
      cart: [{ id: await productId(server, 'Margherita'), qty: 1 }],
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.order.id as number;
  };

  it('an order stored through one process reaches a stream held by the other, and a dropped listener loses nothing', async () => {
    const staff = await loggedInClient(server, { role: 'admin' });
    const tokens = await Promise.all([customer(), customer(), customer()]);
    const stream = await openEventStream(server.baseUrl, staff.client.token!);
    const first = await checkoutThroughSecond(tokens[0]!);
    const [heard] = await stream.next();
    expect(heard!.data).toMatchObject({ order_id: first, kind: 'created' });

    // The first process's LISTEN connection is killed; an order is stored while it is gone.
    const listener = server.services.events.listenerPid!;
    expect(listener).toBeGreaterThan(0);
    await sql`select pg_terminate_backend(${listener})`.execute(server.handle.db);
    await expect.poll(() => server.services.events.listenerPid).toBeNull();
    const whileAway = await checkoutThroughSecond(tokens[1]!);
    const [caughtUp] = await stream.next(1, 10_000);
    expect(caughtUp!.data).toMatchObject({ order_id: whileAway, kind: 'created' });
    expect(server.services.events.listenerPid).not.toBe(listener);

    // And live again afterwards, each event once.
    const after = await checkoutThroughSecond(tokens[2]!);
    const [live] = await stream.next();
    expect(live!.data).toMatchObject({ order_id: after, kind: 'created' });
    expect(Number(live!.id)).toBeGreaterThan(Number(caughtUp!.id));
    stream.close();
  });

  it('interleaved changes through both reach a client that reconnects to the other process: each event once, in id order', async () => {
    const staff = await loggedInClient(server, { role: 'admin' });
    const throughSecond = new ApiClient(secondUrl);
    throughSecond.token = staff.client.token!;
    const margherita = await productId(server, 'Margherita');
    const orders: number[] = [];
    for (let i = 0; i < 6; i++)
      orders.push((await staff.client.post('/api/v1/ecommerce/cassa/orders/store', counterOrder(margherita))).body.order.id);
    const eventIdsAfter = async (id: number) =>
      (await server.handle.db.selectFrom('order_events').select('id').where('id', '>', id).orderBy('id').execute()).map((r) =>
        String(r.id),
      );
    const [start] = (await eventIdsAfter(0)).slice(-1);
    // Status and delivered changes of six orders at once, alternately through each process: their
    // transactions overlap, and commit in any order.
    const burst = (round: number) =>
      Promise.all(
        Array.from({ length: 24 }, async (_, i) => {
          const through = i % 2 ? throughSecond : staff.client;
          const order = orders[i % orders.length]!;
          const change =
            i % 4 < 2
              ? through.patch(`/api/v1/ecommerce/cassa/orders/${order}`, { status: 1 + ((round + i) % 2) })
              : through.patch(`/api/v1/ecommerce/cassa/orders/delivered-status/${order}`, { status: (round + i) % 2 });
          expect((await change).status).toBe(200);
        }),
      );

    const first = await openEventStream(server.baseUrl, staff.client.token!, start);
    await burst(0);
    const seen = await first.next(10, 10_000);
    first.close();
    // Away, then back on the other process while the next burst is under way.
    const changing = burst(1);
    const again = await openEventStream(secondUrl, staff.client.token!, seen.at(-1)!.id!);
    await changing;
    const expected = await eventIdsAfter(Number(start));
    const rest = await again.next(expected.length - seen.length, 10_000);
    await expect(again.next(1, 500)).rejects.toThrow('timed out');
    again.close();
    expect([...seen, ...rest].map((e) => e.id)).toEqual(expected);
  });

  it('a logout through one process ends, within a second, the stream its session holds on the other', async () => {
    const staff = await loggedInClient(server, { role: 'admin' });
    const stream = await openEventStream(server.baseUrl, staff.client.token!);
    const throughSecond = new ApiClient(secondUrl);
    throughSecond.token = staff.client.token!;
    expect((await throughSecond.post('/api/logout')).status).toBe(200);
    expect(await stream.ended(1000)).toBe(true);
  });

  it('a logout told while the listener was down ends the stream when it comes back, not at a heartbeat 20 s later', async () => {
    const staff = await loggedInClient(server, { role: 'admin' });
    const stream = await openEventStream(server.baseUrl, staff.client.token!);
    await sql`select pg_terminate_backend(${server.services.events.listenerPid!})`.execute(server.handle.db);
    await expect.poll(() => server.services.events.listenerPid).toBeNull();
    const throughSecond = new ApiClient(secondUrl);
    throughSecond.token = staff.client.token!;
    expect((await throughSecond.post('/api/logout')).status).toBe(200);
    expect(await stream.ended(5000)).toBe(true);
  });
});

describe.skipIf(ENGINE !== 'postgres')('two server processes on one PostgreSQL database: event ids in commit order', () => {
  it('interleaved edits from both, one delayed after drawing its event id: a reader resuming from its last id skips and repeats nothing', async () => {
    const staff = (await loggedInClient(server, { role: 'admin' })).client;
    const viaSecond = new ApiClient(secondUrl);
    viaSecond.token = staff.token;
    const store = async (name: string) => {
      const stored = await staff.post('/api/v1/ecommerce/cassa/orders/store', {
        data: { client_id: 0, delivery: 'ritiro', nomeCliente: name, telefono: '333 765 4321', fascia: '21:00', payment_type: 'Contanti' },
        cart: [{ id: await productId(server, 'Margherita'), qty: 1 }],
      });
      expect(stored.status).toBe(201);
      return stored.body.order.id as number;
    };
    const slow = await store('Lento');
    const fast = await store('Veloce');
    const db = server.handle.db;
    // The slow order's events hold their transaction 300 ms after their id is drawn, before it commits.
    await sql`create function test_hold_event() returns trigger language plpgsql as $$ begin perform pg_sleep(0.3); return null; end $$`.execute(
      db,
    );
    await sql`create trigger test_hold_event after insert on order_events for each row
      when (new.order_id = ${sql.lit(slow)}) execute function test_hold_event()`.execute(db);
    try {
      let lastId =
        (
          await db
            .selectFrom('order_events')
            .select((eb) => eb.fn.max('id').as('id'))
            .executeTakeFirstOrThrow()
        ).id ?? 0;
      const firstId = lastId;
      const read: number[] = [];
      let writing = true;
      const reader = (async () => {
        while (writing || (await server.services.events.since(lastId)).length) {
          for (const event of await server.services.events.since(lastId)) {
            read.push(event.id);
            lastId = event.id;
          }
          await new Promise((r) => setTimeout(r, 5));
        }
      })();
      const deliver = (client: ApiClient, id: number, status: number) =>
        client.patch(`/api/v1/ecommerce/cassa/orders/delivered-status/${id}`, { status }).then((r) => expect(r.status).toBe(200));
      for (let round = 0; round < 5; round++) {
        const status = round % 2 ? 0 : 1;
        const held = deliver(staff, slow, status);
        // The other process edits while the first holds its drawn id uncommitted.
        await new Promise((r) => setTimeout(r, 100));
        await Promise.all([
          deliver(viaSecond, fast, status),
          deliver(viaSecond, fast, 1 - status).then(() => deliver(viaSecond, fast, status)),
        ]);
        await held;
      }
      writing = false;
      await reader;
      const written = (await db.selectFrom('order_events').select('id').where('id', '>', firstId).orderBy('id').execute()).map((r) => r.id);
      expect(written).toHaveLength(20);
      expect(read).toEqual(written);
    } finally {
      await sql`drop trigger test_hold_event on order_events`.execute(db);
      await sql`drop function test_hold_event()`.execute(db);
    }
  });
});

describe.skipIf(ENGINE !== 'postgres')('two server processes on one PostgreSQL database: a tracked order', () => {
  it("a customer's tracking stream held by one process hears, within 2 s, a cassa tap made through the other", async () => {
    const { client } = await loggedInClient(server, { name: 'Marta Galli' });
    const placed = await client.post('/api/v1/ecommerce/checkout', {
      data: { tipoConsegna: 'ritiro', addressSelector: 0, nomeCliente: 'Marta Galli', telefono: '3331234567', fascia: '21:00' },
      cart: [{ id: await productId(server, 'Margherita'), qty: 1 }],
    });
    expect(placed.status).toBe(201);
    const order = placed.body.order.id as number;
    const token = String(placed.body.tracking_url).replace('/ordine/', '');
    const stream = await openTrackingStream(secondUrl, token);
    const staff = (await loggedInClient(server, { role: 'admin' })).client;
    const tapped = performance.now();
    expect((await staff.post(`/api/v1/ecommerce/cassa/orders/${order}/progress`, { direction: 'next' })).status).toBe(200);
    const [heard] = await stream.next(1, 2000);
    expect(performance.now() - tapped).toBeLessThan(2000);
    expect(heard!.data).toMatchObject({ order_id: order, kind: 'progress' });
    // Picked up: the order is closed, and the stream on the other process ends.
    await staff.post(`/api/v1/ecommerce/cassa/orders/${order}/progress`, { direction: 'next' });
    await staff.post(`/api/v1/ecommerce/cassa/orders/${order}/progress`, { direction: 'next' });
    expect(await stream.ended()).toBe(true);
  });
});
