/**
 * The owner's reports against the real server (issue 32): after three orders at the cassa, 'Incassi'
 * reads the same takings as the cassa's header, 'Esporta CSV' downloads a file holding those orders,
 * 'Andamento' for the month counts them; axe passes on both pages with a table shown; no page-wide
 * sideways scroll on a phone.
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FIXED_NOW } from '../../scripts/real-server';
import { formatEuro, toCents } from '../../src/domain';
import { apiCall, DESKTOP, expectNoA11yViolations, PHONE, url, useBrowser } from './browser';
import { logInAsAdmin, openCassa, readDay, totalsText } from './cassa-helpers';

const RUN = Date.now().toString(36);
const NAMES = [`Report Serata ${RUN} A`, `Report Serata ${RUN} B`, `Report Serata ${RUN} C`];
const euros = (amount: number) => formatEuro(toCents(amount));

/** Three orders at the cassa, tonight at 22:45: two paid in cash, one by card. */
async function placeThreeOrders(cassa: Page) {
  const products = (await apiCall(cassa, 'GET', '/api/ecommerce/products')).body!.products as { id: number; name: string }[];
  const margherita = products.find((p) => p.name === 'Margherita')!;
  for (const [index, name] of NAMES.entries()) {
    const placed = await apiCall(cassa, 'POST', '/api/v1/ecommerce/cassa/orders/store', {
      data: {
        client_id: 0,
        delivery: 'ritiro',
        nomeCliente: name,
        telefono: '3331234567',
        fascia: '22:45',
        payment_type: index === 2 ? 'Carta di credito' : 'Contanti',
      },
      cart: [{ id: margherita.id, qty: index + 1 }],
      discount: null,
    });
    expect(placed.status).toBe(201);
  }
}

/** The browser's clock on the server's frozen day, so 'Andamento' starts on its month. */
const onServerDay = (page: Page) => page.clock.setFixedTime(new Date(FIXED_NOW));

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('the owner’s reports', () => {
  const browser = useBrowser();

  it("'Incassi' reads tonight's takings as the cassa's header does; 'Esporta CSV' and 'Andamento' hold the orders", async () => {
    const { page } = await browser.open({ viewport: DESKTOP });
    await onServerDay(page);
    await openCassa(page);
    await placeThreeOrders(page);
    const day = await readDay(page);
    expect(day.orders.data.filter((o) => NAMES.includes(o.name))).toHaveLength(3);
    await page.reload();
    await page.getByText(totalsText(day), { exact: true }).waitFor();

    await page.goto(url('/admin/incassi'));
    const summary = page.getByRole('region', { name: 'Incassi' });
    await summary.getByRole('heading', { name: `Riepilogo della serata del 18/11/2026` }).waitFor();
    const figure = (label: string) =>
      summary.locator('.report-figure').filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) });
    expect(await figure('Totale').locator('.report-figure__value').textContent()).toBe(euros(day.totals.total));
    expect(await figure('Ordini').locator('.report-figure__value').textContent()).toBe(
      String(day.orders.data.filter((o) => o.status !== 3).length),
    );
    const payments = summary.getByRole('table', { name: 'Per pagamento' });
    await payments.getByRole('row', { name: new RegExp(`^Contanti \\d+ ${euros(day.totals.contanti)}$`) }).waitFor();
    await payments.getByRole('row', { name: new RegExp(`^Carta di credito \\d+ ${euros(day.totals.carta_di_credito)}$`) }).waitFor();
    expect(await summary.getByText(/non fiscale/).count()).toBe(1);
    expect(await summary.getByRole('link', { name: 'Stampa riepilogo' }).getAttribute('href')).toBe(
      '/api/v1/admin/reports/evening/pdf?day=2026-11-18',
    );
    await summary.getByRole('button', { name: 'Mostra tabella' }).click();
    await summary
      .getByRole('table', { name: 'Ordini e carico del forno per fascia di 15 minuti' })
      .getByRole('row', { name: /^22:45 / })
      .waitFor();
    await expectNoA11yViolations(page, 'Incassi');

    await page.goto(url('/admin/andamento'));
    const trend = page.getByRole('region', { name: 'Andamento' });
    await trend.getByRole('heading', { name: 'novembre 2026' }).waitFor();
    await trend.getByRole('button', { name: 'Mostra tabella' }).click();
    const days = trend.getByRole('table', { name: 'Incasso e ordini per giorno' });
    const ordersOn18 = (await days
      .getByRole('row', { name: /^18\/11\/2026 / })
      .getByRole('cell')
      .first()
      .textContent())!;
    expect(Number(ordersOn18)).toBe(day.orders.data.filter((o) => o.status !== 3).length);
    await expectNoA11yViolations(page, 'Andamento');

    const [download] = await Promise.all([page.waitForEvent('download'), trend.getByRole('link', { name: 'Esporta CSV: ordini' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const [head, ...rows] = csv
      .slice(1)
      .trim()
      .split(/\r?\n/)
      .map((line) => line.split(';'));
    const client = head!.indexOf('Cliente');
    const total = head!.indexOf('Totale');
    const ours = rows.filter((cells) => NAMES.includes(cells[client]!));
    expect(ours.map((cells) => cells[client]).sort()).toEqual(NAMES);
    const ourOrders = day.orders.data.filter((o) => NAMES.includes(o.name));
    for (const cells of ours) {
      const order = ourOrders.find((o) => o.name === cells[client])!;
      expect(cells[total]).toBe(order.total_price.toFixed(2).replace('.', ','));
    }
  });

  it('on a phone the reports fit the screen: wide tables scroll inside their frame', async () => {
    const { page } = await browser.open({ viewport: PHONE });
    await onServerDay(page);
    await logInAsAdmin(page);
    await page.goto(url('/admin/incassi'));
    await page.getByRole('table', { name: 'Per pagamento' }).waitFor();
    await page.getByRole('button', { name: 'Mostra tabella' }).click();
    await page.getByRole('table', { name: 'Ordini e carico del forno per fascia di 15 minuti' }).waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    await page.goto(url('/admin/andamento'));
    await page.getByRole('table', { name: 'Per giorno della settimana e ora' }).waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
  });
});
