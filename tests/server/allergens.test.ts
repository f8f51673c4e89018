import { beforeAll, describe, expect, it } from 'vitest';
import { adminSuite, cassaOrderBody, doughId, productId } from './harness';

/** Issue 29: the 14 allergens travel with the menu, the cart and the orders. */
const suite = adminSuite();
const API = '/api/v1/ecommerce';
const DAY = '2026-11-26';
const ids = { margherita: 0, pinsa: 0, tiramisu: 0, acciughe: 0, senzaGlutine: 0 };

beforeAll(async () => {
  ids.margherita = await productId(suite.server, 'Margherita');
  ids.pinsa = await productId(suite.server, 'Pinsa Margherita');
  ids.tiramisu = await productId(suite.server, 'Tiramisù');
  ids.acciughe = await productId(suite.server, 'Acciughe');
  ids.senzaGlutine = await doughId(suite.server, 'Senza glutine');
});

type Line = { id: number; qty: number; variants?: { id: number }[]; additions?: { id: number }[] };
const priced = async (line: Line) => {
  const { status, body } = await suite.visitor().post(`${API}/cart`, { cart: [line] });
  expect(status).toBe(200);
  return body.cart[0] as { allergens: string[]; may_contain: string[] };
};

describe('the menu carries what every product contains', () => {
  it('gives a pizza its toppings and its base dough, never offered as a choice', async () => {
    const { body } = await suite.visitor().get(`${API}/webapp`);
    const byId = (id: number) => body.products.find((p: { id: number }) => p.id === id);
    const margherita = byId(ids.margherita);
    expect(margherita).toMatchObject({ allergens: ['milk'], may_contain: [], diet: ['vegetarian'], frozen: false });
    expect(margherita.base_dough).toMatchObject({ name: 'Impasto classico', allergens: ['gluten'] });
    expect(byId(ids.pinsa).base_dough).toMatchObject({ name: 'Impasto per pinsa', allergens: ['gluten', 'soybeans'] });
    expect(byId(ids.tiramisu)).toMatchObject({ allergens: ['gluten', 'eggs', 'milk'], base_dough: null });
    const offered = body.products.flatMap((p: { variants: { name: string }[] }) => p.variants.map((v) => v.name));
    expect(offered).toContain('Senza glutine');
    expect(offered).not.toContain('Impasto classico');
    expect(offered).not.toContain('Impasto per pinsa');
    const senza = margherita.variants.find((v: { name: string }) => v.name === 'Senza glutine');
    expect(senza).toMatchObject({ allergens: [], may_contain: ['gluten'] });
    expect(margherita.additions.find((a: { id: number }) => a.id === ids.acciughe)).toMatchObject({ allergens: ['fish'] });
  });

  it("gives the cassa's products the same codes", async () => {
    const { body } = await suite.owner.get(`${API}/cassa/init`);
    const margherita = body.products.find((p: { id: number }) => p.id === ids.margherita);
    expect(margherita).toMatchObject({ allergens: ['milk'], base_dough: { name: 'Impasto classico' } });
  });
});

describe("a cart line's allergens", () => {
  it("are its product's and its base dough's", async () => {
    expect(await priced({ id: ids.margherita, qty: 1 })).toMatchObject({ allergens: ['gluten', 'milk'], may_contain: [] });
  });

  it("drop gluten on the 'Senza glutine' dough, which may contain it", async () => {
    const line = await priced({ id: ids.margherita, qty: 1, variants: [{ id: ids.senzaGlutine }] });
    expect(line).toMatchObject({ allergens: ['milk'], may_contain: ['gluten'] });
  });

  it("add an addition's", async () => {
    const line = await priced({ id: ids.margherita, qty: 1, additions: [{ id: ids.acciughe }] });
    expect(line.allergens).toEqual(['gluten', 'fish', 'milk']);
  });
});

describe('a placed order', () => {
  it('keeps the allergens its lines were sold with', async () => {
    const created = await suite.owner.post(
      `${API}/cassa/orders/store`,
      cassaOrderBody(
        {
          client_id: 0,
          delivery: 'ritiro',
          nomeCliente: 'Ottavia Allergeni',
          telefono: '347 000 2929',
          fascia: '21:00',
          delivery_date: DAY,
        },
        [
          { id: ids.margherita, qty: 1, variants: [{ id: ids.senzaGlutine }], additions: [{ id: ids.acciughe }] },
          { id: ids.tiramisu, qty: 1 },
        ],
      ),
    );
    expect(created.status).toBe(201);
    const rows = await suite.server.handle.db
      .selectFrom('order_lines')
      .select(['name', 'allergens', 'may_contain'])
      .where('order_id', '=', created.body.order.id)
      .orderBy('position')
      .execute();
    expect(rows).toEqual([
      { name: 'Margherita', allergens: 'fish,milk', may_contain: 'gluten' },
      { name: 'Tiramisù', allergens: 'gluten,eggs,milk', may_contain: '' },
    ]);
    const { body } = await suite.owner.get(`${API}/cassa/orders/${created.body.order.id}`);
    expect(body.order.cart.map((l: { allergens: string[]; may_contain: string[] }) => [l.allergens, l.may_contain])).toEqual([
      [['fish', 'milk'], ['gluten']],
      [['gluten', 'eggs', 'milk'], []],
    ]);
  });
});
