/**
 * The kitchen printer end to end (issue 33): a printer added in 'Stampanti' through the admin API, the
 * print agent paired with its code and printing to a fake printer on loopback; an online order placed by
 * a customer reaches the printer within 3 s of its checkout answer and the cassa's row turns 'Stampato';
 * 'Ristampa' prints it again; the cassa's header shows the printer ready, then unreachable when it stops.
 * The printer is deleted at the end: the other files' cassa prints their PDF as before.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { agentApi, pair } from '../../server/print-agent/api';
import { startAgent } from '../../server/print-agent/agent';
import { DEFAULT_LAYOUT } from '../../server/print-agent/ticket';
import { fakePrinter } from '../server/print-agent-fakes';
import { apiCall, DESKTOP, expectNoA11yViolations, PHONE, url, useBrowser } from './browser';
import { freeSlots, header, logIn, logInAsAdmin, openCassa, PASSWORD, placeOnlineOrder, row, verifiedCustomer } from './cassa-helpers';

const occurrences = (text: string, part: string) => text.split(part).length - 1;

/** 'Cucina' added through the admin API, as the owner does in 'Stampanti': its id and version (to delete it) and its pairing code. */
async function addKitchenPrinter(page: Page, autoPrint: boolean) {
  const created = await apiCall(page, 'POST', '/api/v1/admin/printers', {
    name: 'Cucina',
    paper_width_mm: 80,
    copies: 1,
    auto_print: autoPrint,
  });
  expect(created.status).toBe(201);
  const { id, version } = created.body!.printer as { id: number; version: number };
  return { id, version, code: created.body!.pairing_code as string };
}

describe('print agent', () => {
  const browser = useBrowser();

  it("prints an online order in the kitchen within 3 s of checkout, the row turns 'Stampato', the header follows the printer", async () => {
    const { page } = await browser.open({ viewport: DESKTOP });
    await openCassa(page);
    const { id: printerId, version, code } = await addKitchenPrinter(page, true);
    const printer = await fakePrinter();
    const base = url('/').replace(/\/$/, '');
    const agent = startAgent({
      api: agentApi(base, await pair(base, code)),
      printer: printer.address,
      layout: DEFAULT_LAYOUT,
      log: () => undefined,
    });
    try {
      const status = header(page)
        .getByRole('list', { name: 'Contatori ordini' })
        .getByRole('listitem')
        .filter({ hasText: /^Stampante cucina/ });
      await expect.poll(() => status.textContent(), { timeout: 15_000 }).toBe('Stampante cucina: pronta');

      const customer = (await browser.open({ viewport: DESKTOP })).page;
      await logIn(customer, await verifiedCustomer(customer), PASSWORD);
      const fascia = (await freeSlots(customer)).at(-2)!;
      const order = await placeOnlineOrder(customer, fascia);
      const answered = Date.now();
      const ticket = `Ordine #${order.order_num}`;
      await expect.poll(() => printer.text().includes(ticket), { timeout: 3_000, interval: 20 }).toBe(true);
      await expect
        .poll(() => printer.text().lastIndexOf('\x1dV') > printer.text().lastIndexOf(ticket), { timeout: 3_000, interval: 20 })
        .toBe(true);
      const printedWithin = Date.now() - answered;
      expect(printedWithin).toBeLessThan(3_000);
      expect(printer.text()).toContain('Lucia Verdi');
      expect(printer.text()).toContain('Totale: ');
      expect(printer.text()).toContain(' €');

      const orderRow = row(page, order.order_num);
      await orderRow.getByText('Stampato', { exact: true }).waitFor();
      // 'Ristampa': a new job, a deliberate reprint (not labelled as a possible double).
      await orderRow.getByRole('button', { name: `Ristampa ordine numero ${order.order_num}` }).click();
      await expect.poll(() => occurrences(printer.text(), ticket), { timeout: 5_000 }).toBe(2);
      expect(printer.text()).not.toContain('RISTAMPA');
      await expectNoA11yViolations(page, 'cassa with a kitchen printer');

      await printer.stop();
      await expect.poll(() => status.textContent(), { timeout: 15_000 }).toBe('Stampante cucina non raggiungibile da meno di un minuto');
      expect(await status.getAttribute('class')).toContain('staff-counter--alert');
    } finally {
      await agent.stop();
      await printer.stop().catch(() => undefined);
      expect((await apiCall(page, 'DELETE', `/api/v1/admin/printers/${printerId}?version=${version}`)).status).toBeLessThan(300);
    }
  });

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])(
    "on a %s the red 'non raggiungibile' line is read whole in the header, 'Cassa' stays in view, nothing scrolls sideways",
    async (_, viewport) => {
      const { page } = await browser.open({ viewport });
      await logInAsAdmin(page);
      await page.goto(url('/cassa'));
      await page.getByRole('heading', { level: 1, name: 'Cassa' }).waitFor();
      const { id: printerId, version, code } = await addKitchenPrinter(page, false);
      try {
        // An agent whose printer does not answer, as it reports it.
        const base = url('/').replace(/\/$/, '');
        await agentApi(base, await pair(base, code)).report({ reachable: false, paper: 'unknown' });
        const status = header(page)
          .getByRole('list', { name: 'Contatori ordini' })
          .getByRole('listitem')
          .filter({ hasText: /^Stampante cucina/ });
        await expect.poll(() => status.textContent(), { timeout: 15_000 }).toBe('Stampante cucina non raggiungibile da meno di un minuto');
        for (const item of [status, header(page).getByRole('link', { name: 'Cassa', exact: true }).last()]) {
          const box = (await item.boundingBox())!;
          expect(box.x).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
        }
        expect(await status.evaluate((li) => li.scrollWidth <= li.clientWidth)).toBe(true);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(viewport.width);
        await expectNoA11yViolations(page, `cassa header with an unreachable printer (${viewport.width} px)`);
      } finally {
        expect((await apiCall(page, 'DELETE', `/api/v1/admin/printers/${printerId}?version=${version}`)).status).toBeLessThan(300);
      }
    },
  );
});
