import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, loggedInClient, productId, startTestServer, TEST_NOW, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const ADDRESSES = '/api/v1/ecommerce/addresses/all';
const deleteUrl = (id: number) => `/api/v1/ecommerce/addresses/delete/${id}`;
const ORDERS = '/api/v1/ecommerce/account/orders';
const UNAUTHENTICATED = 'Devi accedere per continuare.';

async function zoneId(name: string): Promise<number> {
  const row = await server.handle.db.selectFrom('zones').select('id').where('name', '=', name).executeTakeFirstOrThrow();
  return row.id;
}

async function variantId(name: string): Promise<number> {
  const row = await server.handle.db.selectFrom('variants').select('id').where('name', '=', name).executeTakeFirstOrThrow();
  return row.id;
}

async function addAddress(
  userId: number,
  values: { name: string; zone: string | null; address: string | null; telephone: string; delivery: 'consegna' | 'ritiro' },
): Promise<number> {
  const row = await server.handle.db
    .insertInto('addresses')
    .values({
      user_id: userId,
      name: values.name,
      zone_id: values.zone ? await zoneId(values.zone) : null,
      address: values.address,
      telephone: values.telephone,
      delivery: values.delivery,
      created_at: new Date(TEST_NOW).toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function addressExists(id: number): Promise<boolean> {
  return Boolean(await server.handle.db.selectFrom('addresses').select('id').where('id', '=', id).executeTakeFirst());
}

describe('saved addresses', () => {
  it('a new customer has none', async () => {
    const { client } = await loggedInClient(server);
    const response = await client.get(ADDRESSES);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ addresses: [] });
  });

  it('each customer sees only their own addresses, with the zone name; deletes only their own', async () => {
    const anna = await loggedInClient(server, { name: 'Anna Neri' });
    const bruno = await loggedInClient(server, { name: 'Bruno Gialli' });
    const home = await addAddress(anna.id, {
      name: 'Anna Neri',
      zone: 'Monteverde',
      address: 'Via Giacinto Carini 21',
      telephone: '3331112233',
      delivery: 'consegna',
    });
    const pickup = await addAddress(anna.id, { name: 'Anna', zone: null, address: null, telephone: '3331112233', delivery: 'ritiro' });
    const brunos = await addAddress(bruno.id, {
      name: 'Bruno Gialli',
      zone: 'Trastevere',
      address: 'Via della Lungaretta 85',
      telephone: '0658201934',
      delivery: 'consegna',
    });

    const annaList = await anna.client.get(ADDRESSES);
    expect(annaList.status).toBe(200);
    expect(annaList.body.addresses).toHaveLength(2);
    expect(annaList.body.addresses).toEqual(
      expect.arrayContaining([
        {
          id: home,
          name: 'Anna Neri',
          zone_id: await zoneId('Monteverde'),
          zone_name: 'Monteverde',
          address: 'Via Giacinto Carini 21',
          telephone: '3331112233',
          delivery: 'consegna',
        },
        { id: pickup, name: 'Anna', zone_id: null, zone_name: null, address: null, telephone: '3331112233', delivery: 'ritiro' },
      ]),
    );

    const brunoList = await bruno.client.get(ADDRESSES);
    expect(brunoList.body.addresses).toEqual([
      {
        id: brunos,
        name: 'Bruno Gialli',
        zone_id: await zoneId('Trastevere'),
        zone_name: 'Trastevere',
        address: 'Via della Lungaretta 85',
        telephone: '0658201934',
        delivery: 'consegna',
      },
    ]);

    // Bruno's address is not Anna's to delete: it answers like a missing one and stays.
    const foreign = await anna.client.delete(deleteUrl(brunos));
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ code: 'not_found', message: 'Indirizzo non trovato.' });
    expect(await addressExists(brunos)).toBe(true);
    expect((await bruno.client.get(ADDRESSES)).body.addresses.map((a: { id: number }) => a.id)).toEqual([brunos]);

    const own = await anna.client.delete(deleteUrl(home));
    expect(own.status).toBe(200);
    expect(own.body).toEqual({ message: 'Indirizzo eliminato.' });
    expect(await addressExists(home)).toBe(false);
    expect((await anna.client.get(ADDRESSES)).body.addresses.map((a: { id: number }) => a.id)).toEqual([pickup]);

    const again = await anna.client.delete(deleteUrl(home));
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ code: 'not_found', message: 'Indirizzo non trovato.' });
  });

  it('answers an absurd address id with 404 or 422, never a server error', async () => {
    const { client } = await loggedInClient(server);
    const unknown = await client.delete('/api/v1/ecommerce/addresses/delete/99999999');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Indirizzo non trovato.');
    const huge = await client.delete('/api/v1/ecommerce/addresses/delete/99999999999999999999');
    expect(huge.status).toBe(422);
    expect(huge.body.message).toBe('Il campo id è invalido.');
    const word = await client.delete('/api/v1/ecommerce/addresses/delete/casa');
    expect(word.status).toBe(422);
    expect(word.body.message).toBe('Il campo id è invalido.');
  });
});

describe('without a login', () => {
  it('every account endpoint answers 401 and deletes nothing', async () => {
    const owner = await loggedInClient(server);
    const address = await addAddress(owner.id, { name: 'Carla', zone: null, address: null, telephone: '3334445566', delivery: 'ritiro' });
    const anonymous = new ApiClient(server.baseUrl);

    for (const response of [await anonymous.get(ADDRESSES), await anonymous.delete(deleteUrl(address)), await anonymous.get(ORDERS)]) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ code: 'unauthenticated', message: UNAUTHENTICATED });
    }
    expect(await addressExists(address)).toBe(true);

    const badToken = new ApiClient(server.baseUrl);
    badToken.token = 'non-un-token-valido';
    expect((await badToken.get(ORDERS)).status).toBe(401);
  });
});

describe('order history', () => {
  it("shows the customer's own order placed at checkout, with its lines, and nobody else's", async () => {
    const buyer = await loggedInClient(server, { name: 'Mario Rossi' });
    const other = await loggedInClient(server, { name: 'Luisa Blu' });
    expect((await buyer.client.get(ORDERS)).body).toEqual({ orders: { data: [] } });

    const margherita = await productId(server, 'Margherita');
    const funghi = await productId(server, 'Funghi');
    const tiramisu = await productId(server, 'Tiramisù');
    const doppio = await variantId('Doppio impasto');

    const placed = await buyer.client.post('/api/v1/ecommerce/checkout', {
      data: {
        tipoConsegna: 'ritiro',
        addressSelector: 0,
        nomeCliente: 'Mario Rossi',
        telefono: '3331234567',
        fascia: '20:00',
        codiceSconto: 'RITIRO-IN-PIZZERIA',
      },
      cart: [
        { id: margherita, qty: 2, variants: [{ id: doppio }], additions: [{ id: funghi }] },
        { id: tiramisu, qty: 1 },
      ],
      discount: { code: 'RITIRO-IN-PIZZERIA' },
    });
    expect(placed.status).toBe(201);
    expect(placed.body.message).toBe('Ordine confermato con successo!');

    const history = await buyer.client.get(ORDERS);
    expect(history.status).toBe(200);
    expect(history.body.orders.data).toHaveLength(1);
    const [order] = history.body.orders.data;
    // 2 × (6,50 + 2,00 doppio impasto + 1,00 funghi) + 5,00 tiramisù = 24,00; -15% ritiro = 20,40
    expect(order).toMatchObject({
      id: placed.body.order.id,
      order_num: placed.body.order.order_num,
      delivery_at: '2026-11-18T20:00',
      delivery: 'ritiro',
      original_price: 24,
      total_price: 20.4,
      discount_code: 'RITIRO-IN-PIZZERIA',
    });
    expect(order.products).toEqual([
      {
        product: { id: margherita, name: 'Margherita' },
        qty: 2,
        price: 9.5,
        final_price: 19,
        variant_id: doppio,
        variant: { id: doppio, name: 'Doppio impasto', price_modifier: 2, allergens: ['gluten'], may_contain: [] },
        additions: [{ product: { name: 'Funghi' }, price: 1 }],
        note: null,
      },
      {
        product: { id: tiramisu, name: 'Tiramisù' },
        qty: 1,
        price: 5,
        final_price: 5,
        variant_id: null,
        variant: null,
        additions: [],
        note: null,
      },
    ]);

    const stored = await server.handle.db.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ user_id: buyer.id, delivery_time: '20:00', total_price_cents: 2040 });

    const othersHistory = await other.client.get(ORDERS);
    expect(othersHistory.status).toBe(200);
    expect(othersHistory.body).toEqual({ orders: { data: [] } });
  });
});

describe('a placed order, as the confirmation page reads it', () => {
  const orderUrl = (id: number) => `${ORDERS}/${id}`;

  it("answers the customer's own order with where, when and what is paid; 404 for anyone else's, 401 without a login", async () => {
    const buyer = await loggedInClient(server, { name: 'Franca Viola' });
    const other = await loggedInClient(server, { name: 'Pietro Grigi' });
    const placed = await buyer.client.post('/api/v1/ecommerce/checkout', {
      data: {
        tipoConsegna: 'consegna',
        addressSelector: 0,
        nomeCitofono: 'Viola',
        zonaConsegna: await zoneId('Testaccio'),
        indirizzo: 'Via Marmorata 12',
        telefono: '3331234567',
        fascia: '20:30',
      },
      cart: [{ id: await productId(server, 'Margherita'), qty: 2 }],
    });
    expect(placed.status).toBe(201);
    const { id, order_num } = placed.body.order;

    const mine = await buyer.client.get(orderUrl(id));
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual({
      order: {
        id,
        order_num,
        delivery_date: '2026-11-18',
        delivery_time: '20:30',
        delivery: 'consegna',
        address: 'Via Marmorata 12',
        zone_name: 'Testaccio',
        payment_type: 'Contanti',
        total_price: 13,
        delivery_fee: 0,
        allergy_note: null,
      },
    });

    // Someone else's order is as missing as a missing one: nothing of it shows.
    const theirs = await other.client.get(orderUrl(id));
    expect(theirs.status).toBe(404);
    expect(JSON.stringify(theirs.body)).not.toContain('Marmorata');
    expect((await buyer.client.get(orderUrl(id + 100_000))).status).toBe(404);
    expect((await new ApiClient(server.baseUrl).get(orderUrl(id))).status).toBe(401);
  });
});
