import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, productId, startTestServer, type TestServer } from './harness';

let server: TestServer;
let api: ApiClient;
let margherita: number;
let bufala: number;
let funghi: number;
let integrale: number;
let coca: number;

beforeAll(async () => {
  server = await startTestServer();
  api = new ApiClient(server.baseUrl);
  margherita = await productId(server, 'Margherita');
  bufala = await productId(server, 'Mozzarella di bufala');
  funghi = await productId(server, 'Funghi');
  coca = await productId(server, 'Coca-Cola lattina 33 cl');
  integrale = (await server.handle.db.selectFrom('variants').select('id').where('name', '=', 'Impasto integrale').executeTakeFirstOrThrow())
    .id;
});
afterAll(() => server.close());

describe('the menu', () => {
  it('lists visible categories by sorting, only visible products, sorted zones without the hidden one', async () => {
    const { status, body } = await api.get('/api/v1/ecommerce/webapp');
    expect(status).toBe(200);
    const sortings = body.categories.map((c: { sorting: number }) => c.sorting);
    expect(sortings).toEqual([...sortings].sort((a, b) => a - b));
    expect(body.categories.map((c: { name: string }) => c.name)).not.toContain('Ingredienti');
    const names = body.products.map((p: { name: string }) => p.name);
    expect(names).toContain('Margherita');
    expect(names).not.toContain('Lattina omaggio');
    expect(names).not.toContain('Funghi');
    const zones = body.zones.map((z: { name: string }) => z.name);
    expect(zones).not.toContain('Zona non riconosciuta');
    expect(zones).toContain('Altra zona');
    expect(zones).toEqual([...zones].sort((a, b) => a.localeCompare(b, 'it')));
    expect(body.closed).toBe(false);
    expect(body.settings.shop_name).toBe('Pizzeria Da Romolo');
    expect(body.settings).not.toHaveProperty('slot_capacity');
  });

  it('gives pizzas their doughs and the ingredients as additions, by name', async () => {
    const { body } = await api.get('/api/v1/ecommerce/webapp');
    const pizza = body.products.find((p: { id: number }) => p.id === margherita);
    expect(pizza.price).toBe(6.5);
    expect(pizza.variants.map((v: { name: string }) => v.name)).toContain('Impasto integrale');
    const additions = pizza.additions.map((a: { name: string }) => a.name);
    expect(additions).toContain('Mozzarella di bufala');
    expect(additions).toEqual([...additions].sort((a, b) => a.localeCompare(b, 'it', { sensitivity: 'base' })));
    const drink = body.products.find((p: { id: number }) => p.id === coca);
    expect(drink.additions).toEqual([]);
  });

  it('quotes the pickup code as the shop set it, and nothing once it is switched off', async () => {
    expect((await api.get('/api/v1/ecommerce/webapp')).body.pickup_discount).toEqual({
      code: 'RITIRO-IN-PIZZERIA',
      percent: 15,
      min_order: 15,
    });
    await server.handle.db
      .updateTable('discount_codes')
      .set({ amount: 10, min_order_cents: 2000 })
      .where('code', '=', 'RITIRO-IN-PIZZERIA')
      .execute();
    server.services.catalog.invalidate();
    expect((await api.get('/api/v1/ecommerce/webapp')).body.pickup_discount).toEqual({
      code: 'RITIRO-IN-PIZZERIA',
      percent: 10,
      min_order: 20,
    });
    await server.handle.db.updateTable('discount_codes').set({ active: 0 }).where('code', '=', 'RITIRO-IN-PIZZERIA').execute();
    server.services.catalog.invalidate();
    expect((await api.get('/api/v1/ecommerce/webapp')).body.pickup_discount).toBeNull();
    await server.handle.db
      .updateTable('discount_codes')
      .set({ active: 1, amount: 15, min_order_cents: 1500 })
      .where('code', '=', 'RITIRO-IN-PIZZERIA')
      .execute();
    server.services.catalog.invalidate();
  });

  it('hides a product as soon as it is made invisible', async () => {
    await server.handle.db.updateTable('products').set({ visible: 0 }).where('id', '=', coca).execute();
    server.services.catalog.invalidate();
    const { body } = await api.get('/api/ecommerce/products');
    expect(body.products.map((p: { id: number }) => p.id)).not.toContain(coca);
    await server.handle.db.updateTable('products').set({ visible: 1 }).where('id', '=', coca).execute();
    server.services.catalog.invalidate();
  });

  it('serves categories, products and settings on their own', async () => {
    expect((await api.get('/api/ecommerce/categories')).body.categories[0].name).toBe('Pizze Classiche');
    expect((await api.get('/api/ecommerce/products')).body.products.length).toBeGreaterThan(30);
    const { body } = await api.get('/api/v1/ecommerce/settings');
    expect(body.settings.homepage_field_1).not.toBe('');
    expect(body.settings.ecommerce_variants).toBe('yes');
  });

  it('suggests three random visible upsell products, or all of them when there are three or fewer', async () => {
    const seen = new Set<number>();
    for (let i = 0; i < 10; i++) {
      const { body } = await api.get('/api/v1/ecommerce/webapp/suggested');
      expect(body.products).toHaveLength(3);
      for (const p of body.products) {
        expect(p.is_upsell).toBe(true);
        seen.add(p.id);
      }
    }
    expect(seen.size).toBeGreaterThan(3);
    await server.handle.db.updateTable('products').set({ is_upsell: 0 }).where('id', '!=', coca).execute();
    server.services.catalog.invalidate();
    const { body } = await api.get('/api/v1/ecommerce/webapp/suggested');
    expect(body.products.map((p: { id: number }) => p.id)).toEqual([coca]);
  });
});

describe('pricing the cart on the server', () => {
  it('computes line = qty × (base + dough + additions) and ignores every client price', async () => {
    const { status, body } = await api.post('/api/v1/ecommerce/cart', {
      cart: [
        {
          id: margherita,
          qty: 2,
          price: 0.01,
          total_price: 0.01,
          name: 'Gratis',
          variants: [{ id: integrale }],
          additions: [{ id: bufala, price: 0 }, { id: funghi }],
        },
        { id: coca, qty: 3, total_price: 1 },
      ],
      discount: null,
    });
    expect(status).toBe(200);
    // 2 × (6,50 + 1,50 + 2,00 + 1,00) = 22,00; 3 × 2,50 = 7,50
    expect(body.cart[0]).toMatchObject({ name: 'Margherita', price: 6.5, qty: 2, total_price: 22 });
    expect(body.cart[0].variants).toEqual([
      { id: integrale, name: 'Impasto integrale', price_modifier: 1.5, allergens: ['gluten'], may_contain: [] },
    ]);
    expect(body.cart[0].additions.map((a: { price: number }) => a.price)).toEqual([2, 1]);
    expect(body.cart[1].total_price).toBe(7.5);
    expect(body.backend).toEqual({ total_quantity: 5, total_price: 29.5, delivery_fee: 0, below_minimum: null, final_price: 29.5 });
    expect(body.discount).toBeNull();
  });

  it('refuses a product that is not for sale, an addition on a drink and a zero quantity, in Italian', async () => {
    const hidden = await productId(server, 'Lattina omaggio');
    const unknown = await api.post('/api/v1/ecommerce/cart', { cart: [{ id: 99999, qty: 1 }] });
    expect(unknown.status).toBe(422);
    expect(unknown.body.message).toBe('Un prodotto nel carrello non è più disponibile: rimuovilo e riprova.');
    expect((await api.post('/api/v1/ecommerce/cart', { cart: [{ id: hidden, qty: 1 }] })).status).toBe(422);
    const addition = await api.post('/api/v1/ecommerce/cart', { cart: [{ id: coca, qty: 1, additions: [{ id: bufala }] }] });
    expect(addition.status).toBe(422);
    expect(addition.body.message).toContain('Aggiunta non disponibile');
    const zero = await api.post('/api/v1/ecommerce/cart', { cart: [{ id: coca, qty: 0 }] });
    expect(zero.status).toBe(422);
    expect(zero.body.errors['cart.0.qty']).toEqual(['Il campo quantità è invalido.']);
  });

  it('offers doughs only when the shop enables variants', async () => {
    await server.handle.db.updateTable('settings').set({ value: 'no' }).where('key', '=', 'ecommerce_variants').execute();
    server.services.catalog.invalidate();
    const response = await api.post('/api/v1/ecommerce/cart', { cart: [{ id: margherita, qty: 1, variants: [{ id: integrale }] }] });
    expect(response.status).toBe(422);
    expect(response.body.message).toBe("L'impasto scelto non è disponibile per Margherita.");
    await server.handle.db.updateTable('settings').set({ value: 'yes' }).where('key', '=', 'ecommerce_variants').execute();
    server.services.catalog.invalidate();
  });
});

describe('discount codes', () => {
  const cartOf = (qty: number) => [{ id: margherita, qty }];

  it('RITIRO-IN-PIZZERIA takes 15% off a pickup order of at least 15 €', async () => {
    const { body } = await api.post('/api/v1/ecommerce/cart', {
      cart: cartOf(4),
      discount: { code: 'ritiro-in-pizzeria ' },
      delivery: 'ritiro',
    });
    // 4 × 6,50 = 26,00 → −3,90 = 22,10
    expect(body.discount).toMatchObject({
      code: 'RITIRO-IN-PIZZERIA',
      isValid: true,
      value: 3.9,
      total_price: 26,
      final_price: 22.1,
      errorMessage: null,
    });
    expect(body.backend.final_price).toBe(22.1);
  });

  it('explains in red why a known code does not apply: under the minimum, or delivery instead of pickup', async () => {
    const small = await api.post('/api/v1/ecommerce/cart', {
      cart: cartOf(2),
      discount: { code: 'RITIRO-IN-PIZZERIA' },
      delivery: 'ritiro',
    });
    expect(small.body.discount).toMatchObject({
      isValid: false,
      validation_error: 'Il codice RITIRO-IN-PIZZERIA richiede un ordine minimo di 15,00 €.',
    });
    expect(small.body.backend.final_price).toBe(13);
    const delivery = await api.post('/api/v1/ecommerce/cart', {
      cart: cartOf(4),
      discount: { code: 'RITIRO-IN-PIZZERIA' },
      delivery: 'consegna',
    });
    expect(delivery.body.discount.validation_error).toBe('Il codice RITIRO-IN-PIZZERIA è valido solo per il ritiro in pizzeria.');
    expect(delivery.body.backend.final_price).toBe(26);
  });

  it('answers unknown, expired and inactive codes with the spec message', async () => {
    for (const code of ['NONESISTE', 'ESTATE2025', 'VECCHIO10']) {
      const { body } = await api.post('/api/v1/ecommerce/cart', { cart: cartOf(4), discount: { code } });
      expect(body.discount).toMatchObject({ isValid: false, errorMessage: 'Codice sconto non valido o non attivo.' });
      expect(body.backend.final_price).toBe(26);
    }
    const apply = await api.post('/api/v1/ecommerce/discount/apply', { code: 'NONESISTE', cart: cartOf(4) });
    expect(apply.status).toBe(422);
    expect(apply.body.message).toBe('Codice sconto non valido o non attivo.');
  });

  it('applies a fixed-amount code above its minimum', async () => {
    const { status, body } = await api.post('/api/v1/ecommerce/discount/apply', { code: 'BENVENUTO5', cart: cartOf(4) });
    expect(status).toBe(200);
    expect(body.discount).toMatchObject({ isValid: true, value: 5, final_price: 21 });
    const below = await api.post('/api/v1/ecommerce/discount/apply', { code: 'BENVENUTO5', cart: cartOf(1) });
    expect(below.body.discount.validation_error).toBe('Il codice BENVENUTO5 richiede un ordine minimo di 20,00 €.');
  });
});
