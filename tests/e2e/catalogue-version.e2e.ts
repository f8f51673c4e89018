/**
 * The catalogue version against the real server (issue 17): the owner raises the Capricciosa while a
 * customer has the menu open and the cassa is taking an order. Neither page reloads: the customer's
 * menu shows the new price after the next cart price request, the cassa's product search after its
 * next list refresh ('Aggiorna', as the cashier would; the 30 s timer does the same), and the order
 * being typed stays. A cassa order reopened after a raise keeps its price. Prices are put back at the
 * end (the e2e files share one server).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, DESKTOP, url, useBrowser } from './browser';
import { logInAsAdmin, openCassa, ordersList } from './cassa-helpers';

interface AdminProduct {
  id: number;
  version: number;
  price: number;
  [field: string]: unknown;
}

async function adminProduct(page: Page, name: string): Promise<AdminProduct> {
  const menu = (await apiCall(page, 'GET', '/api/v1/admin/menu')).body as { products: (AdminProduct & { name: string })[] };
  return menu.products.find((p) => p.name === name)!;
}

/** What the product editor saves: the product as it is, at another price. */
async function setPrice(page: Page, name: string, price: string) {
  const { id, version, archived: _archived, sold_out: _soldOut, ...rest } = await adminProduct(page, name);
  const saved = await apiCall(page, 'PUT', `/api/v1/admin/products/${id}`, { ...rest, price, version });
  expect(saved.status).toBe(200);
}

/** Marks the page: the mark is gone if the page reloads. */
const markPage = (page: Page) => page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
const isSamePage = (page: Page) => page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);

const menuCard = (page: Page, name: string) => page.locator('.product-card', { hasText: name }).first();

describe('catalogue version: open pages follow the back office', () => {
  const browser = useBrowser();

  it('a raised price reaches an open menu at its next cart request and an open cassa at its next refresh, without a reload', async () => {
    const { page: owner } = await browser.open({ viewport: DESKTOP });
    await logInAsAdmin(owner);
    expect((await adminProduct(owner, 'Capricciosa')).price).toBe(9.5);

    const { page: customer } = await browser.open({ viewport: DESKTOP });
    await customer.goto(url('/ecommerce'));
    expect(await menuCard(customer, 'Capricciosa').textContent()).toContain('9,50 €');
    await markPage(customer);

    const { page: cassa } = await browser.open({ viewport: DESKTOP });
    await openCassa(cassa);
    const editor = cassa.getByRole('region', { name: 'Aggiungi ordine' });
    const nameBox = editor.getByLabel('Nome cliente', { exact: true });
    await nameBox.fill('Cliente del listino');
    await nameBox.press('Escape');
    const productBox = editor.getByLabel('Nome prodotto', { exact: true });
    await productBox.fill('Capric');
    expect(await cassa.getByRole('option', { name: /Capricciosa/ }).textContent()).toContain('9,50');
    await productBox.fill('');
    await markPage(cassa);

    try {
      await setPrice(owner, 'Capricciosa', '9,80');

      // The customer adds a Napoli: its price answer names the new catalogue version, the menu loads again.
      await customer
        .getByRole('button', { name: /^Napoli/ })
        .first()
        .click();
      const dialog = customer.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Aggiungi al Carrello (7,50 €)' }).click();
      await dialog.waitFor({ state: 'detached' });
      await menuCard(customer, 'Capricciosa').getByText('9,80 €').waitFor();
      expect(await customer.getByRole('link', { name: /^Carrello \(1\)/ }).count()).toBeGreaterThan(0);
      expect(await isSamePage(customer)).toBe(true);

      // The cashier refreshes the list: the products follow, the order being typed stays.
      await ordersList(cassa).waitFor();
      await cassa.getByRole('button', { name: 'Aggiorna' }).click();
      await productBox.fill('Capric');
      await cassa
        .getByRole('option', { name: /Capricciosa/ })
        .filter({ hasText: '9,80' })
        .waitFor();
      expect(await nameBox.inputValue()).toBe('Cliente del listino');
      expect(await isSamePage(cassa)).toBe(true);
    } finally {
      await setPrice(owner, 'Capricciosa', '9,50');
    }
  });

  it('a reopened cassa order keeps its price after a raise: the editor shows it, the save stores it', async () => {
    const { page: cassa } = await browser.open({ viewport: DESKTOP });
    await openCassa(cassa);
    const napoli = await adminProduct(cassa, 'Napoli');
    expect(napoli.price).toBe(7.5);
    const placed = await apiCall(cassa, 'POST', '/api/v1/ecommerce/cassa/orders/store', {
      data: {
        client_id: 0,
        delivery: 'ritiro',
        nomeCliente: 'Cliente del listino',
        telefono: '3331234567',
        fascia: '23:30',
        payment_type: 'Contanti',
      },
      cart: [{ id: napoli.id, qty: 2 }],
      discount: null,
    });
    expect(placed.status).toBe(201);
    const id = (placed.body as { order: { id: number } }).order.id;
    const total = async () =>
      ((await apiCall(cassa, 'GET', `/api/v1/ecommerce/cassa/orders/${id}`)).body as { order: { total_price: number } }).order.total_price;
    expect(await total()).toBe(15);

    try {
      await setPrice(cassa, 'Napoli', '8,00');
      await cassa.goto(url(`/cassa?ordine=${id}`));
      const editor = cassa.getByRole('region', { name: 'Modifica ordine' });
      const save = editor.getByRole('button', { name: 'Modifica ordine' });
      await expect.poll(() => save.isEnabled()).toBe(true);
      // The two Napoli at 7,50 as ordered, not today's 16,00 €.
      await editor.locator('dd', { hasText: '15,00 €' }).first().waitFor();
      expect(await editor.locator('dd', { hasText: '16,00 €' }).count()).toBe(0);
      await save.click();
      await cassa.waitForURL(url('/cassa'));
      expect(await total()).toBe(15);
    } finally {
      await setPrice(cassa, 'Napoli', '7,50');
      await apiCall(cassa, 'PATCH', `/api/v1/ecommerce/cassa/orders/${id}`, { status: 3 });
    }
  });
});
