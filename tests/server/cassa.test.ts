import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextOrderNumber } from '../../server/orders/order-rules';
import { ApiClient, cassaOrderBody, loggedInClient, productId, startTestServer, TODAY, type TestServer } from './harness';
import { readTicket } from './ticket-text';

const API = '/api/v1/ecommerce/cassa';
const TOMORROW = '2026-11-19';
const PHONE_MESSAGE = 'Il numero di telefono è obbligatorio e deve essere valido.';

let server: TestServer;
let admin: ApiClient;
const ids = {
  margherita: 0,
  marinara: 0,
  diavola: 0,
  capricciosa: 0,
  calzone: 0,
  coca: 0,
  tiramisu: 0,
  doppioImpasto: 0,
  bufala: 0,
  monteverde: 0,
  trastevere: 0,
  mario: 0,
  giulia: 0,
  luca: 0,
};

beforeAll(async () => {
  server = await startTestServer();
  admin = (await loggedInClient(server, { role: 'admin', name: 'Cassiere' })).client;
  ids.margherita = await productId(server, 'Margherita');
  ids.marinara = await productId(server, 'Marinara');
  ids.diavola = await productId(server, 'Diavola');
  ids.capricciosa = await productId(server, 'Capricciosa');
  ids.calzone = await productId(server, 'Calzone classico');
  ids.coca = await productId(server, 'Coca-Cola lattina 33 cl');
  ids.tiramisu = await productId(server, 'Tiramisù');
  ids.bufala = await productId(server, 'Mozzarella di bufala');
  const db = server.handle.db;
  ids.doppioImpasto = (await db.selectFrom('variants').select('id').where('name', '=', 'Doppio impasto').executeTakeFirstOrThrow()).id;
  ids.monteverde = (await db.selectFrom('zones').select('id').where('name', '=', 'Monteverde').executeTakeFirstOrThrow()).id;
  ids.trastevere = (await db.selectFrom('zones').select('id').where('name', '=', 'Trastevere').executeTakeFirstOrThrow()).id;
  const client = async (name: string) =>
    (await db.selectFrom('clients').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  ids.mario = await client('Mario Rossi');
  ids.giulia = await client('Giulia Bianchi');
  ids.luca = await client('Luca Marini');
});
afterAll(() => server?.close());

// ── helpers ──────────────────────────────────────────────────────────────────

type Form = Record<string, unknown>;
type Line = Record<string, unknown>;

/** What the cassa sends for a phone order; overrides change single fields. */
function phoneOrder(form: Form = {}, cart?: Line[]) {
  return cassaOrderBody(
    {
      client_id: ids.mario,
      user_id: null,
      delivery: 'consegna',
      nomeCitofono: 'Rossi',
      zone_id: ids.monteverde,
      indirizzo: 'Via Giacinto Carini 21',
      nomeCliente: 'Mario Rossi',
      telefono: '333 123 4567',
      fascia: '19:30',
      ...form,
    },
    cart ?? [{ id: ids.margherita, qty: 1 }],
  );
}

const store = (body: unknown) => admin.post(`${API}/orders/store`, body);
/** The order's version as a cash desk loading it now sees it (0 for an order that does not exist). */
const currentVersion = async (id: number) => {
  const response = await admin.get(`${API}/orders/${id}`);
  return response.status === 200 ? (response.body.order.version as number) : 0;
};
const putUpdate = (id: number, body: unknown) => admin.put(`${API}/orders/${id}/update`, body);
/** An edit based on the order as it is now; the concurrency tests send older versions themselves. */
const update = async (id: number, body: ReturnType<typeof phoneOrder>) =>
  putUpdate(id, { ...body, data: { ...body.data, version: await currentVersion(id) } });
const dayList = async (date = TODAY) => {
  const response = await admin.get(`${API}/orders?date=${date}`);
  expect(response.status).toBe(200);
  return response.body;
};
const listed = (list: any, id: number) => list.orders.data.find((o: any) => o.id === id);
const slot = (list: any, time: string) => list.slots.find((s: any) => s.time === time);

async function orderRow(id: number) {
  return server.handle.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}
async function lineRows(orderId: number) {
  return server.handle.db.selectFrom('order_lines').selectAll().where('order_id', '=', orderId).orderBy('position').execute();
}

/** Everything a failed request must leave alone: orders, their lines and the client list. */
async function storedState() {
  const db = server.handle.db;
  return {
    orders: await db.selectFrom('orders').selectAll().orderBy('id').execute(),
    lines: await db.selectFrom('order_lines').selectAll().orderBy('id').execute(),
    additions: await db.selectFrom('order_line_additions').selectAll().orderBy('id').execute(),
    clients: await db.selectFrom('clients').selectAll().orderBy('id').execute(),
    counters: await db.selectFrom('order_counters').selectAll().orderBy('delivery_date').execute(),
  };
}

async function setSetting(key: string, value: string) {
  await server.handle.db
    .insertInto('settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
  server.services.catalog.invalidate();
}

// ── state shared by the scenario, in file order ──────────────────────────────

let firstOrder: any; // Mario Rossi, 19:30, Contanti, 23,50 €
let secondOrder: any; // a new client, 20:10, Carta di credito, 17,00 €

describe('cassa init', () => {
  it('gives the cashier every client sorted by name, every zone and the whole catalogue with hidden free items', async () => {
    const response = await admin.get(`${API}/init`);
    expect(response.status).toBe(200);
    const { clients, zones, categories, products, today, now } = response.body;
    // The shop's clock, not the browser's: a new order defaults to this day and a time after now.
    expect({ today, now }).toEqual({ today: TODAY, now: '17:00' });

    const names: string[] = clients.map((c: any) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'it')));
    expect(names).toEqual(expect.arrayContaining(['Mario Rossi', 'Giulia Bianchi', 'Valentina De Santis']));
    expect(clients.find((c: any) => c.name === 'Mario Rossi')).toMatchObject({
      telephone: '3331234567',
      address: 'Via Giacinto Carini 21',
      cap: '00152',
      zone_id: ids.monteverde,
    });

    const zoneNames: string[] = zones.map((z: any) => z.name);
    expect(zoneNames).toContain('Zona non riconosciuta');
    expect(zoneNames).toEqual([...zoneNames].sort((a, b) => a.localeCompare(b, 'it')));
    expect(zoneNames).toHaveLength(12);

    // Every category, hidden ingredients (9) included, and every product in the database.
    expect(categories.map((c: any) => c.id).sort((a: number, b: number) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    expect(categories.find((c: any) => c.id === 9)).toMatchObject({ name: 'Ingredienti', visibility: false });
    const inDb = await server.handle.db.selectFrom('products').select('id').execute();
    expect(products).toHaveLength(inDb.length);
    const free = products.filter((p: any) => p.price === 0).map((p: any) => ({ name: p.name, visibility: p.visibility }));
    expect(free).toEqual(
      expect.arrayContaining([
        { name: 'Bruschetta omaggio', visibility: false },
        { name: 'Lattina omaggio', visibility: false },
      ]),
    );
    const margherita = products.find((p: any) => p.name === 'Margherita');
    expect(margherita.variants.map((v: any) => v.name)).toContain('Doppio impasto');
    expect(margherita.additions.map((a: any) => a.name)).toContain('Mozzarella di bufala');
  });
});

describe('storing phone orders', () => {
  it('stores a delivery order at the server price, ignoring the prices the client sent', async () => {
    const cart = [
      {
        id: ids.margherita,
        qty: 2,
        name: 'Margherita',
        price: 0.01,
        total_price: 0.01,
        variants: [{ id: ids.doppioImpasto, name: 'Doppio impasto', price_modifier: 0 }],
        additions: [{ id: ids.bufala, name: 'Mozzarella di bufala', price: 0 }],
        note: 'ben cotta',
      },
      { id: ids.coca, qty: 1, price: 0.01, total_price: 0.01 },
    ];
    const response = await store(phoneOrder({ note: 'Citofono rotto, chiamare' }, cart));
    expect(response.status).toBe(201);
    firstOrder = response.body.order;
    // (6,50 Margherita + 2,00 doppio impasto + 2,00 bufala) × 2 + 2,50 Coca-Cola
    expect(firstOrder).toMatchObject({
      order_num: 1,
      total_price: 23.5,
      original_price: 23.5,
      name: 'Mario Rossi',
      delivery: 'consegna',
      zone: 'Monteverde',
      address: 'Via Giacinto Carini 21',
      telephone: '3331234567',
      delivery_time: '19:30',
      delivery_date: TODAY,
      payment_type: 'Contanti',
      source_id: 2,
      status: 0,
      delivered: 0,
      client_id: ids.mario,
    });

    // The price the shop's own cart endpoint computes for the same lines is what was stored.
    const priced = await new ApiClient(server.baseUrl).post('/api/v1/ecommerce/cart', { cart });
    expect(priced.status).toBe(200);
    expect(priced.body.backend.total_price).toBe(23.5);

    const row = await orderRow(firstOrder.id);
    expect(row).toMatchObject({
      total_price_cents: 2350,
      original_price_cents: 2350,
      source_id: 2,
      status: 0,
      note: 'Citofono rotto, chiamare',
    });
    const lines = await lineRows(firstOrder.id);
    expect(lines.map((l) => [l.name, l.qty, l.variant_name, l.unit_price_cents, l.line_total_cents, l.note])).toEqual([
      ['Margherita', 2, 'Doppio impasto', 1050, 2100, 'ben cotta'],
      ['Coca-Cola lattina 33 cl', 1, null, 250, 250, null],
    ]);
  });

  it('numbers orders per delivery day: 1, 2 today, and 1 again for tomorrow', async () => {
    const clientsBefore = await server.handle.db.selectFrom('clients').select('id').execute();
    const second = await store(
      phoneOrder(
        {
          client_id: 0,
          nomeCliente: 'Carla Neri',
          nomeCitofono: 'Neri',
          zone_id: ids.trastevere,
          indirizzo: 'Via della Scala 12',
          telefono: '347 123 4567',
          fascia: '20:10',
          payment_type: 'Carta di credito',
        },
        [
          { id: ids.diavola, qty: 1 },
          { id: ids.calzone, qty: 1 },
        ],
      ),
    );
    expect(second.status).toBe(201);
    secondOrder = second.body.order;
    expect(secondOrder).toMatchObject({ order_num: 2, total_price: 17, payment_type: 'Carta di credito', zone: 'Trastevere' });

    const tomorrow = await store(phoneOrder({ delivery_date: TOMORROW, fascia: '19:00' }, [{ id: ids.marinara, qty: 1 }]));
    expect(tomorrow.status).toBe(201);
    expect(tomorrow.body.order).toMatchObject({ order_num: 1, delivery_date: TOMORROW });
    const tomorrowAgain = await store(phoneOrder({ delivery_date: TOMORROW, fascia: '19:15' }, [{ id: ids.marinara, qty: 1 }]));
    expect(tomorrowAgain.body.order.order_num).toBe(2);

    // client_id 0: the new customer was added to the clients, with the phone as digits only.
    const clientsAfter = await server.handle.db.selectFrom('clients').selectAll().execute();
    expect(clientsAfter).toHaveLength(clientsBefore.length + 1);
    const carla = clientsAfter.find((c) => c.name === 'Carla Neri');
    expect(carla).toMatchObject({ telephone: '3471234567', address: 'Via della Scala 12', zone_id: ids.trastevere });
    expect(secondOrder.client_id).toBe(carla!.id);

    const init = await admin.get(`${API}/init`);
    const names: string[] = init.body.clients.map((c: any) => c.name);
    expect(names).toContain('Carla Neri');
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'it')));
  });

  it('does not create a client when the order is for a known one', async () => {
    const before = await server.handle.db.selectFrom('clients').select('id').execute();
    const response = await store(phoneOrder({ delivery_date: TOMORROW, fascia: '20:00' }));
    expect(response.status).toBe(201);
    expect(response.body.order.client_id).toBe(ids.mario);
    expect(await server.handle.db.selectFrom('clients').select('id').execute()).toHaveLength(before.length);
  });
});

describe('a confirm sent twice (Idempotency-Key)', () => {
  // On a day of their own: the list tests below count today's orders.
  const LATER = '2026-11-27';
  const newClient = (name: string) => phoneOrder({ client_id: 0, nomeCliente: name, telefono: '347 000 1122', delivery_date: LATER });
  const storeWithKey = (body: unknown, key: string) => admin.post(`${API}/orders/store`, body, { headers: { 'Idempotency-Key': key } });
  const clientsNamed = (name: string) => server.handle.db.selectFrom('clients').select('id').where('name', '=', name).execute();

  it('a second confirm with the same key returns the first order (200) and stores nothing more', async () => {
    const first = await storeWithKey(newClient('Piero Angeli'), 'cassa-key-0001');
    expect(first.status).toBe(201);
    const before = await storedState();
    const again = await storeWithKey(newClient('Piero Angeli'), 'cassa-key-0001');
    expect(again.status).toBe(200);
    expect(again.body.order).toMatchObject({ id: first.body.order.id, order_num: first.body.order.order_num });
    expect(await storedState()).toEqual(before);
    expect(await clientsNamed('Piero Angeli')).toHaveLength(1);
  });

  it('two confirms at the same moment make one order and one new client', async () => {
    const answers = await Promise.all([
      storeWithKey(newClient('Serena Dandini'), 'cassa-key-0002'),
      storeWithKey(newClient('Serena Dandini'), 'cassa-key-0002'),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 201]);
    expect(answers[0]!.body.order.id).toBe(answers[1]!.body.order.id);
    const orders = await server.handle.db.selectFrom('orders').select('id').where('name', '=', 'Serena Dandini').execute();
    expect(orders).toHaveLength(1);
    expect(await clientsNamed('Serena Dandini')).toHaveLength(1);
  });

  it('another key (the next order) stores another order', async () => {
    const first = await storeWithKey(newClient('Anna Magnani'), 'cassa-key-0003');
    const next = await storeWithKey(newClient('Aldo Fabrizi'), 'cassa-key-0004');
    expect([first.status, next.status]).toEqual([201, 201]);
    expect(next.body.order.id).not.toBe(first.body.order.id);
  });
});

describe('pricing the cassa cart', () => {
  const hiddenFreeItem = async () =>
    (await server.handle.db.selectFrom('products').select('id').where('name', '=', 'Lattina omaggio').executeTakeFirstOrThrow()).id;

  it('prices a hidden free item for staff, and refuses it to a customer', async () => {
    const cart = {
      cart: [
        { id: await hiddenFreeItem(), qty: 1 },
        { id: ids.margherita, qty: 1 },
      ],
    };
    const staff = await admin.post('/api/v1/ecommerce/cart', cart);
    expect(staff.status).toBe(200);
    expect(staff.body.backend).toMatchObject({ total_quantity: 2 });
    const { client: customerClient } = await loggedInClient(server);
    const customer = await customerClient.post('/api/v1/ecommerce/cart', cart);
    expect(customer.status).toBe(422);
    expect(customer.body.message).toMatch(/non è più disponibile/);
  });
});

describe("the day's order list", () => {
  it("shows today's orders with category counts, totals that add up, counters and the 18:00–23:45 slot strip", async () => {
    const list = await dayList();
    expect(list.date).toBe(TODAY);
    expect(list.orders.data.map((o: any) => o.order_num)).toEqual([1, 2]);
    expect(list.orders.data.every((o: any) => o.delivery_date === TODAY)).toBe(true);

    expect(listed(list, firstOrder.id)).toMatchObject({
      groupQuantities: { pizze: 2, compositions: 0, calzoni: 0 },
      count_product_unknown: 0,
      total_price: 23.5,
    });
    expect(listed(list, secondOrder.id)).toMatchObject({
      groupQuantities: { pizze: 1, compositions: 0, calzoni: 1 },
      count_product_unknown: 0,
      total_price: 17,
    });
    expect(listed(list, firstOrder.id).products.map((p: any) => p.description)).toEqual([
      'Margherita (Doppio impasto) + Mozzarella di bufala — ben cotta',
      'Coca-Cola lattina 33 cl',
    ]);

    expect(list.totals).toEqual({ total: 40.5, contanti: 23.5, carta_di_credito: 17 });
    expect(list.totals.contanti + list.totals.carta_di_credito).toBeCloseTo(list.totals.total, 2);
    expect(list.counters).toEqual({ not_delivered: 2, status_counts: { '0': 2, '1': 0, '2': 0 } });

    const quarterHours = Array.from({ length: 24 }, (_, i) => `${18 + Math.floor(i / 4)}:${String((i % 4) * 15).padStart(2, '0')}`);
    expect(quarterHours[0]).toBe('18:00');
    expect(quarterHours[23]).toBe('23:45');
    expect(list.slots.map((s: any) => s.time)).toEqual(quarterHours);
    // 2 Margherita at 19:30 (the drink is not an oven item); 20:10 falls in the 20:00 slot.
    expect(slot(list, '19:30')).toEqual({ time: '19:30', orders: 1, quantity: 2, external_quantity: 0 });
    expect(slot(list, '20:00')).toEqual({ time: '20:00', orders: 1, quantity: 2, external_quantity: 0 });
    expect(list.slots.filter((s: any) => s.orders > 0)).toHaveLength(2);
  });

  it("tomorrow's list holds only tomorrow's orders", async () => {
    const list = await dayList(TOMORROW);
    expect(list.orders.data.map((o: any) => o.order_num)).toEqual([1, 2, 3]);
    expect(list.orders.data.map((o: any) => o.id)).not.toContain(firstOrder.id);
    expect(list.totals.total).toBe(5.5 + 5.5 + 6.5);
  });

  it('rejects an impossible date in the list filter with an Italian message', async () => {
    const response = await admin.get(`${API}/orders?date=2026-02-30`);
    expect(response.status).toBe(422);
    expect(response.body.message).toBe('Il campo data ha un formato non valido.');
  });
});

describe('free items', () => {
  it('rings up a hidden free item at 0 € next to paid ones, which a customer could not order', async () => {
    const gift = await productId(server, 'Bruschetta omaggio');
    const response = await store(
      phoneOrder({ delivery_date: TOMORROW, fascia: '22:30' }, [
        { id: ids.diavola, qty: 1 },
        { id: gift, qty: 1 },
      ]),
    );
    expect(response.status).toBe(201);
    expect(response.body.order.total_price).toBe(8);
    expect(response.body.order.products.map((p: any) => p.description)).toEqual(['Diavola', 'Bruschetta omaggio']);
    expect((await lineRows(response.body.order.id)).map((l) => [l.name, l.line_total_cents])).toEqual([
      ['Diavola', 800],
      ['Bruschetta omaggio', 0],
    ]);

    const online = await new ApiClient(server.baseUrl).post('/api/v1/ecommerce/cart', { cart: [{ id: gift, qty: 1 }] });
    expect(online.status).toBe(422);
  });
});

describe('one order', () => {
  it('returns the cart lines at the prices they were sold for, even after the menu price changes', async () => {
    const db = server.handle.db;
    await db.updateTable('products').set({ price_cents: 990 }).where('id', '=', ids.margherita).execute();
    server.services.catalog.invalidate();
    try {
      const response = await admin.get(`${API}/orders/${firstOrder.id}`);
      expect(response.status).toBe(200);
      const { order } = response.body;
      expect(order).toMatchObject({
        id: firstOrder.id,
        order_num: 1,
        nomeCitofono: 'Rossi',
        total_price: 23.5,
        note: 'Citofono rotto, chiamare',
      });
      expect(order.cart).toHaveLength(2);
      expect(order.cart[0]).toMatchObject({
        id: ids.margherita,
        name: 'Margherita',
        price: 6.5,
        qty: 2,
        variants: [{ id: ids.doppioImpasto, name: 'Doppio impasto', price_modifier: 2 }],
        additions: [{ id: ids.bufala, name: 'Mozzarella di bufala', price: 2 }],
        note: 'ben cotta',
        total_price: 21,
      });
      expect(order.cart[1]).toMatchObject({ id: ids.coca, price: 2.5, qty: 1, variants: [], additions: [], total_price: 2.5 });
    } finally {
      await db.updateTable('products').set({ price_cents: 650 }).where('id', '=', ids.margherita).execute();
      server.services.catalog.invalidate();
    }
  });

  it('answers 404 in Italian for an order that does not exist', async () => {
    const response = await admin.get(`${API}/orders/999999`);
    expect(response.status).toBe(404);
    expect(response.body.message).toBe('Ordine non trovato.');
  });
});

describe('the kitchen ticket (PDF)', () => {
  it('prints number, time, customer, lines with dough and additions, note, total and payment on one 80 mm ticket', async () => {
    const response = await admin.get(`${API}/pdf/orders/${firstOrder.id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/pdf');
    const pages = await readTicket(response.body);

    expect(pages).toHaveLength(1);
    const [page] = pages;
    expect(page!.view[2]! - page!.view[0]!).toBeCloseTo((80 / 25.4) * 72, 1);
    const text = page!.text;
    for (const expected of [
      `Ordine #${firstOrder.order_num}`,
      '19:30',
      '18/11/2026',
      'Mario Rossi',
      'Via Giacinto Carini 21',
      '3331234567',
      '2 x Margherita (Doppio impasto) + Mozzarella di bufala — ben cotta',
      '21,00',
      '1 x Coca-Cola lattina 33 cl',
      '2,50',
      'Citofono rotto, chiamare',
      'Totale: 23,50 €',
      'Contanti / Da pagare',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('prints the card payment label and the pickup discount on a pickup ticket', async () => {
    const created = await store(
      phoneOrder(
        {
          delivery: 'ritiro',
          zone_id: null,
          indirizzo: null,
          delivery_date: TOMORROW,
          fascia: '22:00',
          payment_type: 'Carta di credito',
          codiceSconto: 'RITIRO-IN-PIZZERIA',
        },
        [{ id: ids.diavola, qty: 2 }],
      ),
    );
    expect(created.status).toBe(201);
    const pdf = await admin.get(`${API}/pdf/orders/${created.body.order.id}`);
    const pages = await readTicket(pdf.body);
    expect(pages).toHaveLength(1);
    expect(pages[0]!.text).toContain('Ritiro in pizzeria');
    expect(pages[0]!.text).toContain('Subtotale: 16,00 €');
    expect(pages[0]!.text).toContain('Sconto RITIRO-IN-PIZZERIA: -2,40 €');
    expect(pages[0]!.text).toContain('Totale: 13,60 €');
    expect(pages[0]!.text).toContain('Carta di credito / Pagato');
    expect(pages[0]!.text).toContain('19/11/2026');
    expect(pages[0]!.text).not.toContain('Via Giacinto Carini');
  });

  it('loads in the print frame with only the auth_token cookie, and not for others', async () => {
    const frame = new ApiClient(server.baseUrl);
    const login = await loggedInClient(server, { role: 'admin' });
    const signIn = await frame.post('/api/login', { email: login.email, password: login.password });
    expect(signIn.status).toBe(200);
    expect(frame.token).toBeNull();
    expect(frame.cookie('auth_token')).toBeTruthy();

    const pdf = await frame.get(`${API}/pdf/orders/${firstOrder.id}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    expect((await readTicket(pdf.body))[0]!.text).toContain(`Ordine #${firstOrder.order_num}`);

    const anonymous = await new ApiClient(server.baseUrl).get(`${API}/pdf/orders/${firstOrder.id}`);
    expect(anonymous.status).toBe(401);
    const { client: customer } = await loggedInClient(server);
    const forbidden = await customer.get(`${API}/pdf/orders/${firstOrder.id}`);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBe('Accesso riservato al personale.');
  });
});

describe('editing orders', () => {
  let orderId: number;

  it('continues the day sequence and updates lines and total', async () => {
    const created = await store(phoneOrder({ client_id: ids.luca, nomeCliente: 'Luca Marini', fascia: '21:15' }));
    expect(created.status).toBe(201);
    orderId = created.body.order.id;
    expect(created.body.order.order_num).toBe(3);

    const changed = await update(
      orderId,
      phoneOrder({ id: orderId, client_id: ids.luca, nomeCliente: 'Luca Marini', fascia: '21:15' }, [
        { id: ids.margherita, qty: 2, price: 0.01 },
        { id: ids.tiramisu, qty: 1, total_price: 0 },
      ]),
    );
    expect(changed.status).toBe(200);
    expect(changed.body.order).toMatchObject({ id: orderId, order_num: 3, total_price: 18, status: 0 });
    expect((await lineRows(orderId)).map((l) => [l.name, l.qty, l.line_total_cents])).toEqual([
      ['Margherita', 2, 1300],
      ['Tiramisù', 1, 500],
    ]);
    expect(await orderRow(orderId)).toMatchObject({ total_price_cents: 1800, status: 0 });
    const list = await dayList();
    expect(listed(list, orderId).total_price).toBe(18);
    expect(list.totals.total).toBe(58.5);
    expect(slot(list, '21:15')).toMatchObject({ orders: 1, quantity: 2 });
  });

  it("turns a printed order into 'Ristampa' (2) when it is edited, and back to printed when printed again", async () => {
    const printed = await admin.patch(`${API}/orders/${orderId}`, { status: 1 });
    expect(printed.status).toBe(200);
    expect(printed.body.order.status).toBe(1);
    expect((await dayList()).counters.status_counts).toEqual({ '0': 2, '1': 1, '2': 0 });

    const edited = await update(
      orderId,
      phoneOrder({ client_id: ids.luca, nomeCliente: 'Luca Marini', fascia: '21:15', payment_type: 'Carta di credito' }, [
        { id: ids.margherita, qty: 2 },
        { id: ids.tiramisu, qty: 1 },
        { id: ids.coca, qty: 1 },
      ]),
    );
    expect(edited.status).toBe(200);
    expect(edited.body.order).toMatchObject({ status: 2, total_price: 20.5, payment_type: 'Carta di credito' });
    expect((await orderRow(orderId)).status).toBe(2);
    const list = await dayList();
    expect(list.counters.status_counts).toEqual({ '0': 2, '1': 0, '2': 1 });
    expect(list.totals).toEqual({ total: 61, contanti: 23.5, carta_di_credito: 37.5 });

    const reprinted = await admin.patch(`${API}/orders/${orderId}`, { status: 1 });
    expect(reprinted.body.order.status).toBe(1);
  });

  it('toggles delivered 1 and back to 0, and the not-delivered counter follows', async () => {
    const on = await admin.patch(`${API}/orders/delivered-status/${orderId}`, { status: 1 });
    expect(on.status).toBe(200);
    expect(on.body.order.delivered).toBe(1);
    expect((await orderRow(orderId)).delivered).toBe(1);
    expect((await dayList()).counters.not_delivered).toBe(2);

    const off = await admin.patch(`${API}/orders/delivered-status/${orderId}`, { status: 0 });
    expect(off.body.order.delivered).toBe(0);
    expect((await orderRow(orderId)).delivered).toBe(0);
    expect((await dayList()).counters.not_delivered).toBe(3);
  });

  it('cancelling (3) removes the order from the list, totals, counters and slots, and locks it', async () => {
    const cancelled = await admin.patch(`${API}/orders/${orderId}`, { status: 3 });
    expect(cancelled.status).toBe(200);
    const list = await dayList();
    expect(listed(list, orderId)).toBeUndefined();
    expect(list.totals).toEqual({ total: 40.5, contanti: 23.5, carta_di_credito: 17 });
    expect(list.counters).toEqual({ not_delivered: 2, status_counts: { '0': 2, '1': 0, '2': 0 } });
    expect(slot(list, '21:15')).toMatchObject({ orders: 0, quantity: 0 });
    // Kept in the database, not editable any more.
    expect((await orderRow(orderId)).status).toBe(3);
    const before = await storedState();
    const edit = await update(orderId, phoneOrder({ client_id: ids.luca, nomeCliente: 'Luca Marini', fascia: '21:15' }));
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe('Questo ordine è stato annullato e non è modificabile.');
    expect(await storedState()).toEqual(before);
  });

  it('a cancelled order refuses every writer: each status, the delivered flag and an edit answer 409 and nothing changes', async () => {
    const before = await storedState();
    const listBefore = await dayList();
    for (const status of [0, 1, 2, 3]) {
      const revived = await admin.patch(`${API}/orders/${orderId}`, { status });
      expect(revived.status).toBe(409);
      expect(revived.body.message).toBe('Questo ordine è stato annullato e non è modificabile.');
    }
    for (const status of [0, 1]) {
      const delivered = await admin.patch(`${API}/orders/delivered-status/${orderId}`, { status });
      expect(delivered.status).toBe(409);
      expect(delivered.body.message).toBe('Questo ordine è stato annullato e non è modificabile.');
    }
    expect(await storedState()).toEqual(before);
    expect((await orderRow(orderId)).status).toBe(3);
    expect((await dayList()).totals).toEqual(listBefore.totals);
  });

  it('refuses an update whose body names another order, changing nothing', async () => {
    const before = await storedState();
    const response = await update(firstOrder.id, phoneOrder({ id: secondOrder.id }));
    expect(response.status).toBe(422);
    expect(response.body.message).toBe("L'ordine indicato non corrisponde.");
    expect(await storedState()).toEqual(before);
  });

  it('answers 404 when updating or changing the status of an order that does not exist', async () => {
    const missingUpdate = await update(999999, phoneOrder());
    expect(missingUpdate.status).toBe(404);
    expect(missingUpdate.body.message).toBe('Ordine non trovato.');
    const missingStatus = await admin.patch(`${API}/orders/999999`, { status: 1 });
    expect(missingStatus.status).toBe(404);
    const missingDelivered = await admin.patch(`${API}/orders/delivered-status/999999`, { status: 1 });
    expect(missingDelivered.status).toBe(404);
  });
});

describe('orders from external platforms (source 3)', () => {
  let externalId: number;

  beforeAll(async () => {
    const db = server.handle.db;
    const now = server.clock.now().toISOString();
    const orderNum = await nextOrderNumber(db, TODAY);
    const order = await db
      .insertInto('orders')
      .values({
        order_num: orderNum,
        delivery_date: TODAY,
        delivery_time: '20:45',
        source_id: 3,
        status: 0,
        delivered: 0,
        delivery: 'consegna',
        payment_type: 'Carta di credito',
        name: 'Cliente piattaforma',
        nome_citofono: null,
        address: 'Via Ostiense 120',
        telephone: null,
        zone_id: null,
        client_id: null,
        user_id: null,
        note: null,
        discount_code: null,
        original_price_cents: 1850,
        total_price_cents: 1850,
        idempotency_key: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    externalId = order.id;
    const line = {
      order_id: externalId,
      variant_id: null,
      variant_name: null,
      variant_price_cents: 0,
      note: null,
    };
    await db
      .insertInto('order_lines')
      .values([
        {
          ...line,
          position: 0,
          product_id: ids.margherita,
          category_id: 1,
          oven_group: 'pizze',
          name: 'Margherita',
          qty: 1,
          base_price_cents: 650,
          unit_price_cents: 650,
          line_total_cents: 650,
        },
        {
          ...line,
          position: 1,
          product_id: null,
          category_id: null,
          name: 'Poke bowl salmone',
          qty: 1,
          base_price_cents: 1200,
          unit_price_cents: 1200,
          line_total_cents: 1200,
        },
      ])
      .execute();
  });

  it('is listed with its unknown product counted apart and its oven load marked external', async () => {
    const list = await dayList();
    expect(listed(list, externalId)).toMatchObject({
      source_id: 3,
      total_price: 18.5,
      groupQuantities: { pizze: 1, compositions: 0, calzoni: 0 },
      count_product_unknown: 1,
    });
    expect(slot(list, '20:45')).toEqual({ time: '20:45', orders: 1, quantity: 1, external_quantity: 1 });
    expect(list.totals).toEqual({ total: 59, contanti: 23.5, carta_di_credito: 35.5 });
  });

  it('cannot be updated: 409 with an Italian message, and nothing changes', async () => {
    const before = await storedState();
    const response = await update(externalId, phoneOrder({ nomeCliente: 'Qualcun altro', fascia: '20:45' }, [{ id: ids.coca, qty: 1 }]));
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('Gli ordini delle piattaforme esterne non si possono modificare.');
    expect(await storedState()).toEqual(before);
  });
});

describe('pickup discount RITIRO-IN-PIZZERIA', () => {
  const pickupWithCode = (cart: Parameters<typeof phoneOrder>[1]) =>
    phoneOrder(
      { delivery: 'ritiro', zone_id: null, indirizzo: null, delivery_date: TOMORROW, fascia: '21:00', codiceSconto: 'RITIRO-IN-PIZZERIA' },
      cart,
    );

  it('takes 15% off a pickup order of at least 15 €', async () => {
    const response = await store(pickupWithCode([{ id: ids.diavola, qty: 2, price: 0.01, total_price: 0.01 }]));
    expect(response.status).toBe(201);
    expect(response.body.order).toMatchObject({
      original_price: 16,
      total_price: 13.6,
      discount_code: 'RITIRO-IN-PIZZERIA',
      delivery: 'ritiro',
      zone: null,
      address: null,
    });
    expect(await orderRow(response.body.order.id)).toMatchObject({
      original_price_cents: 1600,
      total_price_cents: 1360,
      discount_code: 'RITIRO-IN-PIZZERIA',
    });
  });

  it('applies at exactly 15 € too', async () => {
    const response = await store(
      pickupWithCode([
        { id: ids.capricciosa, qty: 1 },
        { id: ids.marinara, qty: 1 },
      ]),
    );
    expect(response.body.order).toMatchObject({ original_price: 15, total_price: 12.75, discount_code: 'RITIRO-IN-PIZZERIA' });
  });

  it('gives no discount under 15 €, nor on a home delivery', async () => {
    const small = await store(
      pickupWithCode([
        { id: ids.margherita, qty: 1 },
        { id: ids.coca, qty: 1 },
      ]),
    );
    expect(small.status).toBe(201);
    expect(small.body.order).toMatchObject({ original_price: 9, total_price: 9, discount_code: null });

    const delivered = await store(
      phoneOrder({ delivery_date: TOMORROW, fascia: '21:00', codiceSconto: 'RITIRO-IN-PIZZERIA' }, [{ id: ids.diavola, qty: 2 }]),
    );
    expect(delivered.status).toBe(201);
    expect(delivered.body.order).toMatchObject({ original_price: 16, total_price: 16, discount_code: null });
  });
});

describe('validation: nothing is stored when the form is wrong', () => {
  const rejects = async (body: unknown) => {
    const before = await storedState();
    const response = await store(body);
    expect(response.status).toBe(422);
    expect(await storedState()).toEqual(before);
    return response.body;
  };

  it('requires the customer name', async () => {
    const blank = await rejects(phoneOrder({ client_id: 0, nomeCliente: '   ' }));
    expect(blank.message).toBe('Il campo nome del cliente è obbligatorio.');
    expect(blank.errors.nomeCliente).toEqual(['Il campo nome del cliente è obbligatorio.']);

    const form = phoneOrder().data as Form;
    delete form.nomeCliente;
    const missing = await rejects({ data: form, cart: [{ id: ids.margherita, qty: 1 }] });
    expect(missing.message).toBe('Il campo nome del cliente è obbligatorio.');
  });

  it('rejects a phone number that is not 8–15 digits', async () => {
    const body = await rejects(phoneOrder({ telefono: '06 12ab' }));
    expect(body.message).toBe(PHONE_MESSAGE);
    expect(body.errors.telefono).toEqual([PHONE_MESSAGE]);
  });

  it('refuses a missing name and a wrong phone number together, so the cashier fixes both at once', async () => {
    for (const telefono of ['06 12ab', '123']) {
      const body = await rejects(phoneOrder({ client_id: 0, nomeCliente: '', telefono }));
      expect(body.errors).toEqual({ nomeCliente: ['Il campo nome del cliente è obbligatorio.'], telefono: [PHONE_MESSAGE] });
    }
  });

  it("rejects a delivery time like '25:00'", async () => {
    const body = await rejects(phoneOrder({ fascia: '25:00' }));
    expect(body.errors.fascia).toEqual(['Il campo orario di consegna ha un formato non valido.']);
  });

  it('rejects an unknown product and an empty cart', async () => {
    const unknown = await rejects(
      phoneOrder({}, [
        { id: ids.margherita, qty: 1 },
        { id: 999999, qty: 1 },
      ]),
    );
    expect(unknown.message).toBe('Un prodotto nel carrello non è più disponibile: rimuovilo e riprova.');
    expect(unknown.errors['cart.1.id']).toEqual(['Un prodotto nel carrello non è più disponibile: rimuovilo e riprova.']);

    const empty = await rejects(phoneOrder({}, []));
    expect(empty.message).toBe("Aggiungi almeno un prodotto all'ordine.");
  });

  it('requires an address for a home delivery', async () => {
    const body = await rejects(phoneOrder({ indirizzo: '' }));
    expect(body.errors.indirizzo).toEqual(['Il campo indirizzo è obbligatorio.']);
  });

  it('rejects a delivery date that does not exist in the calendar', async () => {
    const body = await rejects(phoneOrder({ delivery_date: '2026-02-30' }));
    expect(body.errors.delivery_date).toEqual(['Il campo data di consegna ha un formato non valido.']);
    await rejects(phoneOrder({ delivery_date: '2026-13-01' }));
  });

  it('rejects an unknown client, zone or dough', async () => {
    const client = await rejects(phoneOrder({ client_id: 999999 }));
    expect(client.errors.client_id).toEqual(['Cliente non trovato.']);
    const huge = await rejects(phoneOrder({ client_id: 2_147_483_648 }));
    expect(huge.errors.client_id).toEqual(['Il campo cliente è invalido.']);
    const zone = await rejects(phoneOrder({ zone_id: 999999 }));
    expect(zone.errors.zone_id).toEqual(['Il campo zona è invalido.']);
    const dough = await rejects(phoneOrder({}, [{ id: ids.coca, qty: 1, variants: [{ id: ids.doppioImpasto }] }]));
    expect(dough.message).toBe("L'impasto scelto non è disponibile per Coca-Cola lattina 33 cl.");
  });

  it('leaves the order untouched when an update is invalid', async () => {
    const before = await storedState();
    const response = await update(firstOrder.id, phoneOrder({ fascia: '25:00' }, []));
    expect(response.status).toBe(422);
    expect(await storedState()).toEqual(before);
  });
});

describe('slot capacity', () => {
  it('lets the staff book past the slot capacity, and the online slot then shows as full', async () => {
    await setSetting('slot_capacity', '10');
    const response = await store(phoneOrder({ fascia: '21:30' }, [{ id: ids.margherita, qty: 15 }]));
    expect(response.status).toBe(201);
    expect(response.body.order.total_price).toBe(97.5);

    const list = await dayList();
    expect(list.slot_capacity).toBe(10);
    expect(slot(list, '21:30')).toEqual({ time: '21:30', orders: 1, quantity: 15, external_quantity: 0 });
    const timeslots = await new ApiClient(server.baseUrl).get('/api/v1/ecommerce/webapp/timeslots');
    const full = timeslots.body.timeslots.find((t: any) => t.hour === 21 && t.minute === 30);
    const free = timeslots.body.timeslots.find((t: any) => t.hour === 21 && t.minute === 45);
    expect(full.available).toBe(false);
    expect(free.available).toBe(true);
  });
});

describe('slot load follows every writer', () => {
  const onlineSlot = async (hour: number, minute: number) => {
    const timeslots = await new ApiClient(server.baseUrl).get('/api/v1/ecommerce/webapp/timeslots');
    return timeslots.body.timeslots.find((t: any) => t.hour === hour && t.minute === minute).available as boolean;
  };

  it('an edit moves the oven items to the new slot, a cancel frees them, and neither can be undone by reviving', async () => {
    await setSetting('slot_capacity', '4');
    const created = await store(phoneOrder({ fascia: '18:30' }, [{ id: ids.margherita, qty: 4 }]));
    expect(created.status).toBe(201);
    expect(await onlineSlot(18, 30)).toBe(false);

    const moved = await update(created.body.order.id, phoneOrder({ fascia: '18:45' }, [{ id: ids.margherita, qty: 4 }]));
    expect(moved.status).toBe(200);
    expect(await onlineSlot(18, 30)).toBe(true);
    expect(await onlineSlot(18, 45)).toBe(false);

    const cancelled = await admin.patch(`${API}/orders/${created.body.order.id}`, { status: 3 });
    expect(cancelled.status).toBe(200);
    expect(await onlineSlot(18, 45)).toBe(true);
    expect((await admin.patch(`${API}/orders/${created.body.order.id}`, { status: 0 })).status).toBe(409);
    expect(await onlineSlot(18, 45)).toBe(true);
  });
});

describe('two cash desks editing the same order', () => {
  const STALE = "Questo ordine è stato modificato da un'altra cassa: ricaricalo prima di salvarlo.";
  const edit = (fascia: string, qty: number, version: number) => ({
    ...phoneOrder({ fascia }, [{ id: ids.margherita, qty }]),
    data: { ...phoneOrder({ fascia }).data, version },
  });
  const newOrder = async () => {
    const created = await store(phoneOrder({ fascia: '22:00' }, [{ id: ids.margherita, qty: 1 }]));
    expect(created.status).toBe(201);
    return created.body.order as { id: number; version: number };
  };

  it('starts every order at version 0 and shows it in the list and the order', async () => {
    const order = await newOrder();
    expect(order.version).toBe(0);
    expect(listed(await dayList(), order.id).version).toBe(0);
    expect(await currentVersion(order.id)).toBe(0);
  });

  it('takes the first of two edits from the same version and refuses the second with 409, overwriting nothing', async () => {
    const order = await newOrder();
    const first = await putUpdate(order.id, edit('22:15', 2, 0));
    expect(first.status).toBe(200);
    expect(first.body.order).toMatchObject({ version: 1, delivery_time: '22:15', total_price: 13 });
    const afterFirst = await storedState();
    const listAfterFirst = await dayList();

    const second = await putUpdate(order.id, edit('23:00', 5, 0));
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(STALE);
    expect(await storedState()).toEqual(afterFirst);
    expect(await dayList()).toEqual(listAfterFirst);

    // Reloaded, the second desk's edit goes through.
    const retried = await putUpdate(order.id, edit('23:00', 5, await currentVersion(order.id)));
    expect(retried.status).toBe(200);
    expect(retried.body.order).toMatchObject({ version: 2, delivery_time: '23:00' });
  });

  it('lets exactly one of two simultaneous edits from the same version through', async () => {
    const order = await newOrder();
    const answers = await Promise.all([putUpdate(order.id, edit('22:30', 2, 0)), putUpdate(order.id, edit('22:45', 3, 0))]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.status === 200)!;
    const loser = answers.find((a) => a.status === 409)!;
    expect(loser.body.message).toBe(STALE);
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ version: 1, delivery_time: winner.body.order.delivery_time });
    expect((await lineRows(order.id)).map((l) => l.qty)).toEqual([winner.body.order.products[0].qty]);
  });

  it('is not disturbed by printing or delivering: they leave the version alone', async () => {
    const order = await newOrder();
    expect((await admin.patch(`${API}/orders/${order.id}`, { status: 1 })).status).toBe(200);
    expect((await admin.patch(`${API}/orders/delivered-status/${order.id}`, { status: 1 })).status).toBe(200);
    const edited = await putUpdate(order.id, edit('22:00', 2, 0));
    expect(edited.status).toBe(200);
    expect(edited.body.order).toMatchObject({ version: 1, status: 2 });
  });

  it('refuses an edit that names no version with 422, changing nothing', async () => {
    const order = await newOrder();
    const before = await storedState();
    const response = await putUpdate(order.id, phoneOrder({ fascia: '22:15' }));
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ version: ["Ricarica l'ordine prima di modificarlo."] });
    expect(await storedState()).toEqual(before);
  });
});

describe('clients', () => {
  it('creates a client from name, telephone, address and cap', async () => {
    const response = await admin.post(`${API}/client`, {
      name: 'Anna Verdi',
      telephone: '+39 320 555 1234',
      address: 'Via Portuense 300',
      cap: '00149',
    });
    expect(response.status).toBe(201);
    expect(response.body.client).toMatchObject({
      name: 'Anna Verdi',
      telephone: '+393205551234',
      address: 'Via Portuense 300',
      cap: '00149',
    });
    const row = await server.handle.db
      .selectFrom('clients')
      .selectAll()
      .where('id', '=', response.body.client.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Anna Verdi', cap: '00149' });
    const init = await admin.get(`${API}/init`);
    expect(init.body.clients.map((c: any) => c.name)).toContain('Anna Verdi');
  });

  it('keeps the client list in alphabetical order whatever the case or accents the cashier typed', async () => {
    for (const name of ['davide lupo', 'Èlia Fabbri']) {
      expect((await admin.post(`${API}/client`, { name, telephone: '3331234567', address: 'Via Roma 1', cap: '00152' })).status).toBe(201);
    }
    const names: string[] = (await admin.get(`${API}/init`)).body.clients.map((c: any) => c.name);
    const davide = names.indexOf('davide lupo');
    const elia = names.indexOf('Èlia Fabbri');
    // Carla < Chiara < davide < Èlia < Francesca < Giulia, as a person reads them.
    expect(names[davide - 1]).toBe('Chiara Esposito');
    expect(names[davide + 1]).toBe('Èlia Fabbri');
    expect(names[elia + 1]).toBe('Francesca Ricci');
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'it', { sensitivity: 'base' })));
  });

  it('rejects a cap that is not five digits, a bad phone and a blank name, creating nobody', async () => {
    const before = await storedState();
    const cap = await admin.post(`${API}/client`, { name: 'Bruno Neri', telephone: '3331234567', address: 'Via Roma 1', cap: '0015' });
    expect(cap.status).toBe(422);
    expect(cap.body.errors.cap).toEqual(['Il campo cap ha un formato non valido.']);
    const phone = await admin.post(`${API}/client`, { name: 'Bruno Neri', telephone: '12', address: 'Via Roma 1', cap: '00152' });
    expect(phone.status).toBe(422);
    expect(phone.body.errors.telephone).toEqual([PHONE_MESSAGE]);
    const name = await admin.post(`${API}/client`, { name: '  ', telephone: '3331234567', address: 'Via Roma 1', cap: '00152' });
    expect(name.status).toBe(422);
    expect(name.body.errors.name).toEqual(['Il campo nome è obbligatorio.']);
    expect(await storedState()).toEqual(before);
  });

  it('suggests a client with their last order, or null when they have none, and 404 for an unknown id', async () => {
    const mario = await admin.post(`${API}/client/suggest`, { id: ids.mario });
    expect(mario.status).toBe(200);
    expect(mario.body.client).toMatchObject({ id: ids.mario, name: 'Mario Rossi', address: 'Via Giacinto Carini 21' });
    const newest = await server.handle.db
      .selectFrom('orders')
      .select('id')
      .where('client_id', '=', ids.mario)
      .where('status', '!=', 3)
      .orderBy('delivery_date', 'desc')
      .orderBy('delivery_time', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mario.body.last_order).toMatchObject({ id: newest.id, client_id: ids.mario });
    expect(mario.body.last_order.delivery_date).toBe(TOMORROW);

    const giulia = await admin.post(`${API}/client/suggest`, { id: ids.giulia });
    expect(giulia.status).toBe(200);
    expect(giulia.body).toMatchObject({ client: { name: 'Giulia Bianchi' }, last_order: null });

    const unknown = await admin.post(`${API}/client/suggest`, { id: 999999 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Cliente non trovato.');
    const huge = await admin.post(`${API}/client/suggest`, { id: 2_147_483_648 });
    expect(huge.status).toBe(422);
  });
});
