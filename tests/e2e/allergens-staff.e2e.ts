/**
 * Issue 29, the staff's side against the real server: a phone order with 'Allergie o intolleranze'
 * typed in the cassa is marked in the day list and its ticket starts with the allergy; the dough
 * editor shows the seed's 'Senza glutine' as it is. axe on the cassa with the field and the dough editor.
 */
import { describe, expect, it } from 'vitest';
import { readTicket } from '../server/ticket-text';
import { apiCall, DESKTOP, expectNoA11yViolations, url, useBrowser } from './browser';
import { editor, logInAsAdmin, nameBox, openCassa, productBox, row } from './cassa-helpers';

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
