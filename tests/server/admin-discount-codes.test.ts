/**
 * Discount codes in the back office (issue 17): created uppercase and unique, used at checkout,
 * deactivated and then refused at checkout, a used code never renamed, every message Italian,
 * stale saves refused, changes audited.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { adminSuite, type ApiClient, discountCodeForm, loggedInClient, productId } from './harness';

const suite = adminSuite();
let customer: ApiClient;
let margherita: number;

beforeAll(async () => {
  customer = (await loggedInClient(suite.server)).client;
  margherita = await productId(suite.server, 'Margherita');
});

const checkout = (code: string) =>
  customer.post('/api/v1/ecommerce/checkout', {
    data: { tipoConsegna: 'ritiro', addressSelector: 0, nomeCliente: 'Anna', telefono: '3331234567', fascia: '21:00', codiceSconto: code },
    cart: [{ id: margherita, qty: 2 }],
  });

describe('discount codes', () => {
  it('a new code is saved uppercase, a customer uses it at checkout, the list counts the use', async () => {
    const created = await suite.owner.post('/api/v1/admin/discount-codes', discountCodeForm());
    expect(created.status).toBe(201);
    expect(created.body.code).toMatchObject({
      code: 'AUTUNNO-10',
      amount: '10',
      min_order: '0,00',
      active: true,
      times_used: 0,
      version: 0,
    });

    const order = await checkout('autunno-10');
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    expect(order.body.order.discount_code).toBe('AUTUNNO-10');
    // 2 × 6,50 = 13,00 − 10 % = 11,70
    expect(order.body.order.total_price).toBe(11.7);

    const list = await suite.owner.get('/api/v1/admin/discount-codes');
    expect(list.body.items.find((c: { code: string }) => c.code === 'AUTUNNO-10').times_used).toBe(1);
    const register = await suite.owner.get(`/api/v1/admin/audit?entity=discount_code&entity_id=${created.body.code.id}`);
    expect(register.body.entries[0]).toMatchObject({ action: 'create', label: 'AUTUNNO-10' });
  });

  it('deactivated, it is refused at checkout with its message, and a used code cannot be renamed', async () => {
    const code = (await suite.owner.get('/api/v1/admin/discount-codes')).body.items.find((c: { code: string }) => c.code === 'AUTUNNO-10');
    const renamed = await suite.owner.put(`/api/v1/admin/discount-codes/${code.id}`, {
      ...discountCodeForm({ code: 'AUTUNNO-20' }),
      version: code.version,
    });
    expect(renamed.status).toBe(422);
    expect(renamed.body.errors.code).toEqual(['Un codice già usato non si può rinominare: disattivalo e creane uno nuovo.']);

    const off = await suite.owner.put(`/api/v1/admin/discount-codes/${code.id}`, {
      ...discountCodeForm({ active: false }),
      version: code.version,
    });
    expect(off.status).toBe(200);
    expect(off.body.code.active).toBe(false);
    const refused = await checkout('AUTUNNO-10');
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'discount.invalid', message: 'Codice sconto non valido o non attivo.' });

    const late = await suite.owner.put(`/api/v1/admin/discount-codes/${code.id}`, {
      ...discountCodeForm({ active: true }),
      version: code.version,
    });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('record.stale');
    expect(late.body.current).toMatchObject({ active: false });
  });

  it.each([
    [{ code: '' }, 'code', 'Codice è obbligatorio.'],
    [{ code: 'AB' }, 'code', 'Codice deve avere da 3 a 50 caratteri: lettere A-Z, cifre e trattini.'],
    [{ code: 'SCONTO 10' }, 'code', 'Codice deve avere da 3 a 50 caratteri: lettere A-Z, cifre e trattini.'],
    [{ code: 'benvenuto5' }, 'code', 'Esiste già un codice con questo nome.'],
    [{ amount: '0' }, 'amount', 'Sconto deve essere una percentuale intera tra 1 e 100.'],
    [{ amount: '101' }, 'amount', 'Sconto deve essere una percentuale intera tra 1 e 100.'],
    [{ kind: 'fixed', amount: '0' }, 'amount', 'Sconto deve essere maggiore di zero.'],
    [{ kind: 'fixed', amount: 'cinque' }, 'amount', 'Sconto ha un formato non valido: scrivi ad esempio 5,00.'],
    [{ min_order: '1e400' }, 'min_order', 'Ordine minimo ha un formato non valido: scrivi ad esempio 15,00.'],
    [{ valid_from: '2026-12-10', valid_until: '2026-12-01' }, 'valid_until', 'Valido fino al non può precedere Valido dal.'],
    [{ label: '' }, 'label', 'Descrizione è obbligatoria.'],
  ])('refuses %o with its message', async (change, field, message) => {
    const response = await suite.owner.post('/api/v1/admin/discount-codes', discountCodeForm({ code: 'NUOVO-1', ...change }));
    expect(response.status).toBe(422);
    expect(response.body.errors[field]).toEqual([message]);
  });
});
