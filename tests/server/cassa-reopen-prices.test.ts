/**
 * Reopened in the cassa, an order keeps its lines' prices (issue 17): after the owner raises the
 * Margherita and the buffalo mozzarella, an unchanged line (or one whose quantity changed) keeps the
 * stored prices, a new line or a changed dough takes today's. The kept price comes from the stored
 * order: the cart's price answer for the reopened order says the same, a customer's never does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, loggedInClient, productId, startTestServer, type TestServer, productForm } from './harness';

const API = '/api/v1/ecommerce/cassa';

let server: TestServer;
let owner: ApiClient;
let margherita: number;
let marinara: number;
let bufala: number;
let doppioImpasto: number;
let monteverde: number;
let orderId: number;

type Line = { id: number; qty: number; variants?: { id: number }[]; additions?: { id: number }[] };

const body = (cart: Line[]) => ({
  data: {
    client_id: 0,
    delivery: 'consegna',
    nomeCitofono: null,
    zone_id: monteverde,
    indirizzo: 'Via di Donna Olimpia 10',
    nomeCliente: 'Cliente Listino',
    telefono: '3331234567',
    fascia: '20:30',
    payment_type: 'Contanti',
    note: null,
    codiceSconto: null,
  },
  cart,
  discount: null,
});

/** Saves the reopened order with these lines; answers its lines as stored (unit price in cents) and its total. */
async function saveAgain(cart: Line[]) {
  const version = (await owner.get(`${API}/orders/${orderId}`)).body.order.version as number;
  const saved = await owner.put(`${API}/orders/${orderId}/update`, { ...body(cart), data: { ...body(cart).data, version } });
  expect(saved.status).toBe(200);
  return stored();
}

async function stored() {
  const db = server.handle.db;
  const order = await db.selectFrom('orders').select('total_price_cents').where('id', '=', orderId).executeTakeFirstOrThrow();
  const lines = await db
    .selectFrom('order_lines')
    .select(['product_id', 'variant_id', 'qty', 'base_price_cents', 'unit_price_cents', 'line_total_cents'])
    .where('order_id', '=', orderId)
    .orderBy('position')
    .execute();
  return { totalCents: order.total_price_cents, lines };
}

/** The owner's product editor, saving this product at a new price. */
async function raise(id: number, price: string) {
  const { product } = (await owner.get(`/api/v1/admin/products/${id}`)).body;
  const saved = await owner.put(`/api/v1/admin/products/${id}`, productForm(product, price));
  expect(saved.status).toBe(200);
}

beforeAll(async () => {
  server = await startTestServer();
  owner = (await loggedInClient(server, { role: 'admin', name: 'Giuseppe Titolare' })).client;
  margherita = await productId(server, 'Margherita');
  marinara = await productId(server, 'Marinara');
  bufala = await productId(server, 'Mozzarella di bufala');
  const db = server.handle.db;
  doppioImpasto = (await db.selectFrom('variants').select('id').where('name', '=', 'Doppio impasto').executeTakeFirstOrThrow()).id;
  monteverde = (await db.selectFrom('zones').select('id').where('name', '=', 'Monteverde').executeTakeFirstOrThrow()).id;

  // Tonight's phone order at yesterday's prices: a Margherita with buffalo mozzarella and a Marinara.
  const placed = await owner.post(
    `${API}/orders/store`,
    body([
      { id: margherita, qty: 1, additions: [{ id: bufala }] },
      { id: marinara, qty: 1 },
    ]),
  );
  expect(placed.status).toBe(201);
  orderId = placed.body.order.id;
  // Then the owner raises the Margherita (6,50 → 7,00) and the buffalo mozzarella.
  await raise(margherita, '7,00');
  await raise(bufala, '3,00');
});
afterAll(() => server.close());

describe('a reopened cassa order keeps its lines prices', () => {
  it('saved again unchanged: every line keeps its price and the total does not move', async () => {
    const before = await stored();
    expect(before.lines[0]).toMatchObject({ product_id: margherita, base_price_cents: 650 });
    const after = await saveAgain([
      { id: margherita, qty: 1, additions: [{ id: bufala }] },
      { id: marinara, qty: 1 },
    ]);
    expect(after).toEqual(before);
  });

  it('a changed quantity keeps the unit price', async () => {
    const {
      lines: [was],
    } = await stored();
    const after = await saveAgain([
      { id: margherita, qty: 2, additions: [{ id: bufala }] },
      { id: marinara, qty: 1 },
    ]);
    expect(after.lines[0]).toMatchObject({ qty: 2, unit_price_cents: was!.unit_price_cents, line_total_cents: 2 * was!.unit_price_cents });
  });

  it("an added line takes today's price, the others keep theirs", async () => {
    const {
      lines: [kept, marinaraLine],
    } = await stored();
    const after = await saveAgain([
      { id: margherita, qty: 2, additions: [{ id: bufala }] },
      { id: marinara, qty: 1 },
      { id: margherita, qty: 1 },
    ]);
    expect(after.lines[0]).toEqual(kept);
    expect(after.lines[2]).toMatchObject({ product_id: margherita, base_price_cents: 700, unit_price_cents: 700 });
    expect(after.totalCents).toBe(kept!.line_total_cents + marinaraLine!.line_total_cents + 700);
  });

  it("a changed dough takes today's price", async () => {
    const after = await saveAgain([
      { id: margherita, qty: 2, additions: [{ id: bufala }], variants: [{ id: doppioImpasto }] },
      { id: marinara, qty: 1 },
    ]);
    // Today's Margherita (7,00), today's buffalo mozzarella (3,00) and the dough (2,00).
    expect(after.lines[0]).toMatchObject({
      variant_id: doppioImpasto,
      base_price_cents: 700,
      unit_price_cents: 1200,
      line_total_cents: 2400,
    });
  });

  it("the cassa's cart price for the reopened order is the total the save stores; a customer's ignores the order", async () => {
    const cart = [
      { id: margherita, qty: 1 },
      { id: marinara, qty: 1 },
    ];
    // A plain Margherita is a new line (the stored one had the double dough): it is saved at 7,00.
    const { totalCents } = await saveAgain(cart);
    expect(totalCents).toBe(700 + 550);
    // The owner raises it again while the cashier still has the order open.
    await raise(margherita, '7,50');

    const forCassa = await owner.post('/api/v1/ecommerce/cart', { cart, order_id: orderId });
    expect(forCassa.status).toBe(200);
    expect(forCassa.body.cart[0].price).toBe(7);
    expect(Math.round(forCassa.body.backend.total_price * 100)).toBe(totalCents);
    expect((await saveAgain(cart)).totalCents).toBe(totalCents);

    const asCustomer = await new ApiClient(server.baseUrl).post('/api/v1/ecommerce/cart', { cart, order_id: orderId });
    expect(asCustomer.status).toBe(200);
    expect(asCustomer.body.backend.total_price).toBe(13);
  });

  it("a home delivery to the same zone keeps the fee it was written with; another zone pays today's", async () => {
    const db = server.handle.db;
    const zoneFee = async (id: number, fee: string) => {
      const { zone } = (await owner.get(`/api/v1/admin/zones/${id}`)).body;
      const saved = await owner.put(`/api/v1/admin/zones/${id}`, {
        name: zone.name,
        active: true,
        fee,
        min_order: '',
        version: zone.version,
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    };
    const cart = [{ id: marinara, qty: 1 }];
    const feeOf = async () =>
      (await db.selectFrom('orders').select('delivery_fee_cents').where('id', '=', orderId).executeTakeFirstOrThrow()).delivery_fee_cents;
    const moveTo = async (zoneId: number) => {
      const version = (await owner.get(`${API}/orders/${orderId}`)).body.order.version as number;
      const saved = await owner.put(`${API}/orders/${orderId}/update`, {
        ...body(cart),
        data: { ...body(cart).data, zone_id: zoneId, version },
      });
      expect(saved.status).toBe(200);
    };
    // Written while delivery to Monteverde was free: a fee set since does not reach it.
    await zoneFee(monteverde, '2,00');
    expect((await saveAgain(cart)).totalCents).toBe(550);
    expect(await feeOf()).toBe(0);

    // Another zone pays today's fee; back in Monteverde, today's too, and then it is kept.
    const trastevere = (await db.selectFrom('zones').select('id').where('name', '=', 'Trastevere').executeTakeFirstOrThrow()).id;
    await zoneFee(trastevere, '4,00');
    await moveTo(trastevere);
    expect(await feeOf()).toBe(400);
    await moveTo(monteverde);
    expect(await feeOf()).toBe(200);
    await zoneFee(monteverde, '3,00');
    expect((await saveAgain(cart)).totalCents).toBe(550 + 200);
    const forCassa = await owner.post('/api/v1/ecommerce/cart', { cart, delivery: 'consegna', zone_id: monteverde, order_id: orderId });
    expect(forCassa.body.backend.delivery_fee).toBe(2);
  });
});
