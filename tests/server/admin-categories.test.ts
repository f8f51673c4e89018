/**
 * The menu's categories in the back office (issue 17): unique names, the order customers see (moved
 * one place at a time), visibility, additions, and the kitchen group that oven capacity and the
 * cassa's counts read instead of ids fixed in code. A category holding products is never deleted.
 */
import { describe, expect, it } from 'vitest';
import { adminSuite, loggedInClient, productId, TODAY } from './harness';

const suite = adminSuite();

interface Category {
  id: number;
  version: number;
  name: string;
  position: number;
  visible: boolean;
  additions_enabled: boolean;
  group: string | null;
  products: number;
  locked: boolean;
}
const categories = async () => (await suite.owner.get('/api/v1/admin/categories')).body.items as Category[];
const category = async (name: string) => (await categories()).find((c) => c.name === name)!;
const form = (c: Category, change: Partial<Category> = {}) => {
  const next = { ...c, ...change };
  return { name: next.name, visible: next.visible, additions_enabled: next.additions_enabled, group: next.group, version: next.version };
};
/** The category names a customer's menu shows, in its order. */
const servedNames = async () =>
  ((await suite.visitor().get('/api/v1/ecommerce/webapp')).body.categories as { name: string }[]).map((c) => c.name);

describe('categories', () => {
  it('lists them in the menu order with their group and how many products each holds', async () => {
    const list = await categories();
    expect(list.map((c) => c.position)).toEqual(list.map((_, index) => index + 1));
    expect(list[0]).toMatchObject({ name: 'Pizze Classiche', position: 1, group: 'pizze', locked: false });
    expect(list.find((c) => c.name === 'Bevande')).toMatchObject({ group: null, additions_enabled: false });
    expect(list.find((c) => c.name === 'Ingredienti')).toMatchObject({ locked: true, visible: false });
    expect((await category('Calzoni')).products).toBeGreaterThan(0);
  });

  it('moves a category one place up: customers see the new order at once, the register keeps the places', async () => {
    const before = await servedNames();
    const dolci = await category('Dolci');
    const moved = await suite.owner.post(`/api/v1/admin/categories/${dolci.id}/move`, { direction: 'up', version: dolci.version });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.message).toBe(`Dolci: posizione ${dolci.position - 1} nel menu.`);

    const after = await servedNames();
    const at = before.indexOf('Dolci');
    expect(after[at - 1]).toBe('Dolci');
    expect(after[at]).toBe(before[at - 1]);
    const register = await suite.owner.get(`/api/v1/admin/audit?entity=category&entity_id=${dolci.id}`);
    expect(register.body.entries[0]).toMatchObject({ before: { position: dolci.position }, after: { position: dolci.position - 1 } });

    // The page still showing the old version is refused, and nothing moves.
    const stale = await suite.owner.post(`/api/v1/admin/categories/${dolci.id}/move`, { direction: 'down', version: dolci.version });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      code: 'record.stale',
      message: 'Qualcuno ha modificato questo elemento mentre lo stavi modificando.',
    });
    expect(await servedNames()).toEqual(after);

    const back = await category('Dolci');
    expect((await suite.owner.post(`/api/v1/admin/categories/${dolci.id}/move`, { direction: 'down', version: back.version })).status).toBe(
      200,
    );
    expect(await servedNames()).toEqual(before);
  });

  it('the first category moved up stays first, with no register row', async () => {
    const first = (await categories())[0]!;
    const moved = await suite.owner.post(`/api/v1/admin/categories/${first.id}/move`, { direction: 'up', version: first.version });
    expect(moved.status).toBe(200);
    expect((await categories())[0]!.id).toBe(first.id);
    const register = await suite.owner.get(`/api/v1/admin/audit?entity=category&entity_id=${first.id}`);
    expect(register.body.entries).toEqual([]);
  });

  it('a new category goes to the end; hidden, customers do not see it; renamed; deleted while empty', async () => {
    const created = await suite.owner.post('/api/v1/admin/categories', {
      name: 'Pizze d’autunno',
      visible: true,
      additions_enabled: true,
      group: 'pizze',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.message).toBe('Categoria aggiunta in fondo al menu.');
    const list = await categories();
    expect(list.at(-1)).toMatchObject({ name: 'Pizze d’autunno', position: list.length, products: 0, group: 'pizze' });

    const hidden = await suite.owner.put(`/api/v1/admin/categories/${created.body.category.id}`, {
      ...form(created.body.category, { name: 'Pizze di stagione', visible: false }),
    });
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
    expect(hidden.body.category).toMatchObject({ name: 'Pizze di stagione', visible: false });
    const register = await suite.owner.get(`/api/v1/admin/audit?entity=category&entity_id=${created.body.category.id}`);
    expect(register.body.entries[0]).toMatchObject({
      action: 'update',
      before: { name: 'Pizze d’autunno', visible: true },
      after: { name: 'Pizze di stagione', visible: false },
    });

    const removed = await suite.owner.delete(
      `/api/v1/admin/categories/${created.body.category.id}?version=${hidden.body.category.version}`,
    );
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe('Categoria eliminata.');
    expect((await categories()).some((c) => c.name === 'Pizze di stagione')).toBe(false);
  });

  it('hiding a category hides its products from customers; showing it brings them back', async () => {
    const dolci = await category('Dolci');
    const off = await suite.owner.put(`/api/v1/admin/categories/${dolci.id}`, form(dolci, { visible: false }));
    expect(off.status).toBe(200);
    expect(await servedNames()).not.toContain('Dolci');
    const on = await suite.owner.put(`/api/v1/admin/categories/${dolci.id}`, form(off.body.category, { visible: true }));
    expect(on.status).toBe(200);
    expect(await servedNames()).toContain('Dolci');
  });

  it('a category holding products is never deleted (archived ones count too)', async () => {
    const calzoni = await category('Calzoni');
    const refused = await suite.owner.delete(`/api/v1/admin/categories/${calzoni.id}?version=${calzoni.version}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'record.in_use',
      message: 'La categoria contiene dei prodotti, anche archiviati: spostali prima di eliminarla.',
    });
    expect(await servedNames()).toContain('Calzoni');
  });

  it('the additions’ category is locked', async () => {
    const additions = await category('Ingredienti');
    const renamed = await suite.owner.put(`/api/v1/admin/categories/${additions.id}`, form(additions, { name: 'Extra' }));
    expect(renamed.status).toBe(409);
    expect(renamed.body.message).toBe('Questa categoria contiene le aggiunte: non si può modificare né eliminare.');
    expect((await suite.owner.delete(`/api/v1/admin/categories/${additions.id}?version=${additions.version}`)).status).toBe(409);
  });

  it('refuses a short, long, taken or control-character name and an unknown group, changing nothing', async () => {
    const count = (await categories()).length;
    const cases: [string, string][] = [
      ['P', 'Nome deve contenere almeno 2 caratteri.'],
      ['   ', 'Nome è obbligatorio.'],
      ['x'.repeat(101), 'Nome non può superare 100 caratteri.'],
      ['bevande', 'Esiste già una categoria con questo nome.'],
      ['Pizze\u0000', 'Nome contiene caratteri non ammessi.'],
    ];
    for (const [name, message] of cases) {
      const refused = await suite.owner.post('/api/v1/admin/categories', { name, visible: true, additions_enabled: false, group: null });
      expect(refused.status, name).toBe(422);
      expect(refused.body.errors).toEqual({ name: [message] });
    }
    const badGroup = await suite.owner.post('/api/v1/admin/categories', {
      name: 'Insalate',
      visible: true,
      additions_enabled: false,
      group: 'forno',
    });
    expect(badGroup.status).toBe(422);
    expect((await categories()).length).toBe(count);
  });

  it('the group decides what the cassa counts: orders written before keep the group they had', async () => {
    const fritti = await category('Fritti e Antipasti');
    const supplì = await productId(suite.server, 'Supplì al telefono');
    const cassa = (await loggedInClient(suite.server, { role: 'admin', name: 'Cassiere' })).client;
    const order = (fascia: string) => ({
      data: {
        client_id: null,
        user_id: null,
        delivery: 'ritiro',
        nomeCitofono: '',
        zone_id: null,
        indirizzo: '',
        nomeCliente: 'Anna Verdi',
        telefono: '333 765 4321',
        fascia,
        payment_type: 'Contanti',
        note: null,
        codiceSconto: null,
      },
      cart: [{ id: supplì, qty: 2 }],
      discount: null,
    });
    const before = await cassa.post('/api/v1/ecommerce/cassa/orders/store', order('21:00'));
    expect(before.status, JSON.stringify(before.body)).toBe(201);

    const changed = await suite.owner.put(`/api/v1/admin/categories/${fritti.id}`, form(fritti, { group: 'calzoni' }));
    expect(changed.status).toBe(200);
    const after = await cassa.post('/api/v1/ecommerce/cassa/orders/store', order('21:15'));
    expect(after.status).toBe(201);

    const list = (await cassa.get(`/api/v1/ecommerce/cassa/orders?date=${TODAY}`)).body;
    const counts = (id: number) => list.orders.data.find((o: { id: number }) => o.id === id).groupQuantities;
    expect(counts(before.body.order.id)).toEqual({ pizze: 0, compositions: 0, calzoni: 0 });
    expect(counts(after.body.order.id)).toEqual({ pizze: 0, compositions: 0, calzoni: 2 });

    await suite.owner.put(`/api/v1/admin/categories/${fritti.id}`, form(changed.body.category, { group: null }));
  });
});
