/** Issue 10 points 1–4: the menu, the product dialog and the cart in a real browser against the real server. */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { VIEWPORTS, apiCall, expectNoA11yViolations, url, useBrowser } from './browser';

/** What the server says the cart in this page's storage costs (prices computed by the server). */
async function serverTotal(page: Page) {
  const cart = await page.evaluate(
    () =>
      JSON.parse(localStorage.getItem('pizzeria.cart') ?? '{"lines":[]}') as {
        lines: { productId: number; qty: number; variant: { id: number } | null; additions: { id: number }[] }[];
      },
  );
  const { body } = await apiCall(page, 'POST', '/api/v1/ecommerce/cart', {
    cart: cart.lines.map((l) => ({
      id: l.productId,
      qty: l.qty,
      variants: l.variant ? [{ id: l.variant.id }] : [],
      additions: l.additions.map((a) => ({ id: a.id })),
    })),
  });
  return (body as { backend: { total_quantity: number; final_price: number } }).backend;
}

const euro = (value: number) => `${value.toFixed(2).replace('.', ',')} €`;

describe('ordering: menu, product dialog and cart', () => {
  const browser = useBrowser();

  it.each(VIEWPORTS)('a visitor builds a cart on a $name window and sees the server total', async ({ viewport }) => {
    const { page } = await browser.open({ viewport });
    await page.goto(url('/ecommerce'));
    await page.getByRole('heading', { level: 2, name: 'Pizze Classiche' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Categorie del menu' }).getByRole('button').count()).toBeGreaterThan(5);
    // The arrows show only above 768 px.
    expect(await page.getByRole('button', { name: 'Categorie successive' }).isVisible()).toBe(viewport.width > 768);
    const image = page.locator('.product-card img').first();
    expect(await image.getAttribute('width')).toBe('132');
    await expectNoA11yViolations(page, `menu (${viewport.width})`);

    // A Margherita on whole-wheat dough with two additions: 6,50 + 1,50 + 1,00 + 1,00.
    await page
      .getByRole('button', { name: /^Margherita/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Scegli il tipo di impasto:').waitFor();
    await dialog.getByText('Impasto integrale (+1,50 €)').click();
    await dialog.getByText('Acciughe (+1,00 €)').click();
    await dialog.getByText('Funghi (+1,00 €)').click();
    await expectNoA11yViolations(page, `product dialog (${viewport.width})`);
    await dialog.getByRole('button', { name: 'Aggiungi al Carrello (10,00 €)' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page
      .getByRole('button', { name: /^Marinara/ })
      .first()
      .click();
    await dialog.getByRole('button', { name: 'Aggiungi al Carrello (5,50 €)' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page
      .getByRole('link', { name: /^Carrello/ })
      .filter({ visible: true })
      .first()
      .click();
    await page.getByRole('heading', { level: 1, name: 'Carrello' }).waitFor();
    await page.getByRole('link', { name: 'Invia ordine (2 articoli) - 15,50 €' }).waitFor();
    const margherita = page.locator('.cart-line', { hasText: 'Margherita' });
    expect(await margherita.textContent()).toContain('Impasto: Impasto integrale');
    expect(await margherita.textContent()).toContain('Aggiunte: Acciughe, Funghi');

    // Edit the Margherita in place: one more.
    await margherita.getByRole('button', { name: 'Modifica' }).click();
    await dialog.getByRole('button', { name: 'Aumenta quantità' }).click();
    await dialog.getByRole('button', { name: 'Conferma modifica (20,00 €)' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Remove the Marinara.
    await page.locator('.cart-line', { hasText: 'Marinara' }).getByRole('button', { name: 'Rimuovi' }).click();
    await page.locator('.cart-line', { hasText: 'Marinara' }).waitFor({ state: 'detached' });

    const backend = await serverTotal(page);
    expect(backend.total_quantity).toBe(2);
    const button = page.getByRole('link', { name: `Invia ordine (2 articoli) - ${euro(backend.final_price)}` });
    await button.waitFor();
    expect(await button.getAttribute('href')).toBe('/ecommerce/checkout');
    await expectNoA11yViolations(page, `cart (${viewport.width})`);

    // The cart survives a reload.
    await page.reload();
    await page.getByRole('link', { name: `Invia ordine (2 articoli) - ${euro(backend.final_price)}` }).waitFor();
    expect(await page.locator('.cart-line').count()).toBe(1);
  });
});
