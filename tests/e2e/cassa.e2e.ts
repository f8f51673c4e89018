/**
 * The cash desk against the real server (issue 11): who may open /cassa (and download its chunk), the
 * day's list with the seed's orders, the slot strip, the totals and the header counters as the API
 * counts them; a new online order noticed after a refresh, printed (the PDF names it), delivered and
 * not; the external platform's order that cannot be opened; axe on the screen.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { apiCall, DESKTOP, expectNoA11yViolations, url, useBrowser } from './browser';
import {
  counter,
  DAY_API,
  expectClosedToOutsiders,
  freeSlots,
  header,
  logIn,
  openCassa,
  ordersList,
  PASSWORD,
  placeOnlineOrder,
  printedTickets,
  row,
  totalsText,
  verifiedCustomer,
  type WireDay,
} from './cassa-helpers';

async function readPdfText(pdf: Buffer): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  let text = '';
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    text += content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
  }
  await doc.destroy();
  return text.replace(/\s+/g, ' ');
}

describe('cassa', () => {
  const browser = useBrowser();

  it('a visitor and a customer land on the site root, without ever loading the cassa', async () => {
    await expectClosedToOutsiders(browser, {
      paths: ['/cassa', '/cassa'],
      headerLink: 'Cassa',
      chunk: /\/assets\/CassaPage-/,
      api: '/api/v1/ecommerce/cassa/',
    });
  });

  it("the admin sees the day's orders, the slot strip, the totals and the header counters as the server counts them", async () => {
    const { page } = await browser.open({ viewport: DESKTOP });
    await openCassa(page);
    const day = (await apiCall(page, 'GET', DAY_API)).body as unknown as WireDay;
    expect(day.date).toBe('2026-11-18');

    const rows = ordersList(page).getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(day.orders.data.length);
    // The demo's three orders, each listed as often as the server has orders of that name (other files
    // of the suite may have ordered under the same name today).
    for (const name of ['Mario Rossi', 'Giulia Bianchi', 'Cliente piattaforma']) {
      const named = day.orders.data.filter((order) => order.name === name).length;
      expect(named).toBeGreaterThanOrEqual(1);
      expect(await rows.filter({ hasText: name }).count()).toBe(named);
    }
    for (const order of day.orders.data) await row(page, order.order_num).waitFor();

    const slots = page.getByRole('list', { name: /^Fasce orarie/ }).getByRole('listitem');
    expect(await slots.count()).toBe(24);
    expect(await slots.first().getAttribute('data-time')).toBe('18:00');
    expect(await slots.last().getAttribute('data-time')).toBe('23:45');
    // Other suites place orders on the same frozen day: the strip must agree with the server's list.
    const at1915 = day.orders.data.filter((o) => o.delivery_time >= '19:15' && o.delivery_time < '19:30').length;
    expect(at1915).toBeGreaterThan(0);
    expect(await page.locator('.cassa-slot[data-time="19:15"]').textContent()).toContain(`${at1915} ord.`);

    await page.getByText(totalsText(day), { exact: true }).waitFor();

    const visible = {
      notDelivered: await rows.filter({ hasText: 'Non Consegnato' }).count(),
      pending: await rows.filter({ hasText: 'In attesa' }).count(),
      reprint: await rows.filter({ hasText: 'Ristampa' }).count(),
    };
    expect(visible).toEqual({
      notDelivered: day.counters.not_delivered,
      pending: day.counters.status_counts['0'],
      reprint: day.counters.status_counts['2'],
    });
    expect(await counter(page, 'Non consegnati')).toBe(visible.notDelivered);
    expect(await counter(page, 'In attesa')).toBe(visible.pending);
    expect(await counter(page, 'Modificati')).toBe(visible.reprint);
  });

  it('a new online order shows after a refresh, highlighted and counted in the title; printed, delivered, and not', async () => {
    const customer = await browser.open({ viewport: DESKTOP });
    const email = await verifiedCustomer(customer.page);
    await logIn(customer.page, email, PASSWORD);

    const { page } = await browser.open({ viewport: DESKTOP });
    await openCassa(page);
    const pendingBefore = await counter(page, 'In attesa');
    const notDeliveredBefore = await counter(page, 'Non consegnati');
    expect(await page.title()).toMatch(/^Cassa — /);

    // A slot still free: other suites fill some of tonight's slots on purpose.
    const order = await placeOnlineOrder(customer.page, (await freeSlots(customer.page)).at(-1)!);

    await page.getByRole('button', { name: 'Aggiorna' }).click();
    const newRow = row(page, order.order_num);
    await newRow.waitFor();
    await newRow.getByText('Nuovo', { exact: true }).waitFor();
    expect(await newRow.getAttribute('class')).toContain('is-new');
    await newRow.getByText('Ritiro in pizzeria').waitFor();
    await expect.poll(() => page.title()).toMatch(/^\(1\) Cassa — /);
    await expect.poll(() => counter(page, 'In attesa')).toBe(pendingBefore + 1);
    await expect.poll(() => counter(page, 'Non consegnati')).toBe(notDeliveredBefore + 1);

    // Print: the hidden frame loads the ticket, the row says Stampato at once and the server hears it.
    const pdfPath = `/api/v1/ecommerce/cassa/pdf/orders/${order.id}`;
    const ticketRequested = page.waitForRequest((request) => request.url().endsWith(pdfPath));
    await newRow.getByRole('button', { name: `Stampa ordine numero ${order.order_num}` }).click();
    await ticketRequested;
    await newRow.getByText('Stampato', { exact: true }).waitFor();
    await expect.poll(() => printedTickets(page)).toEqual([pdfPath]);
    await expect.poll(() => newRow.getByText('Nuovo', { exact: true }).count()).toBe(0);
    expect(await newRow.getAttribute('class')).not.toContain('is-new');
    await expect.poll(() => page.title()).toMatch(/^Cassa — /);
    await expect.poll(() => counter(page, 'In attesa')).toBe(pendingBefore);
    const ticket = await page.context().request.get(url(pdfPath));
    expect(ticket.headers()['content-type']).toBe('application/pdf');
    expect(await readPdfText(await ticket.body())).toContain(String(order.order_num));
    await expect
      .poll(
        async () => ((await apiCall(page, 'GET', DAY_API)).body as unknown as WireDay).orders.data.find((o) => o.id === order.id)?.status,
      )
      .toBe(1);

    // Delivered: the row steps back (dashed, on the page's cream) and leaves the count; un-ticking brings it back.
    const delivered = newRow.getByRole('checkbox');
    const rowLook = () => newRow.evaluate((el) => `${getComputedStyle(el).borderTopStyle} ${getComputedStyle(el).backgroundColor}`);
    await newRow.getByText('Non Consegnato').click();
    await newRow.getByText('Consegnato', { exact: true }).waitFor();
    expect(await delivered.isChecked()).toBe(true);
    expect(await rowLook()).toBe('dashed rgb(253, 246, 236)');
    await expect.poll(() => counter(page, 'Non consegnati')).toBe(notDeliveredBefore);
    await newRow.getByText('Consegnato', { exact: true }).click();
    await newRow.getByText('Non Consegnato').waitFor();
    expect(await delivered.isChecked()).toBe(false);
    expect(await rowLook()).not.toContain('dashed');
    await expect.poll(() => counter(page, 'Non consegnati')).toBe(notDeliveredBefore + 1);
    await expect
      .poll(
        async () =>
          ((await apiCall(page, 'GET', DAY_API)).body as unknown as WireDay).orders.data.find((o) => o.id === order.id)?.delivered,
      )
      .toBe(0);
  });

  it("the external platform's order cannot be opened; the cashier's own orders can", async () => {
    const { page } = await browser.open({ viewport: DESKTOP });
    await openCassa(page);
    const external = ordersList(page).getByRole('listitem').filter({ hasText: 'Cliente piattaforma' });
    const open = external.getByRole('button', { name: /Cliente piattaforma/ });
    expect(await open.isDisabled()).toBe(true);
    await external.getByText('Gli ordini delle piattaforme esterne non si possono modificare.').waitFor();
    await open.click({ force: true });
    expect(new URL(page.url()).search).toBe('');

    const own = ordersList(page).getByRole('listitem').filter({ hasText: 'Mario Rossi' });
    await own.getByRole('button', { name: /Mario Rossi/ }).click();
    await page.waitForURL(/\/cassa\?ordine=\d+$/);
  });

  it('on a tablet window the header keeps the counters in view, nothing scrolls sideways, and the rows line up', async () => {
    const { page } = await browser.open({ viewport: { width: 1024, height: 768 } });
    await openCassa(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(1024);
    const counters = header(page).getByRole('list', { name: 'Contatori ordini' });
    const box = (await counters.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(1024);
    // The delivery times sit in one column, whatever each row's name, badge or note.
    const times = await ordersList(page)
      .locator('.cassa-time')
      .evaluateAll((cells) => cells.map((cell) => Math.round(cell.getBoundingClientRect().left)));
    expect(new Set(times).size).toBe(1);
  });

  it('passes axe on a desktop window', async () => {
    const { page } = await browser.open({ viewport: DESKTOP });
    await openCassa(page);
    await expectNoA11yViolations(page, 'cassa (desktop)');
  });
});
