/**
 * Security review: +100 % applied twelve times made a pizza 49.152 € and a customer checked it out.
 * Every path that writes a price keeps it within 0,10–9.999,99 € (src/domain's bounds); a supplement
 * or a delivery fee may also be none (0).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, loggedInClient, productForm, productId, setPriceByForm, startTestServer, type TestServer } from './harness';

let server: TestServer;
let owner: ApiClient;
let margherita: number;

beforeAll(async () => {
  server = await startTestServer();
  owner = (await loggedInClient(server, { role: 'admin' })).client;
  margherita = await productId(server, 'Margherita');
});
afterAll(() => server.close());

const priceOf = async (id: number) =>
  (await server.handle.db.selectFrom('products').select('price_cents').where('id', '=', id).executeTakeFirstOrThrow()).price_cents;
const auditRows = async () => (await server.handle.db.selectFrom('audit_log').select('id').execute()).length;
const categoryOf = async (id: number) =>
  (await server.handle.db.selectFrom('products').select('category_id').where('id', '=', id).executeTakeFirstOrThrow()).category_id;

/** Previews and applies a bulk change on Margherita's category, as the back office does. */
async function bulkChange(mode: 'percent' | 'euro', amount: string) {
  const request = { category_ids: [await categoryOf(margherita)], mode, amount };
  const preview = await owner.post('/api/v1/admin/prices/preview', request);
  if (preview.status !== 200) return preview;
  const products = preview.body.items.map((i: { id: number; version: number }) => ({ id: i.id, version: i.version }));
  return owner.post('/api/v1/admin/prices/apply', { ...request, products });
}

describe('the bulk price change', () => {
  it('+100 % again and again stops below 9.999,99 €: the change that would pass it is refused naming the product, nothing written', async () => {
    const doubled: number[] = [];
    for (let round = 0; round < 12; round++) {
      const answer = await bulkChange('percent', '100');
      if (answer.status !== 200) {
        expect(answer.status).toBe(422);
        expect(answer.body.code).toBe('validation');
        expect(answer.body.errors.amount[0]).toMatch(/^\S.* costerebbe \d{1,3}(\.\d{3})*,\d{2} €.*: un prezzo va da 0,10 € a 9999,99 €\.$/);
        break;
      }
      doubled.push(await priceOf(margherita));
    }
    expect(doubled.length).toBeLessThan(12);
    const before = await priceOf(margherita);
    expect(before).toBeLessThanOrEqual(999_999);
    const audits = await auditRows();

    const refused = await bulkChange('percent', '100');
    expect(refused.status).toBe(422);
    expect(await priceOf(margherita)).toBe(before);
    expect(await auditRows()).toBe(audits);

    // What is on sale can be bought at no more than the ceiling.
    const menu = (await new ApiClient(server.baseUrl).get('/api/v1/ecommerce/webapp')).body.products as { price: number }[];
    expect(Math.max(...menu.map((p) => p.price))).toBeLessThanOrEqual(9999.99);
  });

  it('−100 % would make every price 0: refused naming the first product, nothing written', async () => {
    const before = await priceOf(margherita);
    const audits = await auditRows();
    const preview = await owner.post('/api/v1/admin/prices/preview', {
      category_ids: [await categoryOf(margherita)],
      mode: 'percent',
      amount: '-100',
    });
    expect(preview.status).toBe(422);
    expect(preview.body.message).toMatch(/^.+ costerebbe 0,00 € \(e altri \d+ prodotti\): un prezzo va da 0,10 € a 9999,99 €\.$/);
    expect(preview.body.errors).toEqual({ amount: [preview.body.message] });
    expect(await priceOf(margherita)).toBe(before);
    expect(await auditRows()).toBe(audits);
  });

  it('−100 € off a 6,50 € pizza would go to 0: refused', async () => {
    await setPriceByForm(owner, margherita, 650);
    const before = await priceOf(margherita);
    const answer = await bulkChange('euro', '-100');
    expect(answer.status).toBe(422);
    expect(answer.body.errors.amount[0]).toMatch(/^Margherita costerebbe 0,00 €/);
    expect(await priceOf(margherita)).toBe(before);
  });
});

describe('the other paths that write a price', () => {
  it.each([
    ['0', 'Prezzo deve essere almeno 0,10 €.'],
    ['0,09', 'Prezzo deve essere almeno 0,10 €.'],
    ['10000', 'Prezzo non può superare 9999,99 €.'],
  ])('the product editor refuses %s €', async (price, message) => {
    const product = (await owner.get(`/api/v1/admin/products/${margherita}`)).body.product;
    const refused = await owner.put(`/api/v1/admin/products/${margherita}`, productForm(product, price));
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ price: [message] });
  });

  it('the product editor takes 0,10 €, the lowest price', async () => {
    const product = (await owner.get(`/api/v1/admin/products/${margherita}`)).body.product;
    expect((await owner.put(`/api/v1/admin/products/${margherita}`, productForm(product, '0,10'))).status).toBe(200);
    expect(await priceOf(margherita)).toBe(10);
  });

  it('a dough supplement is none (0) or 0,10–9.999,99 €', async () => {
    const refused = await owner.post('/api/v1/admin/doughs', { name: 'Kamut', price_modifier: '0,05' });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ price_modifier: ['Supplemento deve essere almeno 0,10 €.'] });
    expect((await owner.post('/api/v1/admin/doughs', { name: 'Kamut', price_modifier: '0' })).status).toBe(201);
  });

  it('a delivery fee is free (empty or 0) or 0,10–9.999,99 €', async () => {
    const zones = (await owner.get('/api/v1/admin/zones')).body.items as { id: number; name: string; version: number }[];
    const zone = zones.find((z) => z.name === 'Monteverde')!;
    const save = (fee: string) =>
      owner.put(`/api/v1/admin/zones/${zone.id}`, { name: zone.name, active: true, fee, min_order: '', version: zone.version });
    const refused = await save('0,05');
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ fee: ['Costo di consegna deve essere almeno 0,10 €.'] });
    expect((await save('0')).status).toBe(200);
  });
});
