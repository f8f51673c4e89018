/**
 * 'Categorie' against the real server (issue 17): the owner moves Dolci up with the keyboard alone and
 * customers' menu follows; a new, empty category is created, hidden from the menu, then deleted; one
 * holding products offers no delete. The e2e files share one server: Dolci goes back in the end.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, DESKTOP, expectNoA11yViolations, url, useBrowser } from './browser';
import { logInAsAdmin } from './cassa-helpers';

type Category = { id: number; version: number; name: string; position: number };

const menuHeadings = async (page: Page) => {
  await page.goto(url('/ecommerce'));
  await page.getByRole('heading', { level: 2, name: 'Pizze Classiche' }).waitFor();
  return page.getByRole('heading', { level: 2 }).allTextContents();
};

describe('back office: categories', () => {
  const browser = useBrowser();

  it('moves Dolci up from the keyboard, adds and deletes an empty category; the menu follows', async () => {
    const { page: owner } = await browser.open({ viewport: DESKTOP });
    await logInAsAdmin(owner);
    const { page: customer } = await browser.open({ viewport: DESKTOP });
    const categories = async () => ((await apiCall(owner, 'GET', '/api/v1/admin/categories')).body as { items: Category[] }).items;
    const original = await categories();
    try {
      const before = await menuHeadings(customer);
      const at = before.indexOf('Dolci');
      expect(at).toBeGreaterThan(0);

      await owner.goto(url('/admin/menu'));
      await owner.getByRole('link', { name: 'Categorie' }).click();
      await owner.getByRole('heading', { name: 'Categorie', level: 1 }).waitFor();
      await expectNoA11yViolations(owner, '/admin/menu/categorie');

      // Keyboard only: focus 'Sposta su Dolci', press Enter; the focus stays on it for a second press.
      const up = owner.getByRole('button', { name: 'Sposta su Dolci' });
      await up.focus();
      await owner.keyboard.press('Enter');
      await owner.getByText(/^Dolci: posizione \d+ nel menu\.$/).waitFor();
      await expect.poll(() => owner.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Sposta su Dolci');
      const dolciRow = owner.getByRole('row', { name: /Dolci/ });
      expect(await dolciRow.getByRole('cell').first().textContent()).toBe(String(at)); // positions count from 1

      const after = await menuHeadings(customer);
      expect(after[at - 1]).toBe('Dolci');
      expect(after[at]).toBe(before[at - 1]);

      // A category with products offers no delete; a new empty one does.
      expect(await owner.getByRole('button', { name: 'Elimina Calzoni' }).count()).toBe(0);
      await owner.getByRole('link', { name: 'Nuova categoria' }).click();
      await owner.getByRole('textbox', { name: 'Nome' }).fill('Insalate');
      await owner.getByRole('combobox', { name: 'Gruppo in cucina' }).selectOption({ label: 'Nessuno' });
      await owner.getByRole('checkbox', { name: 'Visibile nel menu' }).click({ force: true });
      await owner.getByRole('button', { name: 'Salva' }).click();
      await owner.getByText('Modifiche salvate.').waitFor();
      await expectNoA11yViolations(owner, '/admin/menu/categorie editor');
      await owner.getByRole('button', { name: 'Torna all’elenco' }).click();
      const insalate = owner.getByRole('row', { name: /Insalate/ });
      await insalate.getByText('Nascosta').waitFor();
      expect(await menuHeadings(customer)).not.toContain('Insalate');

      await owner.getByRole('button', { name: 'Elimina Insalate' }).click();
      await owner.getByText('Categoria eliminata.').waitFor();
      expect(await insalate.count()).toBe(0);
    } finally {
      // Dolci back in place, whatever happened above.
      const dolci = (await categories()).find((c) => c.name === 'Dolci')!;
      const place = original.find((c) => c.name === 'Dolci')!.position;
      if (dolci.position < place) {
        await apiCall(owner, 'POST', `/api/v1/admin/categories/${dolci.id}/move`, { direction: 'down', version: dolci.version });
      }
      const left = (await categories()).find((c) => c.name === 'Insalate');
      if (left) await apiCall(owner, 'DELETE', `/api/v1/admin/categories/${left.id}?version=${left.version}`);
    }
  });
});
