/**
 * Issue 29, the staff's side against the real server: a phone order with 'Allergie o intolleranze'
 * typed in the cassa is marked in the day list and its ticket starts with the allergy; the owner adds
 * 'Frutta a guscio' to the Ortolana (no other file asserts on it) and the public menu says so, then
 * puts it back; the dough editor shows the seed's 'Senza glutine'. axe on the cassa with the field,
 * the product editor and the dough editor.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { components } from '../../openapi/schema';
import { readTicket } from '../server/ticket-text';
import { apiCall, DESKTOP, expectNoA11yViolations, url, useBrowser } from './browser';
import { editor, logInAsAdmin, nameBox, openCassa, productBox, row } from './cassa-helpers';

type AdminProduct = components['schemas']['AdminProduct'];

const PRODUCT = 'Ortolana';

async function adminProduct(page: Page, name: string): Promise<AdminProduct> {
  const menu = (await apiCall(page, 'GET', '/api/v1/admin/menu')).body as { products: AdminProduct[] };
  return menu.products.find((p) => p.name === name)!;
}

/** Puts a product's allergens back through the API, whatever version it has reached. */
async function restoreAllergens(page: Page, name: string, allergens: AdminProduct['allergens']) {
  const { id, version, archived: _archived, sold_out: _soldOut, ...rest } = await adminProduct(page, name);
  const price = rest.price.toFixed(2).replace('.', ',');
  const restored = await apiCall(page, 'PUT', `/api/v1/admin/products/${id}`, { ...rest, price, allergens, version });
  expect(restored.status).toBe(200);
}

describe('allergens: the cassa and the back office', () => {
  const browser = useBrowser();

  it("a phone order with 'Allergie o intolleranze' is marked in the day list and its ticket starts with it", async () => {
    const { page } = await browser.open({ viewport: DESKTOP });
    await openCassa(page);
    await nameBox(page).fill('Ernesta Allergica');
    await editor(page).getByRole('radio', { name: 'Ritiro' }).check({ force: true });
    await productBox(page).fill('Margherita');
    await page
      .getByRole('listbox', { name: 'Prodotti trovati' })
      .getByRole('option', { name: /^Margherita\b/ })
      .click();
    await editor(page).getByRole('heading', { name: 'Margherita', exact: true }).waitFor();
    const note = editor(page).getByRole('textbox', { name: 'Allergie o intolleranze' });
    await note.fill('bambino');
    await editor(page).getByRole('group', { name: 'Aggiungi un allergene' }).getByRole('button', { name: 'Frutta a guscio' }).click();
    expect(await note.inputValue()).toBe('bambino, frutta a guscio');
    await expectNoA11yViolations(page, 'cassa editor with an allergy note');

    const confirm = editor(page).getByRole('button', { name: 'Conferma ordine' });
    await expect.poll(() => confirm.isEnabled()).toBe(true);
    await confirm.click();
    const message = editor(page)
      .getByRole('status')
      .getByText(/^Ordine creato\. Ordine numero #(\d+) delle/);
    await message.waitFor();
    const orderNum = Number((await message.textContent())!.match(/#(\d+)/)![1]);

    const marked = row(page, orderNum);
    await marked.getByText('Allergie: bambino, frutta a guscio', { exact: true }).waitFor();
    expect(await marked.getByTitle('bambino, frutta a guscio').count()).toBe(1);
    await expectNoA11yViolations(page, 'cassa day list with an allergy mark');

    const day = (await apiCall(page, 'GET', '/api/v1/ecommerce/cassa/orders')).body as {
      orders: { data: { id: number; order_num: number; allergy_note: string | null }[] };
    };
    const order = day.orders.data.find((o) => o.order_num === orderNum)!;
    expect(order.allergy_note).toBe('bambino, frutta a guscio');
    const ticket = await page.context().request.get(url(`/api/v1/ecommerce/cassa/pdf/orders/${order.id}`));
    expect(ticket.headers()['content-type']).toBe('application/pdf');
    const [first] = await readTicket(await ticket.body());
    expect(first!.text.trim()).toMatch(/^ALLERGIE: bambino, frutta a guscio/i);
  });

  it("the owner adds 'Frutta a guscio' to a product and the public menu shows it", async () => {
    const { page: owner } = await browser.open({ viewport: DESKTOP });
    await logInAsAdmin(owner);
    const before = await adminProduct(owner, PRODUCT);
    expect(before.allergens).not.toContain('nuts');
    const { page: customer } = await browser.open({ viewport: DESKTOP });
    await customer.goto(url('/ecommerce'));
    const card = customer.locator('.product-card', { hasText: PRODUCT }).first();
    await card.getByText(/Contiene/).waitFor({ state: 'attached' });
    expect(await card.textContent()).not.toContain('Frutta a guscio');
    try {
      await owner.goto(url('/admin/menu'));
      await owner.getByRole('link', { name: `Modifica ${PRODUCT}` }).click();
      await owner.getByRole('heading', { level: 2, name: PRODUCT }).waitFor();
      const contains = owner.getByRole('group', { name: 'Contiene' });
      const nuts = contains.getByRole('checkbox', { name: 'Frutta a guscio' });
      expect(await nuts.isChecked()).toBe(false);
      await expectNoA11yViolations(owner, 'product editor with allergens');
      await nuts.check({ force: true });
      expect(await nuts.isChecked()).toBe(true);
      await owner.getByRole('button', { name: 'Salva' }).click();
      await owner.getByText('Modifiche salvate.').waitFor();
      expect((await adminProduct(owner, PRODUCT)).allergens).toContain('nuts');

      await customer.reload();
      await expect.poll(() => card.textContent()).toContain('Frutta a guscio');
    } finally {
      await restoreAllergens(owner, PRODUCT, before.allergens);
    }
  });

  it('the dough editor shows what a dough contains and whether it is a base dough', async () => {
    const { page } = await browser.open({ viewport: DESKTOP });
    await logInAsAdmin(page);
    await page.goto(url('/admin/menu/impasti'));
    // The base dough is listed as what products are made on, not as a choice.
    await page
      .getByRole('row', { name: /Impasto classico/ })
      .getByText('Impasto di base', { exact: true })
      .waitFor();
    await page.getByRole('link', { name: 'Modifica Senza glutine' }).click();
    await page.getByRole('heading', { level: 2, name: 'Senza glutine' }).waitFor();
    const traces = page.getByRole('group', { name: 'Può contenere' });
    expect(await traces.getByRole('checkbox', { name: 'Glutine' }).isChecked()).toBe(true);
    expect(await page.getByRole('group', { name: 'Contiene' }).getByRole('checkbox', { name: 'Glutine' }).isChecked()).toBe(false);
    expect(await page.getByRole('checkbox', { name: 'Impasto di base (non si sceglie)' }).isChecked()).toBe(false);
    await expectNoA11yViolations(page, 'dough editor with allergens');
  });
});
