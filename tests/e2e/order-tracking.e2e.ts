/**
 * Order tracking (issue 30): a customer orders a home delivery, opens the link from the confirmation
 * e-mail in a fresh context on a phone, and follows the order while the cassa prints the ticket, delays
 * it by 10 minutes and sends it out: the page shows each change within 2 s, without reload, until
 * 'Consegnato'. A wrong link says 'Ordine non trovato.'.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, expectNoA11yViolations, PHONE, url, useBrowser } from './browser';
import { freeSlots, logIn, logInAsAdmin, PASSWORD, verifiedCustomer } from './cassa-helpers';
import { linkIn, waitForMails } from './outbox';

const CASSA_ORDERS = '/api/v1/ecommerce/cassa/orders';
let keys = 0;
const key = () => ({ 'Idempotency-Key': `e2e-track-${Date.now()}-${keys++}` });

/** A home delivery of two Margherita for Teresa Gallo (her intercom name) at `fascia`, through the checkout API. */
async function placeDelivery(customer: Page, fascia: string): Promise<{ id: number; order_num: number }> {
  const products = (await apiCall(customer, 'GET', '/api/ecommerce/products')).body!.products as { id: number; name: string }[];
  const zones = (await apiCall(customer, 'GET', '/api/v1/ecommerce/webapp')).body!.zones as { id: number; name: string }[];
  const placed = await apiCall(
    customer,
    'POST',
    '/api/v1/ecommerce/checkout',
    {
      data: {
        tipoConsegna: 'consegna',
        addressSelector: 0,
        nomeCitofono: 'Teresa Gallo',
        zonaConsegna: zones.find((z) => z.name !== 'Altra zona')!.id,
        indirizzo: 'Via dei Volsci 7',
        telefono: '3339876543',
        fascia,
      },
      cart: [{ id: products.find((p) => p.name === 'Margherita')!.id, qty: 2 }],
    },
    key(),
  );
  expect(placed.status).toBe(201);
  expect(placed.body!.tracking_url).toMatch(/^\/ordine\/[A-Za-z0-9_-]+$/);
  return placed.body!.order as { id: number; order_num: number };
}

/** The step the page marks as current. */
const currentStep = (page: Page) => page.locator('[aria-current="step"]');

/** Waits until the page shows `text` (it must, within 2 s of the tap), and says how long it took. */
async function shownWithin2s(page: Page, check: () => Promise<boolean>): Promise<number> {
  const tapped = Date.now();
  await expect.poll(check, { timeout: 2_000, interval: 50 }).toBe(true);
  return Date.now() - tapped;
}

/** A new customer logged in on `page`, with a delivery of tonight, on their account page. */
async function accountWithTodaysOrder(page: Page): Promise<{ id: number; order_num: number }> {
  const email = await verifiedCustomer(page);
  await logIn(page, email, PASSWORD);
  const slots = await freeSlots(page);
  const order = await placeDelivery(page, slots.at(-3) ?? slots.at(-1)!);
  await page.goto(url('/auth/account'));
  return order;
}

describe('order tracking', () => {
  const browser = useBrowser();

  it("the customer follows the order from the e-mail's link: each cassa tap shows within 2 s, without reload", async () => {
    const { page: shopper } = await browser.open();
    const email = await verifiedCustomer(shopper);
    await logIn(shopper, email, PASSWORD);
    const slots = await freeSlots(shopper);
    const order = await placeDelivery(shopper, slots.at(-3) ?? slots.at(-1)!);
    const mails = await waitForMails(email, 2);
    const link = linkIn(
      mails.find((m) => m.includes('/ordine/'))!,
      '/ordine/',
    );

    // A fresh context, as on the customer's phone: no login.
    const phone = await browser.open({ viewport: PHONE });
    const { page } = phone;
    const streamOpened = page.waitForResponse((r) => r.url().endsWith('/events') && r.status() === 200);
    await page.goto(url(link));
    await page.getByRole('heading', { level: 1, name: `Ordine n. ${order.order_num}` }).waitFor();
    await streamOpened;
    expect(await page.getByText('Ciao Teresa, ecco il tuo ordine.').count()).toBe(1);
    expect(await currentStep(page).textContent()).toBe('Ricevuto');
    expect(await page.getByText(/^Arrivo previsto: \d\d:\d\d–\d\d:\d\d$/).count()).toBe(1);
    // Never the address, the phone or the surname.
    expect(await page.getByText(/Via dei Volsci|3339876543|Gallo/).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoA11yViolations(page, 'tracking page (phone)');
    const reloads: string[] = [];
    page.on('framenavigated', (frame) => reloads.push(frame.url()));

    const { page: cassa } = await browser.open();
    await logInAsAdmin(cassa);
    const times: number[] = [];
    expect((await apiCall(cassa, 'PATCH', `${CASSA_ORDERS}/${order.id}`, { status: 1 }, key())).status).toBe(200);
    times.push(await shownWithin2s(page, async () => (await currentStep(page).textContent()) === 'In preparazione'));
    // The kitchen runs late: '+10 min' (an order already out is not delayed).
    expect((await apiCall(cassa, 'POST', `${CASSA_ORDERS}/${order.id}/delay`, { minutes: 10 }, key())).status).toBe(200);
    times.push(await shownWithin2s(page, async () => (await page.getByText('In ritardo di 10 minuti: ci scusiamo.').count()) === 1));
    const out = await apiCall(cassa, 'POST', `${CASSA_ORDERS}/${order.id}/progress`, { direction: 'next' }, key());
    expect(out.status).toBe(200);
    times.push(await shownWithin2s(page, async () => (await currentStep(page).textContent()) === 'In consegna'));
    // Delivered: the page shows it, and the stream ends.
    expect((await apiCall(cassa, 'PATCH', `${CASSA_ORDERS}/delivered-status/${order.id}`, { status: 1 }, key())).status).toBe(200);
    times.push(await shownWithin2s(page, async () => (await currentStep(page).textContent()) === 'Consegnato'));
    expect(reloads).toEqual([]);
    expect(await page.getByText('Aggiornamento automatico sospeso: riprovo tra poco.').count()).toBe(0);
    console.log(`tracking: tap → page ${times.join(' / ')} ms (print, '+10 min', 'In consegna', delivered)`);
  });

  it("'Ordina di nuovo' in the account puts the order's lines into the cart", async () => {
    const { page } = await browser.open({ viewport: PHONE });
    const order = await accountWithTodaysOrder(page);
    await page.getByRole('button', { name: `Ordina di nuovo: ordine n. ${order.order_num}` }).click();
    await page.getByText('Aggiunto al carrello.').waitFor();
    await page.getByRole('link', { name: 'Vai al carrello' }).click();
    await page.getByRole('heading', { level: 1, name: 'Carrello' }).waitFor();
    const main = page.getByRole('main');
    await main.getByText('Margherita', { exact: true }).first().waitFor();
    // The button counts the cart once its lines are priced, a moment after they show.
    await main.getByText(/Invia ordine \(2 articoli\)/).waitFor();
  });

  it("a logged-in customer's order of today shows 'Ricevuto' in the account and 'Segui il tuo ordine' opens its page", async () => {
    const { page } = await browser.open({ viewport: PHONE });
    const order = await accountWithTodaysOrder(page);
    const card = page.locator('article', { has: page.getByRole('heading', { name: new RegExp(`Ordine n. ${order.order_num} `) }) });
    await card.getByText('Ricevuto', { exact: true }).waitFor();
    await expectNoA11yViolations(page, 'account with a followable order');
    await card.getByRole('button', { name: `Segui il tuo ordine: ordine n. ${order.order_num}` }).click();
    await page.getByRole('heading', { level: 1, name: `Ordine n. ${order.order_num}` }).waitFor();
    expect(page.url()).toMatch(/\/ordine\/[A-Za-z0-9_-]{43}$/);
    expect(await currentStep(page).textContent()).toBe('Ricevuto');
  });

  it("a wrong link says 'Ordine non trovato.'", async () => {
    const opened = await browser.open({ viewport: PHONE });
    // The page's read and its stream are both answered 404: the browser logs each.
    opened.allowErrors(/404|Not Found/);
    await opened.page.goto(url('/ordine/questo-non-e-un-ordine'));
    await opened.page.getByText('Ordine non trovato.').waitFor();
    expect(await opened.page.locator('[aria-current="step"]').count()).toBe(0);
    await expectNoA11yViolations(opened.page, 'tracking page, wrong token');
  });
});
