/** Issue 29: the customer reads the 14 allergens before buying, in a real browser against the real server and its seed. */
import { describe, expect, it } from 'vitest';
import { expectNoA11yViolations, PHONE, url, useBrowser } from './browser';

describe('allergens on the menu', () => {
  const browser = useBrowser();

  it("'Senza glutine' hides the Margherita, counts it, keeps it in the URL, and shows it again when cleared", async () => {
    const { page } = await browser.open();
    await page.goto(url('/ecommerce'));
    const margherita = page.getByRole('button', { name: /^Margherita/ });
    await margherita.first().waitFor();
    expect(await margherita.first().textContent()).toContain('Contiene: Glutine, Latte');

    await page.getByRole('button', { name: 'Filtra per allergeni' }).click();
    await page.getByRole('row', { name: 'Senza glutine' }).click();
    await page.getByText(/^\d+ prodott[io] nascost[io] dal filtro$/).waitFor();
    expect(await margherita.count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('senza')).toBe('gluten');
    await expectNoA11yViolations(page, 'menu with the allergen filter');

    // A reload keeps the choice (the URL, the session).
    await page.reload();
    await page.getByText(/^\d+ prodott[io] nascost[io] dal filtro$/).waitFor();
    expect(await margherita.count()).toBe(0);

    await page.getByRole('button', { name: 'Rimuovi filtri' }).click();
    await margherita.first().waitFor();
    expect(await page.getByText(/nascost[io] dal filtro/).count()).toBe(0);
    expect(new URL(page.url()).search).toBe('');
  });

  it("the dialog lists 'Glutine' and 'Latte' for the Margherita, drops 'Glutine' on the gluten-free dough and shows 'Può contenere'", async () => {
    const { page } = await browser.open();
    await page.goto(url('/ecommerce'));
    await page
      .getByRole('button', { name: /^Margherita/ })
      .first()
      .click();
    const region = page.getByRole('dialog').getByRole('region', { name: 'Allergeni' });
    await region.waitFor();
    expect(await region.getByRole('listitem').allTextContents()).toEqual(['Glutine', 'Latte']);
    expect(await region.getByText(/Può contenere/).count()).toBe(0);

    await page.getByRole('dialog').getByText('Senza glutine (+3,00 €)').click();
    await region.getByText('Può contenere: Glutine').waitFor();
    expect(await region.getByRole('listitem').allTextContents()).toEqual(['Latte']);
    await expectNoA11yViolations(page, "product dialog's allergens");

    await region.getByRole('link', { name: 'Tabella degli allergeni' }).click();
    await page.getByRole('heading', { level: 1, name: 'Tabella degli allergeni' }).waitFor();
  });

  it('the allergen page tables every product, dough and addition, passes axe and prints without the page frame', async () => {
    const { page } = await browser.open();
    await page.goto(url('/ecommerce'));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Allergeni' }).click();
    const products = page.getByRole('table', { name: 'Prodotti (con il loro impasto di base)' });
    await products.waitFor();
    const margherita = products.getByRole('row', { name: /^Margherita/ });
    expect(await margherita.getByRole('cell').allTextContents()).toEqual([
      '●Contiene',
      ...Array(5).fill(''),
      '●Contiene',
      ...Array(7).fill(''),
    ]);
    expect(await page.getByRole('table', { name: 'Impasti' }).getByRole('rowheader', { name: 'Senza glutine' }).count()).toBe(1);
    expect(await page.getByRole('table', { name: 'Aggiunte' }).getByRole('row').count()).toBeGreaterThan(1);
    await expectNoA11yViolations(page, 'allergen page');

    // On a phone the tables scroll inside their frames; the page itself never scrolls sideways.
    await page.setViewportSize(PHONE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.site-header').isVisible()).toBe(false);
    expect(await page.locator('.site-footer').isVisible()).toBe(false);
    expect(await products.isVisible()).toBe(true);
  });
});
