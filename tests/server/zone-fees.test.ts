/**
 * Zone fees (issue 17): each delivery zone has a fee and a minimum order, edited in 'Zone' (euros with
 * a decimal comma, versioned, audited). A home delivery pays the fee as its own line — in the price
 * answer, the stored order, the cassa's order and the kitchen ticket — never discounted; pickup never
 * pays it. A customer's delivery under the minimum (goods before discount) is refused with its amount
 * and nothing is stored; the cassa may go under it but pays the fee too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, discountCodeForm, loggedInClient, orderCount, productId, startTestServer, type TestServer } from './harness';
import { readTicket } from './ticket-text';

let server: TestServer;
let owner: ApiClient;
let customer: ApiClient;
let customerEmail: string;
let margherita: number;
let coca: number;

type Zone = { id: number; version: number; name: string; active: boolean; fee: string; min_order: string };
const zone = async (name: string) => ((await owner.get('/api/v1/admin/zones')).body.items as Zone[]).find((z) => z.name === name)!;
const saveZone = async (name: string, fields: { fee: string; min_order: string }) => {
  const current = await zone(name);
  return owner.put(`/api/v1/admin/zones/${current.id}`, { name, active: true, ...fields, version: current.version });
};

let monteverde: Zone;

beforeAll(async () => {
  server = await startTestServer();
  owner = (await loggedInClient(server, { role: 'admin', name: 'Giuseppe Titolare' })).client;
  const login = await loggedInClient(server, { name: 'Marco Rossi' });
  customer = login.client;
  customerEmail = login.email;
  margherita = await productId(server, 'Margherita'); // 6,50 €
  coca = await productId(server, 'Coca-Cola lattina 33 cl'); // 2,50 €
  monteverde = await zone('Monteverde');
});
afterAll(() => server.close());

const deliveryForm = (overrides: Record<string, unknown> = {}) => ({
  tipoConsegna: 'consegna',
  addressSelector: 0,
  nomeCitofono: 'Rossi',
  zonaConsegna: monteverde.id,
  indirizzo: 'Via di Donna Olimpia 10',
  telefono: '+39 333 123 4567',
  fascia: '20:00',
  ...overrides,
});
const pickupForm = { tipoConsegna: 'ritiro', addressSelector: 0, nomeCliente: 'Anna Neri', telefono: '+39 333 123 4567', fascia: '20:30' };
const orderRow = (id: number) => server.handle.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe("the zone editor's fee and minimum", () => {
  it("the seed's zones deliver free with no minimum", async () => {
    const zones = (await owner.get('/api/v1/admin/zones')).body.items as Zone[];
    expect(zones.length).toBeGreaterThan(3);
    for (const z of zones) expect({ fee: z.fee, min_order: z.min_order }).toEqual({ fee: '0,00', min_order: '0,00' });
  });

  it('refuses what is not an amount with the form labels, and changes nothing', async () => {
    const cases: [{ fee: string; min_order: string }, Record<string, string[]>][] = [
      [{ fee: 'due euro', min_order: '' }, { fee: ['Costo di consegna ha un formato non valido: scrivi ad esempio 2,50.'] }],
      [
        { fee: '2,505', min_order: '-5' },
        {
          fee: ['Costo di consegna ha un formato non valido: scrivi ad esempio 2,50.'],
          min_order: ['Ordine minimo ha un formato non valido: scrivi ad esempio 15,00.'],
        },
      ],
      [{ fee: '10000', min_order: '' }, { fee: ['Costo di consegna non può superare 9999,99 €.'] }],
    ];
    for (const [fields, errors] of cases) {
      const refused = await saveZone('Monteverde', fields);
      expect(refused.status, JSON.stringify(fields)).toBe(422);
      expect(refused.body).toMatchObject({ code: 'validation', errors });
    }
    expect(await zone('Monteverde')).toMatchObject({ version: monteverde.version, fee: '0,00', min_order: '0,00' });
    const created = await owner.post('/api/v1/admin/zones', { name: 'Magliana Nuova', fee: '1,2,0' });
    expect(created.body.errors).toEqual({ fee: ['Costo di consegna ha un formato non valido: scrivi ad esempio 2,50.'] });
  });

  it('saves euros typed with a comma or a point, audited before → after; a stale save is refused', async () => {
    const saved = await saveZone('Monteverde', { fee: '2,5', min_order: '15' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.zone).toMatchObject({ fee: '2,50', min_order: '15,00', version: monteverde.version + 1 });
    const register = await owner.get(`/api/v1/admin/audit?entity=zone&entity_id=${monteverde.id}`);
    expect(register.body.entries[0]).toMatchObject({
      action: 'update',
      label: 'Monteverde',
      user_name: 'Giuseppe Titolare',
      before: { fee: '0,00', min_order: '0,00' },
      after: { fee: '2,50', min_order: '15,00' },
    });

    const stale = await owner.put(`/api/v1/admin/zones/${monteverde.id}`, {
      name: 'Monteverde',
      active: true,
      fee: '9.00',
      min_order: '',
      version: monteverde.version,
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'record.stale', current: { fee: '2,50', min_order: '15,00' } });
    expect((await zone('Monteverde')).fee).toBe('2,50');

    const created = await owner.post('/api/v1/admin/zones', { name: 'Magliana Nuova', fee: '1.00' });
    expect(created.status).toBe(201);
    expect(created.body.zone).toMatchObject({ fee: '1,00', min_order: '0,00' });
  });
});

describe('the fee on orders (Monteverde: 2,50 € fee, 15,00 € minimum)', () => {
  it('the price answer gives the fee its own line and says the minimum is not reached; pickup and no zone pay none', async () => {
    const priced = await customer.post('/api/v1/ecommerce/cart', {
      cart: [{ id: margherita, qty: 1 }],
      delivery: 'consegna',
      zone_id: monteverde.id,
    });
    expect(priced.status).toBe(200);
    expect(priced.body.backend).toEqual({
      total_quantity: 1,
      total_price: 6.5,
      delivery_fee: 2.5,
      below_minimum: "L'ordine minimo per Monteverde è 15,00 €.",
      final_price: 9,
    });
    const pickup = await customer.post('/api/v1/ecommerce/cart', {
      cart: [{ id: margherita, qty: 1 }],
      delivery: 'ritiro',
      zone_id: monteverde.id,
    });
    expect(pickup.body.backend).toMatchObject({ delivery_fee: 0, below_minimum: null, final_price: 6.5 });
    const noZone = await customer.post('/api/v1/ecommerce/cart', { cart: [{ id: margherita, qty: 1 }], delivery: 'consegna' });
    expect(noZone.body.backend).toMatchObject({ delivery_fee: 0, below_minimum: null, final_price: 6.5 });
  });

  it('a delivery under the minimum is refused with its amount, and nothing is stored', async () => {
    const before = await orderCount(server);
    const refused = await customer.post('/api/v1/ecommerce/checkout', { data: deliveryForm(), cart: [{ id: margherita, qty: 2 }] });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'order.below_minimum', message: "L'ordine minimo per Monteverde è 15,00 €." });
    expect(refused.body.errors ?? {}).toEqual({});
    expect(await orderCount(server)).toBe(before);
  });

  it('a delivery pays the fee as its own line: answer, stored order, mail, cassa and ticket keep it after the zone changes', async () => {
    // 2 × 6,50 + 2,50 = 15,50 of goods (the minimum is reached) + 2,50 delivery = 18,00
    const placed = await customer.post('/api/v1/ecommerce/checkout', {
      data: deliveryForm(),
      cart: [
        { id: margherita, qty: 2, price: 0.01 },
        { id: coca, qty: 1 },
      ],
      expected_total: 18,
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.order).toMatchObject({ total_price: 18, original_price: 18 });
    const id = placed.body.order.id as number;
    expect(await orderRow(id)).toMatchObject({ delivery_fee_cents: 250, original_price_cents: 1800, total_price_cents: 1800 });
    const mail = (await server.outbox.last(customerEmail))!;
    expect(mail.text).toContain('Costo di consegna — 2,50 €');
    expect(mail.text).toContain('Totale: 18,00 €');

    // The zone costs more from now on: the placed order keeps what it was charged.
    expect((await saveZone('Monteverde', { fee: '3,00', min_order: '15,00' })).status).toBe(200);
    const cassa = await owner.get(`/api/v1/ecommerce/cassa/orders/${id}`);
    expect(cassa.body.order).toMatchObject({ delivery_fee: 2.5, total_price: 18, zone: 'Monteverde' });
    const [page] = await readTicket((await owner.get(`/api/v1/ecommerce/cassa/pdf/orders/${id}`)).body);
    expect(page!.text).toContain('Costo di consegna 2,50');
    expect(page!.text).toContain('Totale: 18,00 €');
    expect(page!.text).not.toContain('Costo di consegna 3,00');
  });

  it('a percent code comes off the goods, never the fee; the minimum counts the goods before it', async () => {
    const code = await owner.post('/api/v1/admin/discount-codes', discountCodeForm({ code: 'ZONA10', label: 'Sconto 10%' }));
    expect(code.status).toBe(201);
    // Goods 15,50 (≥ 15,00 before the code, 13,95 after it) − 1,55 + 3,00 delivery = 16,95
    const placed = await customer.post('/api/v1/ecommerce/checkout', {
      data: { ...deliveryForm(), codiceSconto: 'ZONA10' },
      cart: [
        { id: margherita, qty: 2 },
        { id: coca, qty: 1 },
      ],
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(await orderRow(placed.body.order.id)).toMatchObject({
      discount_code: 'ZONA10',
      delivery_fee_cents: 300,
      original_price_cents: 1850,
      total_price_cents: 1695,
    });
    const [page] = await readTicket((await owner.get(`/api/v1/ecommerce/cassa/pdf/orders/${placed.body.order.id}`)).body);
    expect(page!.text).toContain('Costo di consegna 3,00');
    expect(page!.text).toContain('Sconto ZONA10: -1,55 €');
    expect(page!.text).toContain('Totale: 16,95 €');
  });

  it('pickup never pays the fee nor meets a minimum', async () => {
    const placed = await customer.post('/api/v1/ecommerce/checkout', { data: pickupForm, cart: [{ id: margherita, qty: 1 }] });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(await orderRow(placed.body.order.id)).toMatchObject({ delivery_fee_cents: 0, total_price_cents: 650, zone_id: null });
    const [page] = await readTicket((await owner.get(`/api/v1/ecommerce/cassa/pdf/orders/${placed.body.order.id}`)).body);
    expect(page!.text).not.toContain('Costo di consegna');
  });

  it('the cassa may take a delivery under the minimum, and it pays the fee as a line', async () => {
    const phoneOrder = (delivery: 'consegna' | 'ritiro') => ({
      data: {
        client_id: 0,
        delivery,
        nomeCitofono: 'Verdi',
        zone_id: monteverde.id,
        indirizzo: 'Via Ozanam 3',
        nomeCliente: 'Paolo Verdi',
        telefono: '333 765 4321',
        fascia: '21:00',
        payment_type: 'Contanti',
      },
      cart: [{ id: margherita, qty: 1 }],
    });
    const stored = await owner.post('/api/v1/ecommerce/cassa/orders/store', phoneOrder('consegna'));
    expect(stored.status, JSON.stringify(stored.body)).toBe(201);
    expect(stored.body.order).toMatchObject({ delivery_fee: 3, original_price: 9.5, total_price: 9.5 });
    const priced = await owner.post('/api/v1/ecommerce/cart', {
      cart: [{ id: margherita, qty: 1 }],
      delivery: 'consegna',
      zone_id: monteverde.id,
    });
    expect(priced.body.backend).toMatchObject({ delivery_fee: 3, final_price: 9.5 });

    const pickup = await owner.post('/api/v1/ecommerce/cassa/orders/store', phoneOrder('ritiro'));
    expect(pickup.status).toBe(201);
    expect(pickup.body.order).toMatchObject({ delivery_fee: 0, zone_id: null });
    // Back to free delivery: the order stored keeps its fee.
    expect((await saveZone('Monteverde', { fee: '', min_order: '' })).status).toBe(200);
    expect((await owner.get(`/api/v1/ecommerce/cassa/orders/${stored.body.order.id}`)).body.order.delivery_fee).toBe(3);
  });
});
