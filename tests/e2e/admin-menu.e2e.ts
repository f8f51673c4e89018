/**
 * The back office's menu against the real server (issue 17): the owner raises the Margherita and the
 * menu, a cart holding it and the cassa follow while a placed order keeps its price; two pages save the
 * same product and the second is refused; the Diavola sold out is greyed and refused in a cart.
 * Every test puts the shared demo menu back as it found it (the e2e files share one server).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { components } from '../../openapi/schema';
import { apiCall, DESKTOP, expectNoA11yViolations, url, useBrowser } from './browser';
import { freeSlots, logIn, logInAsAdmin, PASSWORD, placeOnlineOrder, verifiedCustomer } from './cassa-helpers';

const STALE = 'Qualcuno ha modificato questo elemento mentre lo stavi modificando.';

type AdminProduct = components['schemas']['AdminProduct'];

async function adminProduct(page: Page, name: string): Promise<AdminProduct> {
  const menu = (await apiCall(page, 'GET', '/api/v1/admin/menu')).body as { products: AdminProduct[] };
  return menu.products.find((p) => p.name === name)!;
}

/** Puts a product's price back through the API, whatever version it has reached. */
async function restorePrice(page: Page, name: string, price: number) {
  const product = await adminProduct(page, name);
  if (product.price === price) return;
  const { id, version, archived: _archived, sold_out: _soldOut, ...rest } = product;
  const restored = await apiCall(page, 'PUT', `/api/v1/admin/products/${id}`, {
    ...rest,
    price: price.toFixed(2).replace('.', ','),
    version,
  });
  expect(restored.status).toBe(200);
}

async function openEditor(page: Page, name: string) {
  await page.goto(url('/admin/menu'));
  await page.getByRole('link', { name: `Modifica ${name}` }).click();
  await page.getByRole('heading', { level: 2, name }).waitFor();
  return page.getByRole('textbox', { name: 'Prezzo' });
}

async function addToCart(page: Page, name: string, price: string) {
  await page.goto(url('/ecommerce'));
  await page
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: `Aggiungi al Carrello (${price})` }).click();
  await dialog.waitFor({ state: 'detached' });
}

const menuCard = (page: Page, name: string) => page.locator('.product-card', { hasText: name }).first();

describe('back office: the menu', () => {
  const browser = useBrowser();

  it('raising the Margherita: the menu shows it, a cart holding it re-prices, a placed order keeps the old price', async () => {
    const { page: owner } = await browser.open({ viewport: DESKTOP });
    await logInAsAdmin(owner);
    const { page: customer } = await browser.open({ viewport: DESKTOP });
    await logIn(customer, await verifiedCustomer(customer), PASSWORD);
    const before = await adminProduct(owner, 'Margherita');
    expect(before.price).toBe(6.5);
    try {
      // The last free slot: other files' orders fill the early ones.
      const placed = await placeOnlineOrder(customer, (await freeSlots(customer)).at(-1)!, 1);
      await addToCart(customer, 'Margherita', '6,50 €');

      const price = await openEditor(owner, 'Margherita');
      expect(await price.inputValue()).toBe('6,50');
      await expectNoA11yViolations(owner, 'product editor');
      await price.fill('6,90');
      await owner.getByRole('button', { name: 'Salva' }).click();
      await owner.getByText('Modifiche salvate.').waitFor();

      await customer.goto(url('/ecommerce'));
      expect(await menuCard(customer, 'Margherita').textContent()).toContain('6,90 €');
      await customer.goto(url('/ecommerce/cart'));
      await customer.locator('.cart-line', { hasText: 'Margherita' }).getByText('6,90 €').first().waitFor();

      const detail = await apiCall(owner, 'GET', `/api/v1/ecommerce/cassa/orders/${placed.id}`);
      const order = (detail.body as { order: { total_price: number; cart: { name: string; price: number }[] } }).order;
      expect(order.total_price).toBe(6.5);
      expect(order.cart.find((l) => l.name === 'Margherita')?.price).toBe(6.5);

      // The register names who changed what.
      await owner.goto(url('/admin/registro'));
      const row = owner.getByRole('row', { name: /Prodotto Margherita/ }).first();
      await row.waitFor();
      expect(await row.textContent()).toContain('prezzo: 6,50 → 6,90');
      await expectNoA11yViolations(owner, 'register');
    } finally {
      await restorePrice(owner, 'Margherita', 6.5);
    }
  });

  it('every category’s table has the same column widths: the columns stay put from one category to the next', async () => {
    const { page } = await browser.open({ viewport: DESKTOP });
    await logInAsAdmin(page);
    await page.goto(url('/admin/menu'));
    await page.getByRole('table', { name: 'Pizze Classiche' }).waitFor();
    const columns = await page.getByRole('table').evaluateAll((tables) =>
      tables.map((table) =>
        [...table.querySelectorAll('thead th')].map((th) => {
          const box = th.getBoundingClientRect();
          return `${Math.round(box.left)}+${Math.round(box.width)}`;
        }),
      ),
    );
    expect(columns.length).toBeGreaterThan(3);
    for (const table of columns) expect(table).toEqual(columns[0]);
  });

  it('a +5 % on the white pizzas: previewed old → new, applied at once, shown on the menu', async () => {
    const { page } = await browser.open({ viewport: DESKTOP });
    await logInAsAdmin(page);
    const menu = (await apiCall(page, 'GET', '/api/v1/admin/menu')).body as {
      categories: { id: number; name: string }[];
      products: AdminProduct[];
    };
    const bianche = menu.categories.find((c) => c.name === 'Pizze Bianche')!;
    const before = menu.products.filter((p) => p.category_id === bianche.id && !(p as { archived?: boolean }).archived);
    try {
      await page.goto(url('/admin/menu'));
      await page.getByRole('link', { name: 'Aumento prezzi' }).click();
      await page.getByRole('heading', { level: 1, name: 'Aumento prezzi' }).waitFor();
      await page.locator('.admin-checkbox', { hasText: 'Pizze Bianche' }).click();
      await page.getByRole('textbox', { name: 'Variazione' }).fill('5');
      await page.getByRole('button', { name: 'Anteprima' }).click();
      const preview = page.getByRole('table', { name: 'Anteprima dei nuovi prezzi' });
      await preview.waitFor();
      expect(await preview.getByRole('row').count()).toBe(before.length + 1);
      await expectNoA11yViolations(page, 'bulk price');
      await page.getByRole('button', { name: `Aumenta del 5 % (${before.length} prodotti)` }).click();
      await page.getByText(`Prezzi aggiornati: ${before.length} prodotti.`).waitFor();
      const after = await adminProduct(page, before[0]!.name);
      expect(Math.round(after.price * 100) % 10).toBe(0);
      expect(after.price).toBeGreaterThan(before[0]!.price);
      await page.goto(url('/ecommerce'));
      expect(await menuCard(page, before[0]!.name).textContent()).toContain(`${after.price.toFixed(2).replace('.', ',')} €`);
    } finally {
      for (const product of before) await restorePrice(page, product.name, product.price);
    }
  });

  it('two pages save the same product: the second is refused and shows the price saved first', async () => {
    const first = await browser.open({ viewport: DESKTOP });
    await logInAsAdmin(first.page);
    const second = await browser.open({ viewport: DESKTOP });
    // The refused save is a 409 the browser logs: expected here.
    second.allowErrors(/status of 409 \(Conflict\)/);
    await logInAsAdmin(second.page);
    const before = await adminProduct(first.page, 'Marinara');
    try {
      const firstPrice = await openEditor(first.page, 'Marinara');
      const secondPrice = await openEditor(second.page, 'Marinara');
      await firstPrice.fill('5,60');
      await first.page.getByRole('button', { name: 'Salva' }).click();
      await first.page.getByText('Modifiche salvate.').waitFor();

      await secondPrice.fill('5,70');
      await second.page.getByRole('button', { name: 'Salva' }).click();
      await second.page.getByText(STALE).waitFor();
      expect(await secondPrice.inputValue()).toBe('5,60');
      expect((await adminProduct(first.page, 'Marinara')).price).toBe(5.6);
    } finally {
      await restorePrice(first.page, 'Marinara', before.price);
    }
  });

  it('the Diavola sold out today: greyed on the menu, refused in a cart that holds it, badge in the back office', async () => {
    const shopper = await browser.open({ viewport: DESKTOP });
    // The cart's price request is refused (422) while it holds the sold-out Diavola: expected here.
    shopper.allowErrors(/status of 422 \(Unprocessable Entity\)/);
    const customer = shopper.page;
    await addToCart(customer, 'Diavola', '8,00 €');
    const { page: owner } = await browser.open({ viewport: DESKTOP });
    await logInAsAdmin(owner);
    await owner.goto(url('/admin/esauriti'));
    const toggle = owner.getByRole('switch', { name: /^Diavola/ });
    try {
      await owner.locator('.admin-switch', { hasText: 'Diavola' }).click();
      await expect.poll(() => toggle.isChecked()).toBe(true);
      await expectNoA11yViolations(owner, 'sold-outs');

      await customer.goto(url('/ecommerce'));
      const card = menuCard(customer, 'Diavola');
      await card.getByText('Esaurito').waitFor();
      expect(await card.isDisabled()).toBe(true);
      await customer.goto(url('/ecommerce/cart'));
      await customer.getByText('Un prodotto nel carrello non è più disponibile: rimuovilo e riprova.').first().waitFor();
    } finally {
      const row = (
        (await apiCall(owner, 'GET', '/api/v1/admin/sold-out')).body as {
          items: { id: number; name: string; version: number; sold_out: boolean }[];
        }
      ).items.find((i) => i.name === 'Diavola')!;
      if (row.sold_out) await apiCall(owner, 'POST', `/api/v1/admin/sold-out/${row.id}`, { sold_out: false, version: row.version });
    }
  });
});
