/**
 * 'Impasti' against the real server (issue 17): the owner raises the whole-wheat dough to 1,80 € and a
 * customer's product dialog offers it at the new price; a dough products offer has no delete. The e2e
 * files share one server: the price goes back in the end.
 */
import { describe, expect, it } from 'vitest';
import { apiCall, DESKTOP, expectNoA11yViolations, url, useBrowser } from './browser';
import { logInAsAdmin } from './cassa-helpers';

type Dough = { id: number; version: number; name: string; price_modifier: number };

describe('back office: doughs', () => {
  const browser = useBrowser();

  it('a new price for the whole-wheat dough reaches the product dialog', async () => {
    const { page: owner, allowErrors } = await browser.open({ viewport: DESKTOP });
    // The refused save below answers 422: the browser logs it.
    allowErrors(/status of 422/);
    await logInAsAdmin(owner);
    const { page: customer } = await browser.open({ viewport: DESKTOP });
    const integrale = async () =>
      ((await apiCall(owner, 'GET', '/api/v1/admin/doughs')).body as { items: Dough[] }).items.find((d) => d.name === 'Impasto integrale')!;
    try {
      await owner.goto(url('/admin/menu'));
      await owner.getByRole('link', { name: 'Impasti' }).click();
      await owner.getByRole('heading', { name: 'Impasti', level: 1 }).waitFor();
      await owner
        .getByRole('row', { name: /Impasto integrale/ })
        .getByText('+1,50 €')
        .waitFor();
      expect(await owner.getByRole('button', { name: 'Elimina Impasto integrale' }).count()).toBe(0);
      await expectNoA11yViolations(owner, '/admin/menu/impasti');

      await owner.getByRole('link', { name: 'Modifica Impasto integrale' }).click();
      const price = owner.getByRole('textbox', { name: 'Supplemento' });
      await price.fill('1,8 euro');
      await owner.getByRole('button', { name: 'Salva' }).click();
      await owner.getByText('Supplemento ha un formato non valido: scrivi ad esempio 1,50.').first().waitFor();
      expect(await price.getAttribute('aria-invalid')).toBe('true');
      await price.fill('1,80');
      await owner.getByRole('button', { name: 'Salva' }).click();
      await owner.getByText('Modifiche salvate.').waitFor();
      await expectNoA11yViolations(owner, '/admin/menu/impasti editor');

      await customer.goto(url('/ecommerce'));
      await customer
        .getByRole('button', { name: /^Margherita/ })
        .first()
        .click();
      const dialog = customer.getByRole('dialog');
      await dialog.getByText('Impasto integrale (+1,80 €)').waitFor();
    } finally {
      const dough = await integrale();
      if (dough.price_modifier !== 1.5) {
        await apiCall(owner, 'PUT', `/api/v1/admin/doughs/${dough.id}`, {
          name: dough.name,
          price_modifier: '1,50',
          version: dough.version,
        });
      }
    }
  });
});
