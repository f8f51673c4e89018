/**
 * Special days against the real server (issue 17): the owner closes today, is told about the orders
 * already booked (they stay), customers see no slot and the closed banner with its message; removing
 * the day reopens. The e2e files share one server: the day is always removed at the end.
 */
import { describe, expect, it } from 'vitest';
import { apiCall, DESKTOP, expectNoA11yViolations, url, useBrowser } from './browser';
import { logInAsAdmin } from './cassa-helpers';

const TODAY = '2026-11-18';
const CLOSED = 'Oggi siamo chiusi. Chiuso per inventario. Ti aspettiamo domani dalle 18:00.';

describe('back office: hours', () => {
  const browser = useBrowser();

  it('closing today as a special day: no slots, the banner gives its message; removing it reopens', async () => {
    const ownerTab = await browser.open({ viewport: DESKTOP });
    // The first save is answered 409 listing the booked orders: expected here.
    ownerTab.allowErrors(/status of 409 \(Conflict\)/);
    const owner = ownerTab.page;
    await logInAsAdmin(owner);
    const { page: customer } = await browser.open({ viewport: DESKTOP });
    try {
      await owner.goto(url('/admin/orari'));
      await owner.getByRole('heading', { level: 1, name: 'Orari' }).waitFor();
      await owner.getByRole('textbox', { name: 'Dal' }).waitFor();
      await owner.locator('input[type="date"]').first().fill(TODAY);
      await owner.locator('input[type="date"]').nth(1).fill(TODAY);
      await owner.getByRole('textbox', { name: 'Messaggio' }).fill('Chiuso per inventario.');
      await owner.getByRole('button', { name: 'Salva' }).click();

      // The demo day has orders: they are listed, and stay valid once confirmed.
      const dialog = owner.getByRole('alertdialog');
      await dialog.waitFor();
      expect(await dialog.textContent()).toMatch(/Ci sono \d+ ordini per il 18\/11: restano validi, avvisa i clienti\./);
      await expectNoA11yViolations(owner, 'special day confirmation');
      await dialog.getByRole('button', { name: 'Conferma' }).click();
      await owner.getByText('Giorno di chiusura salvato.').waitFor();
      await owner.getByRole('table', { name: 'Giorni speciali in programma' }).getByText('18/11/2026').waitFor();
      await expectNoA11yViolations(owner, '/admin/orari');

      await customer.goto(url('/ecommerce'));
      await customer.getByText(CLOSED).first().waitFor();
      const slots = (await apiCall(customer, 'GET', '/api/v1/ecommerce/webapp/timeslots')).body as { timeslots: { available: boolean }[] };
      expect(slots.timeslots.filter((s) => s.available)).toEqual([]);

      await owner.getByRole('button', { name: 'Rimuovi 18/11/2026' }).click();
      await owner.getByText('Nessun giorno speciale in programma.').waitFor();
      const status = (await apiCall(customer, 'GET', '/api/v1/ecommerce/webapp/closed')).body as { closed: boolean };
      expect(status.closed).toBe(false);
    } finally {
      const left = (await apiCall(owner, 'GET', '/api/v1/admin/special-days')).body as { items: { id: number; version: number }[] };
      for (const day of left.items) await apiCall(owner, 'DELETE', `/api/v1/admin/special-days/${day.id}?version=${day.version}`);
    }
  });
});
