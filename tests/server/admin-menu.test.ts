/**
 * The back office's menu (issue 17): a product saved by version and audited, a second editor refused
 * with the product as it is, archive instead of delete once ordered, placed orders untouched, and
 * today's sold-outs that customers cannot order, the cassa still can, and that end with the day.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, loggedInClient, productId, startTestServer, TODAY, type TestServer, productForm } from './harness';

let server: TestServer;
let owner: ApiClient;
let ownerName: string;
let customer: ApiClient;
let margherita: number;
let diavola: number;
let monteverde: number;

const STALE = 'Qualcuno ha modificato questo elemento mentre lo stavi modificando.';

beforeAll(async () => {
  server = await startTestServer();
  ownerName = 'Giuseppe Titolare';
  owner = (await loggedInClient(server, { role: 'admin', name: ownerName })).client;
  customer = (await loggedInClient(server, { name: 'Anna Cliente' })).client;
  margherita = await productId(server, 'Margherita');
  diavola = await productId(server, 'Diavola');
  monteverde = (await server.handle.db.selectFrom('zones').select('id').where('name', '=', 'Monteverde').executeTakeFirstOrThrow()).id;
});
afterAll(() => server.close());

const load = async (id: number) => {
  const response = await owner.get(`/api/v1/admin/products/${id}`);
  expect(response.status).toBe(200);
  return response.body.product as Record<string, unknown> & { version: number; price: number };
};

const menuPrice = async (id: number) => {
  const webapp = await new ApiClient(server.baseUrl).get('/api/v1/ecommerce/webapp');
  return (webapp.body.products as { id: number; price: number }[]).find((p) => p.id === id)?.price;
};

const checkout = (client: ApiClient, cart: unknown[]) =>
  client.post('/api/v1/ecommerce/checkout', {
    data: {
      tipoConsegna: 'consegna',
      addressSelector: 0,
      nomeCitofono: 'Cliente',
      zonaConsegna: monteverde,
      indirizzo: 'Via di Donna Olimpia 10',
      telefono: '3331234567',
      fascia: '21:00',
    },
    cart,
  });

describe('products in the back office', () => {
  it('raises a price: the menu shows it at once, the register records it, a placed order keeps the old price', async () => {
    const before = await load(margherita);
    const placed = await checkout(customer, [{ id: margherita, qty: 2 }]);
    expect(placed.status).toBe(201);
    const oldLine = await server.handle.db
      .selectFrom('order_lines')
      .selectAll()
      .where('order_id', '=', placed.body.order.id)
      .executeTakeFirstOrThrow();

    const raised = `${Math.floor(before.price)},${String(Math.round((before.price % 1) * 100) + 30).padStart(2, '0')}`;
    const saved = await owner.put(`/api/v1/admin/products/${margherita}`, { ...productForm(before), price: raised });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Modifiche salvate.');
    expect(saved.body.product.version).toBe(before.version + 1);
    const newPrice = Math.round(before.price * 100 + 30) / 100;
    expect(saved.body.product.price).toBe(newPrice);
    // No wait for the catalogue cache: the change dropped it.
    expect(await menuPrice(margherita)).toBe(newPrice);

    const line = await server.handle.db.selectFrom('order_lines').selectAll().where('id', '=', oldLine.id).executeTakeFirstOrThrow();
    expect(line).toEqual(oldLine);

    const register = await owner.get(`/api/v1/admin/audit?entity=product&entity_id=${margherita}`);
    expect(register.status).toBe(200);
    expect(register.body.date).toBe(TODAY);
    expect(register.body.entries[0]).toMatchObject({
      user_name: ownerName,
      entity: 'product',
      entity_id: String(margherita),
      action: 'update',
      label: 'Margherita',
      before: { price: String(before.price.toFixed(2)).replace('.', ',') },
      after: { price: raised },
    });
  });

  it('refuses a save based on an older version, answering the product as it is now, and writes nothing', async () => {
    const first = await load(diavola);
    const second = await load(diavola);
    expect(
      (await owner.put(`/api/v1/admin/products/${diavola}`, { ...productForm(first), description: 'Salame piccante calabrese' })).status,
    ).toBe(200);
    const audits = await server.handle.db.selectFrom('audit_log').select('id').execute();

    const late = await owner.put(`/api/v1/admin/products/${diavola}`, { ...productForm(second), price: '1,00' });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'record.stale', message: STALE });
    expect(late.body.current).toMatchObject({
      id: diavola,
      version: second.version + 1,
      description: 'Salame piccante calabrese',
      price: first.price,
    });
    expect((await load(diavola)).price).toBe(first.price);
    expect(await server.handle.db.selectFrom('audit_log').select('id').execute()).toHaveLength(audits.length);
  });

  it.each([
    ['name', { name: '' }, 'Nome è obbligatorio.'],
    ['name', { name: 'x'.repeat(151) }, 'Nome non può superare 150 caratteri.'],
    ['name', { name: 'Margherita\u0000' }, 'Nome contiene caratteri non ammessi.'],
    ['price', { price: '' }, 'Prezzo è obbligatorio.'],
    ['price', { price: 'sei euro' }, 'Prezzo ha un formato non valido: scrivi ad esempio 6,50.'],
    ['price', { price: '1e400' }, 'Prezzo ha un formato non valido: scrivi ad esempio 6,50.'],
    ['price', { price: '10000' }, 'Prezzo non può superare 9999,99 €.'],
    ['category_id', { category_id: null }, 'Categoria è obbligatoria.'],
    ['category_id', { category_id: 999 }, 'Categoria non valida.'],
    ['image_url', { image_url: 'javascript:alert(1)' }, 'Immagine ha un formato non valido.'],
    ['image_url', { image_url: '//other.host/x.png' }, 'Immagine ha un formato non valido.'],
    ['image_url', { image_url: 'https://other.host/x.png' }, 'Immagine ha un formato non valido.'],
    ['description', { description: 'd'.repeat(2001) }, 'Descrizione non può superare 2000 caratteri.'],
  ])('refuses a bad %s with the form’s own message and changes nothing', async (field, change, message) => {
    const before = await load(margherita);
    const response = await owner.put(`/api/v1/admin/products/${margherita}`, { ...productForm(before), ...change });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ code: 'validation', message, errors: { [field]: [message] } });
    expect(await load(margherita)).toEqual(before);
  });

  it('adds a product with its doughs, offered to customers at once', async () => {
    const menu = (await owner.get('/api/v1/admin/menu')).body;
    const pizzeClassiche = menu.categories.find((c: { name: string }) => c.name === 'Pizze Classiche');
    const dough = menu.doughs[0];
    const created = await owner.post('/api/v1/admin/products', {
      category_id: pizzeClassiche.id,
      name: 'Porcini e salsiccia',
      description: 'Fior di latte, porcini, salsiccia',
      price: '9,50',
      note: null,
      image_url: '/images/porcini.webp',
      visible: true,
      is_upsell: false,
      allow_variants: 1,
      variant_ids: [dough.id],
    });
    expect(created.status).toBe(201);
    expect(created.body.product).toMatchObject({
      name: 'Porcini e salsiccia',
      price: 9.5,
      version: 0,
      variant_ids: [dough.id],
      archived: false,
    });
    const webapp = await new ApiClient(server.baseUrl).get('/api/v1/ecommerce/webapp');
    const offered = webapp.body.products.find((p: { name: string }) => p.name === 'Porcini e salsiccia');
    expect(offered).toMatchObject({ price: 9.5, variants: [{ id: dough.id }] });
    const register = await owner.get(`/api/v1/admin/audit?entity=product&entity_id=${created.body.product.id}`);
    // The register lists what the creation set, as an edit lists old → new.
    expect(register.body.entries[0]).toMatchObject({
      action: 'create',
      label: 'Porcini e salsiccia',
      before: null,
      after: { name: 'Porcini e salsiccia', price: '9,50', image_url: '/images/porcini.webp', variant_ids: [dough.id] },
    });
  });

  it('deletes a product never ordered, archives one ever ordered; an archived one leaves menu and carts', async () => {
    const menu = (await owner.get('/api/v1/admin/menu')).body;
    const fresh = (
      await owner.post('/api/v1/admin/products', {
        ...productForm(menu.products[0]),
        name: 'Pizza di prova',
        price: '5',
      })
    ).body.product;
    const gone = await owner.delete(`/api/v1/admin/products/${fresh.id}?version=${fresh.version}`);
    expect(gone.body).toEqual({ archived: false, message: 'Prodotto eliminato.' });
    expect(await server.handle.db.selectFrom('products').select('id').where('id', '=', fresh.id).executeTakeFirst()).toBeUndefined();

    const capricciosa = await productId(server, 'Capricciosa');
    const placed = await checkout(customer, [{ id: capricciosa, qty: 1 }]);
    expect(placed.status).toBe(201);
    const current = await load(capricciosa);
    // The version counts: an old page cannot archive.
    expect((await owner.delete(`/api/v1/admin/products/${capricciosa}?version=${current.version + 5}`)).status).toBe(409);
    const archived = await owner.delete(`/api/v1/admin/products/${capricciosa}?version=${current.version}`);
    expect(archived.body).toEqual({ archived: true, message: 'Il prodotto è stato ordinato in passato: è stato archiviato.' });
    expect((await load(capricciosa)).archived).toBe(true);
    expect(await menuPrice(capricciosa)).toBeUndefined();
    const priced = await customer.post('/api/v1/ecommerce/cart', { cart: [{ id: capricciosa, qty: 1 }] });
    expect(priced.status).toBe(422);
    expect(priced.body.code).toBe('cart.item_unavailable');
    // The order keeps its line.
    const lines = await server.handle.db
      .selectFrom('order_lines')
      .select(['name', 'product_id'])
      .where('order_id', '=', placed.body.order.id)
      .execute();
    expect(lines).toEqual([{ name: 'Capricciosa', product_id: capricciosa }]);
    const register = await owner.get(`/api/v1/admin/audit?entity=product&entity_id=${capricciosa}`);
    expect(register.body.entries[0]).toMatchObject({ action: 'archive', before: { archived: false }, after: { archived: true } });
  });
});

describe("today's sold-outs", () => {
  const soldOutRow = async (id: number) =>
    ((await owner.get('/api/v1/admin/sold-out')).body.items as { id: number; version: number; sold_out: boolean }[]).find(
      (i) => i.id === id,
    )!;

  it('a sold-out Diavola is greyed for customers, refused in their cart and checkout, still sold by the cassa', async () => {
    const row = await soldOutRow(diavola);
    expect(row.sold_out).toBe(false);
    const marked = await owner.post(`/api/v1/admin/sold-out/${diavola}`, { sold_out: true, version: row.version });
    expect(marked.status).toBe(200);
    expect(marked.body.message).toBe('Segnato come esaurito per oggi.');
    expect(marked.body.items.find((i: { id: number }) => i.id === diavola)).toMatchObject({ sold_out: true, version: row.version + 1 });

    const webapp = await new ApiClient(server.baseUrl).get('/api/v1/ecommerce/webapp');
    expect(webapp.body.products.find((p: { id: number }) => p.id === diavola).sold_out).toBe(true);
    const cart = await customer.post('/api/v1/ecommerce/cart', { cart: [{ id: diavola, qty: 1 }] });
    expect(cart.status).toBe(422);
    expect(cart.body).toMatchObject({
      code: 'cart.item_unavailable',
      message: 'Un prodotto nel carrello non è più disponibile: rimuovilo e riprova.',
    });
    const refused = await checkout(customer, [{ id: diavola, qty: 1 }]);
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('cart.item_unavailable');

    const init = await owner.get('/api/v1/ecommerce/cassa/init');
    expect(init.body.products.find((p: { id: number }) => p.id === diavola).sold_out).toBe(true);
    const staffCart = await owner.post('/api/v1/ecommerce/cart', { cart: [{ id: diavola, qty: 1 }] });
    expect(staffCart.status).toBe(200);

    const register = await owner.get(`/api/v1/admin/audit?entity=product&entity_id=${diavola}`);
    expect(register.body.entries[0]).toMatchObject({ action: 'update', before: { sold_out: false }, after: { sold_out: true } });
  });

  it('is back by itself the next day', async () => {
    const row = await soldOutRow(diavola);
    if (!row.sold_out) await owner.post(`/api/v1/admin/sold-out/${diavola}`, { sold_out: true, version: row.version });
    server.clock.set('2026-11-19T00:15:00+01:00');
    try {
      // The catalogue cache is at most seconds old; the next day no cached answer is that young.
      server.services.catalog.invalidate();
      const webapp = await new ApiClient(server.baseUrl).get('/api/v1/ecommerce/webapp');
      expect(webapp.status, JSON.stringify(webapp.body).slice(0, 300)).toBe(200);
      expect(webapp.body.products.find((p: { id: number }) => p.id === diavola).sold_out).toBe(false);
      expect((await soldOutRow(diavola)).sold_out).toBe(false);
    } finally {
      server.clock.set('2026-11-18T17:00:00+01:00');
      server.services.catalog.invalidate();
    }
  });

  it('refuses a toggle based on an older version', async () => {
    const row = await soldOutRow(margherita);
    expect((await owner.post(`/api/v1/admin/sold-out/${margherita}`, { sold_out: true, version: row.version })).status).toBe(200);
    const late = await owner.post(`/api/v1/admin/sold-out/${margherita}`, { sold_out: false, version: row.version });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'record.stale', message: STALE });
    expect((await soldOutRow(margherita)).sold_out).toBe(true);
    await owner.post(`/api/v1/admin/sold-out/${margherita}`, { sold_out: false, version: row.version + 1 });
  });

  it('answers 401 without a session and 403 to a customer, and changes nothing', async () => {
    const row = await soldOutRow(margherita);
    const anonymous = new ApiClient(server.baseUrl);
    expect((await anonymous.post(`/api/v1/admin/sold-out/${margherita}`, { sold_out: true, version: row.version })).status).toBe(401);
    expect((await customer.post(`/api/v1/admin/sold-out/${margherita}`, { sold_out: true, version: row.version })).status).toBe(403);
    expect((await customer.get('/api/v1/admin/audit')).status).toBe(403);
    expect(await soldOutRow(margherita)).toEqual(row);
  });
});

describe('a change of many prices', () => {
  const categoryId = async (name: string) =>
    (await server.handle.db.selectFrom('categories').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  const prices = async (categoryIdValue: number) =>
    server.handle.db
      .selectFrom('products')
      .select(['id', 'name', 'price_cents'])
      .where('category_id', '=', categoryIdValue)
      .where('archived_at', 'is', null)
      .orderBy('id')
      .execute();

  it('previews +5 % on a category rounded to 0,10 €, then applies it with one audit row per product', async () => {
    const bianche = await categoryId('Pizze Bianche');
    const before = await prices(bianche);
    const request = { category_ids: [bianche], mode: 'percent', amount: '5' };
    const preview = await owner.post('/api/v1/admin/prices/preview', request);
    expect(preview.status).toBe(200);
    expect(preview.body.items).toHaveLength(before.length);
    for (const item of preview.body.items) {
      const old = before.find((p) => p.id === item.id)!;
      expect(item.old_price).toBe(old.price_cents / 100);
      expect(Math.round(item.new_price * 100) % 10).toBe(0);
      expect(Math.abs(item.new_price * 100 - old.price_cents * 1.05)).toBeLessThanOrEqual(5);
    }
    // A preview writes nothing.
    expect(await prices(bianche)).toEqual(before);

    const audits = (await server.handle.db.selectFrom('audit_log').select('id').execute()).length;
    const products = preview.body.items.map((i: { id: number; version: number }) => ({ id: i.id, version: i.version }));
    const applied = await owner.post('/api/v1/admin/prices/apply', { ...request, products });
    expect(applied.status).toBe(200);
    expect(applied.body.message).toBe(`Prezzi aggiornati: ${before.length} prodotti.`);
    const after = await prices(bianche);
    expect(after.map((p) => p.price_cents / 100)).toEqual(preview.body.items.map((i: { new_price: number }) => i.new_price));
    const changed = preview.body.items.filter((i: { old_price: number; new_price: number }) => i.old_price !== i.new_price).length;
    expect((await server.handle.db.selectFrom('audit_log').select('id').execute()).length).toBe(audits + changed);

    // Applying the same preview again is stale: the versions moved on, nothing changes twice.
    const again = await owner.post('/api/v1/admin/prices/apply', { ...request, products });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('record.stale');
    expect(await prices(bianche)).toEqual(after);
  });

  it.each([
    [{ amount: '' }, 'amount', 'Variazione è obbligatoria.'],
    [{ amount: '0' }, 'amount', 'Variazione non può essere zero.'],
    [{ amount: '1e400' }, 'amount', 'Variazione ha un formato non valido: scrivi ad esempio 5 o -0,50.'],
    [{ amount: '150' }, 'amount', 'Variazione deve essere tra -100 e 100 %.'],
    [{ category_ids: [] }, 'category_ids', 'Scegli almeno una categoria.'],
  ])('refuses %o with its message', async (change, field, message) => {
    const response = await owner.post('/api/v1/admin/prices/preview', { category_ids: [1], mode: 'percent', amount: '5', ...change });
    expect(response.status).toBe(422);
    expect(response.body.errors[field]).toEqual([message]);
  });
});
