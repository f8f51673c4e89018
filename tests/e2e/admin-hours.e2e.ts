/**
 * 'Orari' against the real server (issue 17): special days, the weekly hours and the online switch.
 * The owner is told about the orders already booked (they stay); customers see the slots and the
 * banner follow at once. The e2e files share one server: each test puts things back at the end.
 */
import { describe, expect, it } from 'vitest';
import { type Page } from 'playwright-core';
import { apiCall, DESKTOP, expectNoA11yViolations, shownDate, typeDate, url, useBrowser } from './browser';
import { editor, logInAsAdmin, openCassa } from './cassa-helpers';

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
      const form = owner.getByRole('form', { name: 'Nuovo giorno speciale' });
      await typeDate(form.getByRole('group', { name: 'Dal', exact: true }), TODAY);
      await typeDate(form.getByRole('group', { name: 'Al', exact: true }), TODAY);
      await form.getByRole('textbox', { name: 'Messaggio' }).fill('Chiuso per inventario.');
      await form.getByRole('button', { name: 'Salva' }).click();

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

  it("a special day picked as 24–25/12 in the calendar: the cassa's list and editor say those days are closed", async () => {
    const ownerTab = await browser.open({ viewport: DESKTOP });
    const owner = ownerTab.page;
    await logInAsAdmin(owner);
    const message = 'Natale in famiglia';
    try {
      await owner.goto(url('/admin/orari'));
      const form = owner.getByRole('form', { name: 'Nuovo giorno speciale' });
      const from = form.getByRole('group', { name: 'Dal', exact: true });
      const until = form.getByRole('group', { name: 'Al', exact: true });
      await typeDate(from, '2026-12-24');
      expect(await shownDate(from)).toBe('24/12/2026');
      await typeDate(until, '2026-12-24');

      // 'Al' from its calendar: opened from the field by keyboard, on 24 December, and the next day picked.
      await owner.keyboard.press('Alt+ArrowDown');
      const calendar = owner.getByRole('dialog');
      await calendar.getByRole('heading', { name: 'dicembre 2026' }).waitFor();
      await expect
        .poll(() => owner.evaluate(() => document.activeElement?.getAttribute('aria-label')))
        .toMatch(/^giovedì 24 dicembre 2026/);
      await expectNoA11yViolations(owner, '/admin/orari with the calendar open');
      await owner.keyboard.press('ArrowRight');
      await owner.keyboard.press('Enter');
      await calendar.waitFor({ state: 'detached' });
      expect(await shownDate(until)).toBe('25/12/2026');

      await form.getByRole('textbox', { name: 'Messaggio' }).fill(message);
      await form.getByRole('button', { name: 'Salva' }).click();
      await owner.getByText('Giorno di chiusura salvato.').waitFor();
      await owner.getByRole('table', { name: 'Giorni speciali in programma' }).getByText('24/12/2026 – 25/12/2026').waitFor();
      await expectNoA11yViolations(owner, '/admin/orari with 24–25/12 closed');

      const { page: cassa } = await browser.open({ viewport: DESKTOP });
      await openCassa(cassa);
      const orders = cassa.getByRole('region', { name: 'Nuovi ordini' });
      await typeDate(orders.getByRole('group', { name: 'Data', exact: true }), '2026-12-24');
      await orders.getByText(`Chiuso: ${message}`).waitFor();
      await typeDate(editor(cassa).getByRole('group', { name: 'Data', exact: true }), '2026-12-25');
      await editor(cassa).getByRole('status').getByText(`Chiuso: ${message}`).waitFor();
      await expectNoA11yViolations(cassa, '/cassa on 24/12');
    } finally {
      const left = (await apiCall(owner, 'GET', '/api/v1/admin/special-days')).body as {
        items: { id: number; version: number; message: string | null }[];
      };
      for (const day of left.items.filter((d) => d.message === message)) {
        await apiCall(owner, 'DELETE', `/api/v1/admin/special-days/${day.id}?version=${day.version}`);
      }
    }
  });
});

type Hours = {
  version: number;
  week: { lunch: Window; dinner: Window }[];
  slot_capacity: number;
  lead_minutes: number;
  dough_choice: boolean;
};
type Window = { first: string; last: string } | null;

type Seed = { hours: Hours; online_ordering: { closed: boolean; message: string } };

/** Puts the hours and the switch back as the seed has them, whatever a test left. */
async function restoreHours(owner: Page, seed: Seed) {
  const now = (await apiCall(owner, 'GET', '/api/v1/admin/hours')).body as { hours: Hours; online_ordering: { version: number } };
  const typed = (w: Window) => w ?? { first: '', last: '' };
  await apiCall(owner, 'PUT', '/api/v1/admin/hours', {
    version: now.hours.version,
    week: seed.hours.week.map((day) => ({ lunch: typed(day.lunch), dinner: typed(day.dinner) })),
    slot_capacity: String(seed.hours.slot_capacity),
    lead_minutes: String(seed.hours.lead_minutes),
    dough_choice: seed.hours.dough_choice,
    confirm: true,
  });
  await apiCall(owner, 'PUT', '/api/v1/admin/online-ordering', {
    version: now.online_ordering.version,
    closed: seed.online_ordering.closed,
    message: seed.online_ordering.message,
    until_tomorrow: false,
  });
}

describe('back office: weekly hours and the online switch', () => {
  const browser = useBrowser();

  it("'Ordini online chiusi' until tomorrow: customers read the message at once; reopened, they can order", async () => {
    const { page: owner } = await browser.open({ viewport: DESKTOP });
    await logInAsAdmin(owner);
    const { page: customer } = await browser.open({ viewport: DESKTOP });
    const seed = (await apiCall(owner, 'GET', '/api/v1/admin/hours')).body as unknown as Seed;
    try {
      await owner.goto(url('/admin/orari'));
      const form = owner.getByRole('form', { name: 'Ordini online' });
      await form.getByRole('checkbox', { name: 'Ordini online chiusi' }).click({ force: true });
      await form.getByRole('checkbox', { name: 'Riapri automaticamente domani' }).click({ force: true });
      await form.getByRole('textbox', { name: 'Messaggio' }).fill('Forno in manutenzione: torniamo domani.');
      await form.getByRole('button', { name: 'Salva' }).click();
      await form.getByText('Modifiche salvate.').waitFor();
      await expectNoA11yViolations(owner, '/admin/orari with the switch on');

      await customer.goto(url('/ecommerce'));
      await customer.getByText('Forno in manutenzione: torniamo domani.').first().waitFor();

      await form.getByRole('checkbox', { name: 'Ordini online chiusi' }).click({ force: true });
      await form.getByRole('button', { name: 'Salva' }).click();
      await form.getByText('Modifiche salvate.').waitFor();
      const status = (await apiCall(customer, 'GET', '/api/v1/ecommerce/webapp/closed')).body as { closed: boolean };
      expect(status.closed).toBe(false);
    } finally {
      await restoreHours(owner, seed);
    }
  });

  it("shortening today's dinner lists the booked orders, saves once confirmed, and the slots end there", async () => {
    const ownerTab = await browser.open({ viewport: DESKTOP });
    // A refused save (422) and the question about booked orders (409) are expected here.
    ownerTab.allowErrors(/status of (409 \(Conflict\)|422 \(Unprocessable Entity\))/);
    const owner = ownerTab.page;
    await logInAsAdmin(owner);
    const seed = (await apiCall(owner, 'GET', '/api/v1/admin/hours')).body as unknown as Seed;
    try {
      await owner.goto(url('/admin/orari'));
      const form = owner.getByRole('form', { name: 'Orari della settimana' });
      const wednesday = form.getByRole('group', { name: 'Mercoledì' });
      await wednesday.getByRole('textbox', { name: 'Cena: ultimo orario' }).fill('18:15');
      await wednesday.getByRole('textbox', { name: 'Pranzo: primo orario' }).fill('12:07');
      await form.getByRole('button', { name: 'Salva' }).click();
      await wednesday.getByText('Indica anche l’ultimo orario.').waitFor();
      expect(await wednesday.getByText('Usa un quarto d’ora, ad esempio 18:00 o 18:15.').count()).toBe(1);
      await wednesday.getByRole('textbox', { name: 'Pranzo: primo orario' }).fill('');
      await form.getByRole('button', { name: 'Salva' }).click();

      // The demo evening has orders after 18:15: listed, kept, saved once confirmed.
      const dialog = owner.getByRole('alertdialog');
      await dialog.waitFor();
      expect(await dialog.textContent()).toMatch(/Ci sono \d+ ordini per il 18\/11: restano validi, avvisa i clienti\./);
      await expectNoA11yViolations(owner, 'weekly hours confirmation');
      await dialog.getByRole('button', { name: 'Salva comunque' }).click();
      await form.getByText('Modifiche salvate.').waitFor();

      const slots = (await apiCall(owner, 'GET', '/api/v1/ecommerce/webapp/timeslots')).body as {
        timeslots: { hour: number; minute: number }[];
      };
      expect(slots.timeslots.map((s) => `${s.hour}:${String(s.minute).padStart(2, '0')}`)).toEqual(['18:00', '18:15']);
    } finally {
      await restoreHours(owner, seed);
    }
  });
});
