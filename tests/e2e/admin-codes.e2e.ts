/**
 * Discount codes against the real server (issue 17): the owner creates a code, a customer uses it at
 * checkout, the owner deactivates it and the next checkout with it is refused.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, DESKTOP, expectNoA11yViolations, shownDate, typeDate, url, useBrowser } from './browser';
import { freeSlots, logIn, logInAsAdmin, PASSWORD, verifiedCustomer } from './cassa-helpers';

async function checkoutWithCode(customer: Page, code: string) {
  const products = (await apiCall(customer, 'GET', '/api/ecommerce/products')).body!.products as { id: number; name: string }[];
  const margherita = products.find((p) => p.name === 'Margherita')!;
  // The last free slot: other files' orders fill the early ones.
  const fascia = (await freeSlots(customer)).at(-1)!;
  return apiCall(customer, 'POST', '/api/v1/ecommerce/checkout', {
    data: {
      tipoConsegna: 'ritiro',
      addressSelector: 0,
      nomeCliente: 'Lucia Verdi',
      telefono: '3331234567',
      fascia,
      codiceSconto: code,
    },
    cart: [{ id: margherita.id, qty: 2 }],
  });
}

describe('back office: discount codes', () => {
  const browser = useBrowser();

  it('a new code is used by a customer at checkout; deactivated, it is refused', async () => {
    const { page: owner } = await browser.open({ viewport: DESKTOP });
    await logInAsAdmin(owner);
    const shopper = await browser.open({ viewport: DESKTOP });
    // The refused checkout is a 422 the browser logs: expected here.
    shopper.allowErrors(/status of 422 \(Unprocessable Entity\)/);
    const customer = shopper.page;
    await logIn(customer, await verifiedCustomer(customer), PASSWORD);
    const code = `E2E-${Date.now().toString(36).toUpperCase()}`;

    await owner.goto(url('/admin/codici-sconto'));
    await owner.getByRole('link', { name: 'Nuovo codice' }).click();
    await owner.getByRole('heading', { level: 2, name: 'Nuovo codice' }).waitFor();
    await owner.getByRole('textbox', { name: 'Codice' }).fill(code.toLowerCase());
    await owner.getByRole('textbox', { name: 'Descrizione' }).fill('Sconto autunno 10%');
    await owner.getByRole('textbox', { name: 'Sconto' }).fill('10');
    await expectNoA11yViolations(owner, 'discount code editor');
    await owner.getByRole('button', { name: 'Salva' }).click();
    await owner.getByText('Modifiche salvate.').waitFor();
    // Saved uppercase.
    expect(await owner.getByRole('textbox', { name: 'Codice' }).inputValue()).toBe(code);

    const used = await checkoutWithCode(customer, code);
    expect(used.status).toBe(201);
    const order = used.body!.order as { discount_code: string; total_price: number };
    expect(order.discount_code).toBe(code);
    expect(order.total_price).toBe(11.7);

    await owner.getByRole('checkbox', { name: 'Attivo' }).uncheck({ force: true });
    await owner.getByRole('button', { name: 'Salva' }).click();
    await owner.getByText('Modifiche salvate.').waitFor();
    const refused = await checkoutWithCode(customer, code);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'discount.invalid', message: 'Codice sconto non valido o non attivo.' });

    await owner.getByRole('button', { name: 'Torna all’elenco' }).click();
    const row = owner.getByRole('row', { name: new RegExp(code) });
    await row.waitFor();
    expect(await row.textContent()).toContain('Disattivato');
    expect(await row.textContent()).toContain('1 volta');
    await expectNoA11yViolations(owner, '/admin/codici-sconto');
  });

  it("a code valid from tomorrow (typed 19/11/2026) is refused today; 'Nessuna data' makes it valid at once", async () => {
    const { page: owner } = await browser.open({ viewport: DESKTOP });
    await logInAsAdmin(owner);
    const shopper = await browser.open({ viewport: DESKTOP });
    shopper.allowErrors(/status of 422 \(Unprocessable Entity\)/);
    const customer = shopper.page;
    await logIn(customer, await verifiedCustomer(customer), PASSWORD);
    const code = `E2E-DAL-${Date.now().toString(36).toUpperCase()}`;

    await owner.goto(url('/admin/codici-sconto/nuovo'));
    await owner.getByRole('textbox', { name: 'Codice' }).fill(code);
    await owner.getByRole('textbox', { name: 'Descrizione' }).fill('Sconto da domani');
    await owner.getByRole('textbox', { name: 'Sconto' }).fill('10');
    const from = owner.getByRole('group', { name: 'Valido dal', exact: true });
    await typeDate(from, '2026-11-19');
    await owner.getByRole('button', { name: 'Salva' }).click();
    await owner.getByText('Modifiche salvate.').waitFor();
    // The new code's own address: a reload opens it, not a blank form that would create it again.
    await expect.poll(() => new URL(owner.url()).pathname).toMatch(/^\/admin\/codici-sconto\/\d+$/);
    await owner.reload();
    await owner.getByRole('heading', { name: code }).waitFor();
    const saved = (await apiCall(owner, 'GET', '/api/v1/admin/discount-codes')).body as {
      items: { code: string; valid_from: string | null }[];
    };
    expect(saved.items.find((c) => c.code === code)?.valid_from).toBe('2026-11-19');
    expect((await checkoutWithCode(customer, code)).status).toBe(422);

    // Opened again from the list, as the owner finds it later.
    await owner.getByRole('button', { name: 'Torna all’elenco' }).click();
    await owner.getByRole('link', { name: `Modifica ${code}` }).click();
    await expect.poll(() => shownDate(from)).toBe('19/11/2026');
    await owner.getByRole('button', { name: 'Nessuna data (Valido dal)' }).click();
    expect(await shownDate(from)).toBe('gg/mm/aaaa');
    await owner.getByRole('button', { name: 'Salva' }).click();
    await owner.getByText('Modifiche salvate.').waitFor();
    await expectNoA11yViolations(owner, 'discount code editor with its dates');
    expect((await checkoutWithCode(customer, code)).status).toBe(201);
  });
});
