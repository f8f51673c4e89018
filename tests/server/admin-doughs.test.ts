/**
 * 'Impasti' in the back office (issue 17): the doughs' names, price modifiers and order. A new price
 * reaches the very next cart request while placed orders keep the one their lines were written with;
 * a dough a product offers or an order names is never deleted.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { adminSuite, loggedInClient, productId } from './harness';

const suite = adminSuite();
let margherita: number;

beforeAll(async () => {
  margherita = await productId(suite.server, 'Margherita');
});

interface Dough {
  id: number;
  version: number;
  name: string;
  price_modifier: number;
  position: number;
  products: number;
  uses: number;
}
const doughs = async () => (await suite.owner.get('/api/v1/admin/doughs')).body.items as Dough[];
const dough = async (name: string) => (await doughs()).find((d) => d.name === name)!;
/** What a customer pays for one Margherita with this dough. */
const margheritaWith = async (doughId: number) => {
  const priced = await suite.visitor().post('/api/v1/ecommerce/cart', { cart: [{ id: margherita, qty: 1, variants: [{ id: doughId }] }] });
  expect(priced.status, JSON.stringify(priced.body)).toBe(200);
  return priced.body.backend.total_price as number;
};

describe('doughs', () => {
  it('lists them in order with how many products offer each', async () => {
    const list = await doughs();
    expect(list.map((d) => d.position)).toEqual(list.map((_, index) => index + 1));
    expect(list.find((d) => d.name === 'Impasto integrale')).toMatchObject({ price_modifier: 1.5 });
    expect((await dough('Doppio impasto')).products).toBeGreaterThan(0);
  });

  it('a new price: the next cart pays it, a placed order keeps the old one, the register says 2,00 → 2,50', async () => {
    const doppio = await dough('Doppio impasto');
    expect(await margheritaWith(doppio.id)).toBe(8.5);

    const customer = (await loggedInClient(suite.server)).client;
    const placed = await customer.post('/api/v1/ecommerce/checkout', {
      data: { tipoConsegna: 'ritiro', addressSelector: 0, nomeCliente: 'Anna', telefono: '3331234567', fascia: '21:30' },
      cart: [{ id: margherita, qty: 1, variants: [{ id: doppio.id }] }],
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);

    const saved = await suite.owner.put(`/api/v1/admin/doughs/${doppio.id}`, {
      name: 'Doppio impasto',
      price_modifier: '2,50',
      version: doppio.version,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.dough).toMatchObject({ price_modifier: 2.5, version: doppio.version + 1 });
    expect(await margheritaWith(doppio.id)).toBe(9);

    const line = await suite.server.handle.db
      .selectFrom('order_lines')
      .select(['variant_name', 'variant_price_cents', 'line_total_cents'])
      .where('order_id', '=', placed.body.order.id)
      .executeTakeFirstOrThrow();
    expect(line).toEqual({ variant_name: 'Doppio impasto', variant_price_cents: 200, line_total_cents: 850 });

    const register = await suite.owner.get(`/api/v1/admin/audit?entity=dough&entity_id=${doppio.id}`);
    expect(register.body.entries[0]).toMatchObject({
      user_name: 'Giuseppe Titolare',
      before: { price_modifier: '2,00' },
      after: { price_modifier: '2,50' },
    });
  });

  it('a save based on an older version is refused with the dough as it is now', async () => {
    const integrale = await dough('Impasto integrale');
    expect(
      (
        await suite.owner.put(`/api/v1/admin/doughs/${integrale.id}`, {
          name: 'Impasto integrale',
          price_modifier: '1,60',
          version: integrale.version,
        })
      ).status,
    ).toBe(200);
    const stale = await suite.owner.put(`/api/v1/admin/doughs/${integrale.id}`, {
      name: 'Integrale',
      price_modifier: '1,00',
      version: integrale.version,
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'record.stale', current: { name: 'Impasto integrale', price_modifier: 1.6 } });
    expect(await margheritaWith(integrale.id)).toBe(8.1);
  });

  it('a new dough goes last, moves up, and is deleted while nothing uses it', async () => {
    const created = await suite.owner.post('/api/v1/admin/doughs', { name: 'Impasto al farro', price_modifier: '1' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const list = await doughs();
    expect(list.at(-1)).toMatchObject({ name: 'Impasto al farro', price_modifier: 1, position: list.length, uses: 0 });

    const moved = await suite.owner.post(`/api/v1/admin/doughs/${created.body.dough.id}/move`, {
      direction: 'up',
      version: created.body.dough.version,
    });
    expect(moved.status).toBe(200);
    expect(moved.body.message).toBe(`Impasto al farro: posizione ${list.length - 1} nell’elenco.`);
    const farro = await dough('Impasto al farro');
    expect(farro.position).toBe(list.length - 1);

    const removed = await suite.owner.delete(`/api/v1/admin/doughs/${farro.id}?version=${farro.version}`);
    expect(removed.status).toBe(200);
    expect(await dough('Impasto al farro')).toBeUndefined();
    expect((await doughs()).map((d) => d.position)).toEqual(list.slice(0, -1).map((_, index) => index + 1));
  });

  it('the product dialog offers the doughs in the order the owner gives them', async () => {
    const offered = async () => {
      const webapp = (await suite.visitor().get('/api/v1/ecommerce/webapp')).body as {
        products: { id: number; variants: { name: string }[] }[];
      };
      return webapp.products.find((p) => p.id === margherita)!.variants.map((v) => v.name);
    };
    const before = await offered();
    expect(before.slice(0, 2)).toEqual(['Impasto integrale', 'Impasto ai cereali']);
    const cereali = await dough('Impasto ai cereali');
    expect((await suite.owner.post(`/api/v1/admin/doughs/${cereali.id}/move`, { direction: 'up', version: cereali.version })).status).toBe(
      200,
    );
    expect((await offered()).slice(0, 2)).toEqual(['Impasto ai cereali', 'Impasto integrale']);
    const moved = await dough('Impasto ai cereali');
    await suite.owner.post(`/api/v1/admin/doughs/${moved.id}/move`, { direction: 'down', version: moved.version });
    expect(await offered()).toEqual(before);
  });

  it('a dough products offer is never deleted', async () => {
    const senza = await dough('Senza glutine');
    const refused = await suite.owner.delete(`/api/v1/admin/doughs/${senza.id}?version=${senza.version}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'record.in_use',
      message: 'L’impasto è offerto da prodotti o nominato da ordini: toglilo dai prodotti, non si può eliminare.',
    });
    expect(await dough('Senza glutine')).toBeDefined();
  });

  it('refuses a bad name or price in the form’s words, changing nothing', async () => {
    const count = (await doughs()).length;
    const cases: [Record<string, string>, Record<string, string[]>][] = [
      [{ name: 'I', price_modifier: '1' }, { name: ['Nome deve contenere almeno 2 caratteri.'] }],
      [{ name: 'doppio IMPASTO', price_modifier: '1' }, { name: ['Esiste già un impasto con questo nome.'] }],
      [{ name: 'Kamut', price_modifier: '-1' }, { price_modifier: ['Supplemento ha un formato non valido: scrivi ad esempio 1,50.'] }],
      [{ name: 'Kamut', price_modifier: '1e400' }, { price_modifier: ['Supplemento ha un formato non valido: scrivi ad esempio 1,50.'] }],
      [{ name: 'Kamut', price_modifier: '10000' }, { price_modifier: ['Supplemento non può superare 9999,99 €.'] }],
      [{ name: 'Kamut\u0000', price_modifier: '1' }, { name: ['Nome contiene caratteri non ammessi.'] }],
    ];
    for (const [body, errors] of cases) {
      const refused = await suite.owner.post('/api/v1/admin/doughs', body);
      expect(refused.status, JSON.stringify(body)).toBe(422);
      expect(refused.body.errors).toEqual(errors);
    }
    expect((await doughs()).length).toBe(count);
  });
});
