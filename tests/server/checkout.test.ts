import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatEuro } from '../../src/domain';
import { lineDescription } from '../../server/orders/order-dto';
import { loadOrders } from '../../server/orders/order-store';
import { ApiClient, ENGINE, loggedInClient, productId, startTestServer, TODAY, type TestServer } from './harness';

let server: TestServer;
let margherita: number;
let coca: number;
let monteverde: number;
let altraZona: number;

beforeAll(async () => {
  server = await startTestServer();
  margherita = await productId(server, 'Margherita');
  coca = await productId(server, 'Coca-Cola lattina 33 cl');
  const zones = await server.handle.db.selectFrom('zones').selectAll().execute();
  monteverde = zones.find((z) => z.name === 'Monteverde')!.id;
  altraZona = zones.find((z) => z.name === 'Altra zona')!.id;
});
afterAll(() => server.close());

const deliveryForm = (overrides: Record<string, unknown> = {}) => ({
  tipoConsegna: 'consegna',
  addressSelector: 0,
  nomeCitofono: 'Rossi',
  zonaConsegna: monteverde,
  indirizzo: 'Via di Donna Olimpia 10',
  telefono: '+39 333 123 4567',
  fascia: '20:00',
  note: 'Citofono rotto, chiamare',
  ...overrides,
});

/** Anna picks up four Margherita at 20:30 with the pickup code: 26 € less 15 %. */
const fourMargheritaPickup = () => ({
  data: {
    tipoConsegna: 'ritiro',
    addressSelector: 0,
    nomeCliente: 'Anna',
    telefono: '3331234567',
    fascia: '20:30',
    codiceSconto: 'RITIRO-IN-PIZZERIA',
  },
  cart: [{ id: margherita, qty: 4 }],
});

const countOrders = async () =>
  Number(
    (
      await server.handle.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('checkout', () => {
  it('places a delivery order priced by the server, saves the address and e-mails the confirmation', async () => {
    const { client, email, id } = await loggedInClient(server, { name: 'Marco Rossi' });
    const response = await client.post('/api/v1/ecommerce/checkout', {
      data: deliveryForm(),
      cart: [
        { id: margherita, qty: 2, price: 0.01, total_price: 0.02 },
        { id: coca, qty: 1, total_price: 0 },
      ],
      discount: null,
    });
    expect(response.status).toBe(201);
    expect(response.body.message).toBe('Ordine confermato con successo!');
    expect(response.body.order).toMatchObject({
      delivery_date: TODAY,
      delivery_time: '20:00',
      delivery: 'consegna',
      total_price: 15.5,
      order_num: 1,
    });

    const row = await server.handle.db.selectFrom('orders').selectAll().where('id', '=', response.body.order.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      user_id: id,
      source_id: 1,
      status: 0,
      total_price_cents: 1550,
      telephone: '+393331234567',
      zone_id: monteverde,
    });
    const addresses = await server.handle.db.selectFrom('addresses').selectAll().where('user_id', '=', id).execute();
    expect(addresses).toHaveLength(1);
    expect(addresses[0]).toMatchObject({ name: 'Rossi', address: 'Via di Donna Olimpia 10', delivery: 'consegna' });

    const mail = (await server.outbox.last(email))!;
    expect(mail.subject).toBe('Ordine n. 1 confermato — Pizzeria Da Romolo');
    expect(mail.text).toContain('2 × Margherita — 13,00 €');
    expect(mail.text).toContain('Orario: 18/11/2026 alle 20:00');
    expect(mail.text).toContain('Totale: 15,50 € (pagamento alla consegna)');
  });

  it('answers and e-mails exactly the order it stored: lines with variant, additions and note, discount, number', async () => {
    const { db } = server.handle;
    const setting = (value: string) => db.updateTable('settings').set({ value }).where('key', '=', 'ecommerce_variants').execute();
    const before = await db.selectFrom('settings').select('value').where('key', '=', 'ecommerce_variants').executeTakeFirst();
    await setting('yes');
    server.services.catalog.invalidate();
    const variant = await db.selectFrom('variants').select(['id', 'name']).where('name', '=', 'Doppio impasto').executeTakeFirstOrThrow();
    const bufala = await productId(server, 'Mozzarella di bufala');
    const { client, email } = await loggedInClient(server);
    const response = await client.post('/api/v1/ecommerce/checkout', {
      data: {
        tipoConsegna: 'ritiro',
        addressSelector: 0,
        nomeCliente: 'Bianchi',
        telefono: '3331234567',
        fascia: '21:00',
        codiceSconto: 'RITIRO-IN-PIZZERIA',
      },
      cart: [
        { id: margherita, qty: 2, variants: [{ id: variant.id }], additions: [{ id: bufala }], note: ' ben cotta ' },
        { id: coca, qty: 3 },
      ],
    });
    await setting(before?.value ?? 'no');
    server.services.catalog.invalidate();
    expect(response.status).toBe(201);

    const [stored] = await loadOrders(db, { ids: [response.body.order.id] });
    expect(stored!.lines.map(lineDescription)).toEqual([
      'Margherita (Doppio impasto) + Mozzarella di bufala — ben cotta',
      'Coca-Cola lattina 33 cl',
    ]);
    expect(response.body.order).toEqual({
      id: stored!.id,
      order_num: stored!.order_num,
      delivery_date: stored!.delivery_date,
      delivery_time: stored!.delivery_time,
      delivery: stored!.delivery,
      original_price: stored!.original_price_cents / 100,
      total_price: stored!.total_price_cents / 100,
      discount_code: 'RITIRO-IN-PIZZERIA',
    });
    const mail = (await server.outbox.last(email))!;
    expect(mail.subject).toBe(`Ordine n. ${stored!.order_num} confermato — Pizzeria Da Romolo`);
    for (const line of stored!.lines) {
      expect(mail.text).toContain(`${line.qty} × ${lineDescription(line)} — ${formatEuro(line.line_total_cents)}`);
    }
    expect(mail.text).toContain(`Sconto RITIRO-IN-PIZZERIA: -${formatEuro(stored!.original_price_cents - stored!.total_price_cents)}`);
    expect(mail.text).toContain(`Totale: ${formatEuro(stored!.total_price_cents)}`);
  });

  it('takes 15% off a pickup order of 15 € or more with RITIRO-IN-PIZZERIA', async () => {
    const { client } = await loggedInClient(server);
    const response = await client.post('/api/v1/ecommerce/checkout', fourMargheritaPickup());
    expect(response.status).toBe(201);
    expect(response.body.order).toMatchObject({ original_price: 26, total_price: 22.1, discount_code: 'RITIRO-IN-PIZZERIA' });
  });

  it('a total changed since the summary is refused and nothing is stored; the total shown is accepted', async () => {
    const { client } = await loggedInClient(server);
    const order = (expected_total: number) => client.post('/api/v1/ecommerce/checkout', { ...fourMargheritaPickup(), expected_total });
    const before = await countOrders();
    // The summary showed 4 × 6,00 € less 15 %, before the Margherita went up to 6,50 €.
    const refused = await order(20.4);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'order.total_changed', message: 'Il totale è cambiato: controlla il riepilogo.' });
    expect(await countOrders()).toBe(before);
    const placed = await order(22.1);
    expect(placed.status).toBe(201);
    expect(placed.body.order.total_price).toBe(22.1);
  });

  it('prices the cart for the delivery type sent, as the order will be charged: a pickup-only code on home delivery gives nothing', async () => {
    const { client } = await loggedInClient(server);
    const cart = [{ id: margherita, qty: 4 }];
    const preview = async (delivery: 'consegna' | 'ritiro') =>
      (await client.post('/api/v1/ecommerce/cart', { cart, discount: { code: 'RITIRO-IN-PIZZERIA' }, delivery })).body;
    const home = await preview('consegna');
    expect(home.discount).toMatchObject({ isValid: false, value: 0 });
    expect(home.backend.final_price).toBe(26);
    expect((await preview('ritiro')).backend.final_price).toBe(22.1);

    const order = await client.post('/api/v1/ecommerce/checkout', { data: deliveryForm({ codiceSconto: 'RITIRO-IN-PIZZERIA' }), cart });
    expect(order.status).toBe(201);
    expect(order.body.order).toMatchObject({ total_price: home.backend.final_price, discount_code: null });
  });

  it('charges full price when the code does not apply, as the cart summary showed', async () => {
    const { client } = await loggedInClient(server);
    const response = await client.post('/api/v1/ecommerce/checkout', {
      data: deliveryForm({ codiceSconto: 'RITIRO-IN-PIZZERIA' }),
      cart: [{ id: margherita, qty: 4 }],
    });
    expect(response.status).toBe(201);
    expect(response.body.order).toMatchObject({ total_price: 26, discount_code: null });
  });

  it('reports every invalid field in Italian and writes nothing', async () => {
    const { client } = await loggedInClient(server);
    const before = await countOrders();
    const response = await client.post('/api/v1/ecommerce/checkout', {
      data: {
        tipoConsegna: 'consegna',
        addressSelector: null,
        nomeCitofono: ' ',
        zonaConsegna: altraZona,
        indirizzo: '',
        telefono: '12-34',
        fascia: '',
      },
      cart: [{ id: margherita, qty: 1 }],
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      addressSelector: ['Seleziona un indirizzo.'],
      nomeCitofono: ['Il campo nome sul citofono è obbligatorio.'],
      indirizzo: ['Il campo indirizzo è obbligatorio.'],
      zonaConsegna: ['Zona non coperta dal servizio di consegna.'],
      telefono: ['Il numero di telefono è obbligatorio e deve essere valido.'],
      fascia: ['La fascia oraria deve essere selezionata.'],
    });
    const pickup = await client.post('/api/v1/ecommerce/checkout', {
      data: { tipoConsegna: 'ritiro', addressSelector: 0, telefono: '3331234567', fascia: '20:00' },
      cart: [{ id: margherita, qty: 1 }],
    });
    expect(pickup.body.errors).toEqual({ nomeCliente: ['Il campo nome del cliente è obbligatorio.'] });
    const missing = await client.post('/api/v1/ecommerce/checkout', { data: { tipoConsegna: 'volo' }, cart: [] });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toMatchObject({
      telefono: ['Il campo telefono è obbligatorio.'],
      tipoConsegna: ['Il campo tipo di consegna è invalido.'],
    });
    expect(await countOrders()).toBe(before);
  });

  it('refuses an empty cart, a past slot, a slot outside opening hours and a closed shop', async () => {
    const { client } = await loggedInClient(server);
    const before = await countOrders();
    const empty = await client.post('/api/v1/ecommerce/checkout', { data: deliveryForm(), cart: [] });
    expect(empty.body.message).toBe('Il carrello è vuoto.');
    const odd = await client.post('/api/v1/ecommerce/checkout', {
      data: deliveryForm({ fascia: '20:07' }),
      cart: [{ id: margherita, qty: 1 }],
    });
    expect(odd.body.errors.fascia).toEqual(['La fascia oraria deve essere selezionata.']);
    server.clock.set('2026-11-18T19:50:00+01:00');
    const past = await client.post('/api/v1/ecommerce/checkout', {
      data: deliveryForm({ fascia: '20:00' }),
      cart: [{ id: margherita, qty: 1 }],
    });
    expect(past.status).toBe(422);
    expect(past.body.errors.fascia).toEqual(["La fascia oraria scelta non è più disponibile: scegline un'altra."]);
    server.clock.set('2026-11-18T22:00:00+01:00');
    const closed = await client.post('/api/v1/ecommerce/checkout', { data: deliveryForm(), cart: [{ id: margherita, qty: 1 }] });
    expect(closed.status).toBe(409);
    expect(closed.body.message).toBe('Per oggi gli ordini online sono chiusi. Ti aspettiamo domani dalle 18:00.');
    server.clock.set('2026-11-18T17:00:00+01:00');
    expect(await countOrders()).toBe(before);
  });

  it('lets only logged-in customers with a verified e-mail order', async () => {
    const body = { data: deliveryForm(), cart: [{ id: margherita, qty: 1 }] };
    const anonymous = await new ApiClient(server.baseUrl).post('/api/v1/ecommerce/checkout', body);
    expect(anonymous.status).toBe(401);
    const { client } = await loggedInClient(server, { verified: false });
    const unverified = await client.post('/api/v1/ecommerce/checkout', body);
    expect(unverified.status).toBe(403);
    expect(unverified.body).toMatchObject({ message: 'Conferma il tuo indirizzo email prima di ordinare.', email_verified: false });
  });

  it('a saved address can be reused only by its owner', async () => {
    const owner = await loggedInClient(server);
    const other = await loggedInClient(server);
    const first = await owner.client.post('/api/v1/ecommerce/checkout', {
      data: deliveryForm({ fascia: '21:00' }),
      cart: [{ id: coca, qty: 1 }],
    });
    expect(first.status).toBe(201);
    const [saved] = (await owner.client.get('/api/v1/ecommerce/addresses/all')).body.addresses;
    const reuse = await owner.client.post('/api/v1/ecommerce/checkout', {
      data: deliveryForm({ addressSelector: saved.id, fascia: '21:00' }),
      cart: [{ id: coca, qty: 1 }],
    });
    expect(reuse.status).toBe(201);
    expect((await owner.client.get('/api/v1/ecommerce/addresses/all')).body.addresses).toHaveLength(1);
    const stolen = await other.client.post('/api/v1/ecommerce/checkout', {
      data: deliveryForm({ addressSelector: saved.id, fascia: '21:00' }),
      cart: [{ id: coca, qty: 1 }],
    });
    expect(stolen.status).toBe(422);
    expect(stolen.body.errors).toEqual({ addressSelector: ['Seleziona un indirizzo.'] });
  });
});

describe('checkout under load', () => {
  it('a retried submit with the same Idempotency-Key creates one order, also when the retries race', async () => {
    const { client, id } = await loggedInClient(server);
    const body = { data: deliveryForm({ fascia: '21:30' }), cart: [{ id: coca, qty: 2 }] };
    const headers = { 'idempotency-key': 'c0ffee-retry-0001' };
    const responses = await Promise.all(Array.from({ length: 5 }, () => client.post('/api/v1/ecommerce/checkout', body, { headers })));
    const ids = new Set(responses.map((r) => r.body.order.id));
    expect(ids.size).toBe(1);
    expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 200)).toHaveLength(4);
    const later = await client.post('/api/v1/ecommerce/checkout', body, { headers });
    expect(later.status).toBe(200);
    expect(later.body.order.id).toBe([...ids][0]);
    const mine = await server.handle.db.selectFrom('orders').select('id').where('user_id', '=', id).execute();
    expect(mine).toHaveLength(1);
    // Another customer's identical key is another order.
    const stranger = await loggedInClient(server);
    expect((await stranger.client.post('/api/v1/ecommerce/checkout', body, { headers })).status).toBe(201);
  });

  it('a checkout with another cart under a used Idempotency-Key is refused (422), not answered with the first order', async () => {
    const { client, id } = await loggedInClient(server);
    const headers = { 'idempotency-key': 'c0ffee-other-cart' };
    const body = { data: deliveryForm({ fascia: '21:30' }), cart: [{ id: coca, qty: 1 }] };
    const first = await client.post('/api/v1/ecommerce/checkout', body, { headers });
    expect(first.status).toBe(201);
    const other = await client.post('/api/v1/ecommerce/checkout', { ...body, cart: [{ id: coca, qty: 3 }] }, { headers });
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({
      code: 'idempotency.mismatch',
      message: "Questa richiesta è già stata usata per un'altra operazione.",
    });
    const same = await client.post('/api/v1/ecommerce/checkout', body, { headers });
    expect(same.status).toBe(200);
    expect(same.body.order.id).toBe(first.body.order.id);
    expect(await server.handle.db.selectFrom('orders').select('id').where('user_id', '=', id).execute()).toHaveLength(1);
  });

  it(`20 parallel checkouts into a slot with room for 5 pizzas accept exactly 5 (${ENGINE})`, async () => {
    await server.handle.db.updateTable('settings').set({ value: '5' }).where('key', '=', 'slot_capacity').execute();
    server.services.catalog.invalidate();
    const customers = await Promise.all(Array.from({ length: 20 }, () => loggedInClient(server)));
    const responses = await Promise.all(
      customers.map(({ client }) =>
        client.post('/api/v1/ecommerce/checkout', { data: deliveryForm({ fascia: '19:15' }), cart: [{ id: margherita, qty: 1 }] }),
      ),
    );
    const accepted = responses.filter((r) => r.status === 201);
    const refused = responses.filter((r) => r.status === 409);
    expect(accepted).toHaveLength(5);
    expect(refused).toHaveLength(15);
    expect(refused[0]!.body.message).toBe("La fascia delle 19:15 non ha più posto per il tuo ordine: scegline un'altra o chiamaci.");
    const booked = await server.handle.db.selectFrom('orders').select('id').where('delivery_time', '=', '19:15').execute();
    expect(booked).toHaveLength(5);
    const slots = (await new ApiClient(server.baseUrl).get('/api/v1/ecommerce/webapp/timeslots')).body.timeslots;
    expect(slots.find((s: { hour: number; minute: number }) => s.hour === 19 && s.minute === 15).available).toBe(false);
    // Drinks do not use the oven: they still fit.
    const drink = await customers[0]!.client.post('/api/v1/ecommerce/checkout', {
      data: deliveryForm({ fascia: '19:15' }),
      cart: [{ id: coca, qty: 1 }],
    });
    expect(drink.status).toBe(201);
  });
});
