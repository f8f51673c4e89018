import { beforeAll, describe, expect, it } from 'vitest';
import { adminSuite, counterOrder, doughId, productForm, productId } from './harness';

/** Issue 29: the owner keeps what products, doughs and additions contain true, versioned and in the register. */
const suite = adminSuite();
const ADMIN = '/api/v1/admin';
const ids = { margherita: 0, marinara: 0, acciughe: 0, integrale: 0, classico: 0 };

beforeAll(async () => {
  ids.margherita = await productId(suite.server, 'Margherita');
  ids.marinara = await productId(suite.server, 'Marinara');
  ids.acciughe = await productId(suite.server, 'Acciughe');
  ids.integrale = await doughId(suite.server, 'Impasto integrale');
  ids.classico = await doughId(suite.server, 'Impasto classico');
});

const product = async (id: number) => (await suite.owner.get(`${ADMIN}/products/${id}`)).body.product;
const saveProduct = async (id: number, change: Record<string, unknown>) =>
  suite.owner.put(`${ADMIN}/products/${id}`, { ...productForm(await product(id)), ...change });
const lastEntry = async (entity: string, id: number) =>
  (await suite.owner.get(`${ADMIN}/audit?entity=${entity}&entity_id=${id}`)).body.entries[0];
const menuProduct = async (id: number) =>
  (await suite.visitor().get('/api/v1/ecommerce/webapp')).body.products.find((p: { id: number }) => p.id === id);

describe("the owner's product editor", () => {
  it("adds 'Frutta a guscio': the menu shows it, the register reads it, a placed order keeps what it was sold with", async () => {
    const placed = await suite.owner.post('/api/v1/ecommerce/cassa/orders/store', counterOrder(ids.margherita));
    expect(placed.status).toBe(201);
    const soldWith = () =>
      suite.server.handle.db
        .selectFrom('order_lines')
        .select(['allergens', 'may_contain'])
        .where('order_id', '=', placed.body.order.id)
        .executeTakeFirstOrThrow();
    expect(await soldWith()).toEqual({ allergens: 'gluten,milk', may_contain: '' });

    const saved = await saveProduct(ids.margherita, { allergens: ['milk', 'nuts'], may_contain: ['sesame'] });
    expect(saved.status).toBe(200);
    expect(saved.body.product).toMatchObject({ allergens: ['milk', 'nuts'], may_contain: ['sesame'], diet: ['vegetarian'] });
    expect(await menuProduct(ids.margherita)).toMatchObject({ allergens: ['milk', 'nuts'], may_contain: ['sesame'] });
    expect(await lastEntry('product', ids.margherita)).toMatchObject({
      action: 'update',
      before: { allergens: ['latte'], may_contain: [] },
      after: { allergens: ['latte', 'frutta a guscio'], may_contain: ['sesamo'] },
    });
    expect(await soldWith()).toEqual({ allergens: 'gluten,milk', may_contain: '' });
  });

  it('keeps the allergen fields a form leaves out, and sets diet marks, frozen and the base dough', async () => {
    const before = await product(ids.marinara);
    expect((await suite.owner.put(`${ADMIN}/products/${ids.marinara}`, productForm(before))).status).toBe(200);
    expect(await product(ids.marinara)).toMatchObject({ diet: ['vegetarian', 'vegan'], base_dough_id: ids.classico, frozen: false });

    const saved = await saveProduct(ids.marinara, { diet: ['vegan', 'spicy'], frozen: true, base_dough_id: null });
    expect(saved.status).toBe(200);
    expect(await menuProduct(ids.marinara)).toMatchObject({ diet: ['vegan', 'spicy'], frozen: true, base_dough: null });
    expect((await lastEntry('product', ids.marinara)).after).toMatchObject({ diet: ['vegana', 'piccante'], frozen: true });
  });

  it("edits an addition's allergens: a cart line with it carries them", async () => {
    expect((await saveProduct(ids.acciughe, { allergens: ['fish', 'sulphites'] })).status).toBe(200);
    const cart = await suite.visitor().post('/api/v1/ecommerce/cart', {
      cart: [{ id: ids.margherita, qty: 1, additions: [{ id: ids.acciughe }] }],
    });
    expect(cart.body.cart[0].allergens).toContain('sulphites');
  });

  it.each([
    ['an unknown allergen', { allergens: ['milk', 'gluten-free'] }, 'allergens.1', 'Il campo allergeni è invalido.'],
    ['a repeated allergen', { allergens: ['milk', 'milk'] }, 'allergens', 'Il campo allergeni è invalido.'],
    ['an unknown trace', { may_contain: ['nickel'] }, 'may_contain.0', 'Il campo può contenere è invalido.'],
    [
      'a trace it already contains',
      { allergens: ['milk'], may_contain: ['milk'] },
      'may_contain',
      'Può contenere non ripete ciò che contiene: Latte.',
    ],
    ['a diet mark its milk contradicts', { allergens: ['milk'], diet: ['vegan'] }, 'diet', 'Un prodotto con Latte non può essere Vegana.'],
    [
      'a diet mark its fish contradicts',
      { allergens: ['fish'], diet: ['vegetarian'] },
      'diet',
      'Un prodotto con Pesce non può essere Vegetariana.',
    ],
    [
      'a base dough that is not one',
      { base_dough_id: 'integrale' },
      'base_dough_id',
      'Impasto di base non valido: scegline uno tra gli impasti di base.',
    ],
    ['a base dough offered as a choice', { variant_ids: 'classico' }, 'variant_ids', 'Impasti non validi.'],
  ])('refuses %s with a 422 naming the field, and stores nothing', async (_case, change, field, message) => {
    const dough = (name: unknown) => (name === 'integrale' ? ids.integrale : [ids.classico]);
    const body = Object.fromEntries(Object.entries(change).map(([key, value]) => [key, typeof value === 'string' ? dough(value) : value]));
    const before = await product(ids.margherita);
    const refused = await saveProduct(ids.margherita, body);
    expect(refused.status).toBe(422);
    expect(refused.body.errors[field]).toEqual([message]);
    expect(await product(ids.margherita)).toEqual(before);
  });

  it('refuses more than 14 allergens', async () => {
    const refused = await saveProduct(ids.margherita, { allergens: Array.from({ length: 15 }, () => 'milk') });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors)).toEqual(['allergens']);
  });
});

describe("the owner's dough editor", () => {
  const dough = async (id: number) => (await suite.owner.get(`${ADMIN}/doughs/${id}`)).body.dough;
  const saveDough = async (id: number, change: Record<string, unknown>) => {
    const current = await dough(id);
    return suite.owner.put(`${ADMIN}/doughs/${id}`, {
      name: current.name,
      price_modifier: String(current.price_modifier).replace('.', ','),
      version: current.version,
      ...change,
    });
  };

  it("changes a dough's allergens: the menu's lines follow, the register reads them", async () => {
    expect((await saveDough(ids.integrale, { allergens: ['gluten', 'sesame'] })).status).toBe(200);
    const cart = await suite
      .visitor()
      .post('/api/v1/ecommerce/cart', { cart: [{ id: ids.marinara, qty: 1, variants: [{ id: ids.integrale }] }] });
    expect(cart.body.cart[0].allergens).toEqual(['gluten', 'sesame']);
    expect(await lastEntry('dough', ids.integrale)).toMatchObject({
      before: { allergens: ['glutine'] },
      after: { allergens: ['glutine', 'sesamo'] },
    });
  });

  it('refuses to make a base of a dough products offer, or to unmake one products are made on', async () => {
    const offered = await saveDough(ids.integrale, { base: true });
    expect(offered.status).toBe(422);
    expect(offered.body.errors.base).toEqual(['Un impasto di base non si offre come scelta: toglilo prima dai prodotti che lo offrono.']);
    const madeOn = await saveDough(ids.classico, { base: false });
    expect(madeOn.status).toBe(422);
    expect(madeOn.body.errors.base).toEqual(['Dei prodotti sono fatti su questo impasto: scegli per loro un altro impasto di base.']);
    expect((await dough(ids.classico)).base).toBe(true);
  });

  it('creates a base dough with its allergens, which products may then be made on', async () => {
    const created = await suite.owner.post(`${ADMIN}/doughs`, {
      name: 'Impasto di kamut',
      price_modifier: '0',
      allergens: ['gluten'],
      base: true,
    });
    expect(created.status).toBe(201);
    expect(created.body.dough).toMatchObject({ allergens: ['gluten'], may_contain: [], base: true });
    expect((await saveProduct(ids.marinara, { base_dough_id: created.body.dough.id })).status).toBe(200);
    expect((await menuProduct(ids.marinara)).base_dough).toMatchObject({ name: 'Impasto di kamut', allergens: ['gluten'] });
  });
});
