/**
 * Issue 10: ordering in the browser against the real server — menu → dialog → cart → the six checkout
 * steps → the order stored at the server's price, its e-mail, the account page. Pickup discount, step-4
 * messages, double submit and reload during the submit, a slot filled meanwhile, Back and reload,
 * axe on every step. The server's clock is frozen on a Wednesday at 17:00, so every slot from 18:00 is
 * open; each test books its own slot so the tests never fill each other's. Issue 28: the summary's
 * where and when with 'Modifica', the confirmation's order (reload, second tab, another customer),
 * pickup without an address step, the zone's fee on the cart page.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, expectNoA11yViolations, url, useBrowser, VIEWPORTS, type E2EPage } from './browser';
import { logInAsAdmin } from './cassa-helpers';
import { linkIn, waitForMails } from './outbox';

const PASSWORD = 'Forno-a-legna-1978';

let seq = 0;
const newEmail = (label: string) => `e2e.checkout.${label}.${Date.now().toString(36)}.${seq++}@example.it`;

interface StoredOrder {
  id: number;
  order_num: number;
  delivery_at: string;
  delivery: string;
  original_price: number;
  total_price: number;
  discount_code: string | null;
  products: { product: { name: string }; qty: number }[];
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name }).waitFor();
/** Step `n` of the `of` a checkout goes through (pickup has no address step: five). */
const step = (page: Page, n: number, title: string, of = 6) =>
  Promise.all([page.getByText(`Passo ${n} di ${of}`, { exact: true }).waitFor(), heading(page, title)]);
/** A pickup's step `n` of five. */
const pickupStep = (page: Page, n: number, title: string) => step(page, n, title, 5);
/** Picks a react-aria radio (its input is visually hidden) by clicking its label, as a customer does. */
const choose = (page: Page, name: string) =>
  page
    .locator('label')
    .filter({ has: page.getByRole('radio', { name, exact: true }) })
    .click();
const next = (page: Page) => page.getByRole('button', { name: 'Prosegui' }).click();
/** Refusals the checkout acts on show as console errors in Chromium. */
const allowRefusals = (p: E2EPage) => p.allowErrors(/status of (401|403|409|422)/);

/** The customer's own orders, as the server stored them. */
const myOrders = async (page: Page) => {
  const { status, body } = await apiCall(page, 'GET', '/api/v1/ecommerce/account/orders');
  expect(status).toBe(200);
  return (body as { orders: { data: StoredOrder[] } }).orders.data;
};

/** Opens a product's dialog from the menu and adds it (with the given choices), checking the button's price. */
async function addFromMenu(page: Page, name: string, buttonLabel: string, choices: string[] = []) {
  if (!page.url().endsWith('/ecommerce')) await page.goto(url('/ecommerce'));
  await page.getByRole('heading', { level: 2, name: 'Pizze Classiche' }).waitFor();
  await page
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  for (const choice of choices) await dialog.getByText(choice).click();
  await dialog.getByRole('button', { name: buttonLabel }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** A Margherita on whole-wheat dough with anchovies and mushrooms (10,00 €) and a Marinara (5,50 €): 15,50 €. */
async function cartOf1550(page: Page) {
  await addFromMenu(page, 'Margherita', 'Aggiungi al Carrello (10,00 €)', [
    'Impasto integrale (+1,50 €)',
    'Acciughe (+1,00 €)',
    'Funghi (+1,00 €)',
  ]);
  await addFromMenu(page, 'Marinara', 'Aggiungi al Carrello (5,50 €)');
}

/** A verified customer, logged in in this page (register and verify through the API and the e-mail). */
async function verifiedCustomer(page: Page, label: string, name: string): Promise<string> {
  const email = newEmail(label);
  await page.goto(url('/auth/login'));
  const { status } = await apiCall(page, 'POST', '/api/register', { name, email, password: PASSWORD, password_confirmation: PASSWORD });
  expect(status).toBe(201);
  const [mail] = await waitForMails(email, 1);
  await page.goto(url(linkIn(mail!, '/api/email/verify?')));
  await page.getByText('Indirizzo email verificato con successo! Ora puoi accedere.').waitFor();
  await page.goto(url('/auth/login'));
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('main').getByRole('button', { name: 'Accedi' }).click();
  await page.waitForURL(url('/ecommerce'));
  return email;
}

/** A visitor's checkout: step 1, logging in there moves on to step 2. */
async function logInAtStep1(page: Page, email: string) {
  await page.goto(url('/ecommerce/checkout'));
  await step(page, 1, 'Accedi o registrati');
  const login = page.getByRole('region', { name: 'Hai già un account?' });
  await login.getByLabel('Email', { exact: true }).fill(email);
  await login.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await login.getByRole('button', { name: 'Accedi' }).click();
  await step(page, 2, 'Consegna o ritiro');
}

/** From the cart to step 2 (a logged-in customer skips step 1). */
async function toCheckout(page: Page) {
  await page.goto(url('/ecommerce/cart'));
  await page
    .getByRole('link', { name: /^Invia ordine/ })
    .first()
    .click();
  await step(page, 2, 'Consegna o ritiro');
}

/** Pickup needs no address: from step 2 straight to the details, name and phone. */
async function pickupDetails(page: Page, fields: { name: string; phone: string; slot: string }) {
  await choose(page, 'Ritiro in pizzeria');
  await next(page);
  await pickupStep(page, 3, 'Dettagli');
  await page.getByLabel('Nome', { exact: true }).fill(fields.name);
  await page.getByLabel('Telefono').fill(fields.phone);
  await choose(page, fields.slot);
}

/** Step 4 filled for pickup, then on past step 5 to the summary. */
async function pickupToSummary(page: Page, fields: { name: string; phone: string; slot: string }) {
  await pickupDetails(page, fields);
  await next(page);
  await next(page);
  await pickupStep(page, 5, 'Riepilogo');
}

/** A Marinara in the cart, ordered for pickup as far as the summary. */
async function marinaraForPickup(page: Page, fields: { name: string; phone: string; slot: string }) {
  await addFromMenu(page, 'Marinara', 'Aggiungi al Carrello (5,50 €)');
  await toCheckout(page);
  await pickupToSummary(page, fields);
}

/** From step 2, home delivery to a new address: step 4, empty. */
async function newDeliveryAddress(page: Page) {
  await choose(page, 'Consegna a domicilio');
  await next(page);
  await page.getByRole('button', { name: 'Aggiungi un nuovo indirizzo' }).click();
  await step(page, 4, 'Dettagli');
}

/** Confirms at step 6 and waits for the confirmation page. */
async function confirmOrder(page: Page) {
  await page.getByRole('button', { name: 'Conferma ordine' }).click();
  await heading(page, 'Ordine inviato');
}

async function chooseZone(page: Page, zone: string) {
  await page.getByRole('button', { name: /Zona di consegna/ }).click();
  await page.getByRole('option', { name: zone, exact: true }).click();
}

describe('checkout: ordering in the browser', () => {
  const browser = useBrowser();
  /** A new window (refusals allowed) where a new verified customer is logged in. */
  const customerWindow = async (label: string, name: string, options?: Parameters<typeof browser.open>[0]) => {
    const p = await browser.open(options);
    allowRefusals(p);
    await verifiedCustomer(p.page, label, name);
    return p.page;
  };

  describe.each(VIEWPORTS)('on a $name window', ({ name: viewportName, viewport }) => {
    const slot = viewportName === 'phone' ? '20:30' : '20:45';

    it('a visitor builds a cart, registers at step 1, verifies, logs in and orders for delivery with an upsell', async () => {
      const p = await browser.open({ viewport });
      allowRefusals(p);
      const { page } = p;
      const email = newEmail(viewportName);

      // Margherita on whole-wheat dough with two additions (10,00 €) and a Marinara (5,50 €).
      await page.goto(url('/ecommerce'));
      await expectNoA11yViolations(page, `menu (${viewportName})`);
      await page
        .getByRole('button', { name: /^Margherita/ })
        .first()
        .click();
      await page.getByRole('dialog').getByText('Scegli il tipo di impasto:').waitFor();
      await expectNoA11yViolations(page, `product dialog (${viewportName})`);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await addFromMenu(page, 'Margherita', 'Aggiungi al Carrello (10,00 €)', [
        'Impasto integrale (+1,50 €)',
        'Acciughe (+1,00 €)',
        'Funghi (+1,00 €)',
      ]);
      await addFromMenu(page, 'Marinara', 'Aggiungi al Carrello (5,50 €)');

      await page.goto(url('/ecommerce/cart'));
      await page.getByRole('link', { name: 'Invia ordine (2 articoli) - 15,50 €' }).waitFor();
      await expectNoA11yViolations(page, `cart (${viewportName})`);
      const margherita = page.locator('.cart-line', { hasText: 'Margherita' });
      await margherita.getByRole('button', { name: 'Modifica' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Aumenta quantità' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Conferma modifica (20,00 €)' }).click();
      await page.locator('.cart-line', { hasText: 'Marinara' }).getByRole('button', { name: 'Rimuovi' }).click();
      await page.getByRole('link', { name: 'Invia ordine (2 articoli) - 20,00 €' }).click();

      // Step 1: a new customer registers right here, then confirms the e-mail.
      await step(page, 1, 'Accedi o registrati');
      await expectNoA11yViolations(page, `checkout step 1 (${viewportName})`);
      const register = page.getByRole('region', { name: 'Sei un nuovo cliente?' });
      await register.getByLabel('Nome', { exact: true }).fill('Marco Ferri');
      await register.getByLabel('Email', { exact: true }).fill(email);
      await register.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await register.getByLabel('Conferma password', { exact: true }).fill(PASSWORD);
      await register.getByRole('button', { name: 'Registrati' }).click();
      await heading(page, 'Attiva il tuo account');
      const [verification] = await waitForMails(email, 1);
      await page.goto(url(linkIn(verification!, '/api/email/verify?')));
      await page.getByText('Indirizzo email verificato con successo! Ora puoi accedere.').waitFor();

      // Back to the checkout: the cart waited in this browser; logging in at step 1 moves on to step 2.
      await logInAtStep1(page, email);
      await expectNoA11yViolations(page, `checkout step 2 (${viewportName})`);

      await choose(page, 'Consegna a domicilio');
      await next(page);
      await step(page, 3, 'Indirizzo');
      await expectNoA11yViolations(page, `checkout step 3 (${viewportName})`);
      await page.getByRole('button', { name: 'Aggiungi un nuovo indirizzo' }).click();

      await step(page, 4, 'Dettagli');
      await page.getByRole('radio', { name: slot }).waitFor();
      await expectNoA11yViolations(page, `checkout step 4 (${viewportName})`);
      await page.getByLabel('Nome sul citofono').fill('Ferri');
      await chooseZone(page, 'Testaccio');
      await page.getByLabel('Indirizzo', { exact: true }).fill('Via Marmorata 12');
      await page.getByLabel('Telefono').fill('+393331234567');
      await choose(page, slot);
      await next(page);

      await step(page, 5, 'Ti consigliamo anche');
      const upsell = page.locator('.product-card').first();
      await upsell.waitFor();
      const upsellName = (await upsell.locator('.product-card__name').textContent())!;
      const upsellPrice = (await upsell.locator('.price').textContent())!;
      await expectNoA11yViolations(page, `checkout step 5 (${viewportName})`);
      await page.getByRole('button', { name: `Aggiungi ${upsellName}` }).click();
      await next(page);

      await step(page, 6, 'Riepilogo');
      const summary = page.locator('.checkout-summary');
      await summary.getByText(new RegExp(`1 × ${upsellName}`)).waitFor();
      await summary.getByText(/2 × Margherita \(Impasto integrale\) \+ Acciughe, Funghi — 20,00 €/).waitFor();
      const cents = (text: string) => Math.round(Number(text.replace(/[^\d,]/g, '').replace(',', '.')) * 100);
      const expectedTotal = 2000 + cents(upsellPrice);
      const euro = (c: number) => `${(c / 100).toFixed(2).replace('.', ',')} €`;
      await summary.locator('dd').getByText(euro(expectedTotal)).first().waitFor();
      await expectNoA11yViolations(page, `checkout step 6 (${viewportName})`);
      await page.getByRole('button', { name: 'Conferma ordine' }).click();

      await heading(page, 'Ordine inviato');
      await page.getByText('Ordine confermato con successo!').waitFor();
      await expectNoA11yViolations(page, `confirmation (${viewportName})`);

      // Stored at the server's price, e-mailed, listed on the account page; the cart is empty.
      const [order, ...others] = await myOrders(page);
      expect(others).toHaveLength(0);
      expect(order!.delivery).toBe('consegna');
      expect(Math.round(order!.total_price * 100)).toBe(expectedTotal);
      expect(order!.delivery_at).toContain(`2026-11-18`);
      expect(order!.delivery_at).toContain(slot);
      expect(order!.products.map((l) => [l.product.name, l.qty]).sort()).toEqual(
        [
          ['Margherita', 2],
          [upsellName, 1],
        ].sort(),
      );
      const mails = await waitForMails(email, 2);
      const confirmation = mails.find((mail) => mail.includes(`il tuo ordine n. ${order!.order_num} è confermato`));
      expect(confirmation).toBeDefined();
      expect(confirmation).toContain('Via Marmorata 12');
      expect(confirmation).toContain(`Totale: ${euro(expectedTotal)}`);

      await page.goto(url('/auth/account'));
      await heading(page, 'Il mio Account');
      await page.getByText(`Ordine n. ${order!.order_num}`).waitFor();
      await page.getByText(euro(expectedTotal)).first().waitFor();
      await page.goto(url('/ecommerce/cart'));
      expect(await page.getByRole('link', { name: /^Invia ordine/ }).count()).toBe(0);
    });
  });

  it('pickup for 15 € or more gets RITIRO-IN-PIZZERIA (15 % off) by itself', async () => {
    const page = await customerWindow('pickup', 'Sara Neri');
    await cartOf1550(page);
    await toCheckout(page);
    await pickupDetails(page, { name: 'Sara Neri', phone: '3331112233', slot: '19:00' });
    await next(page);
    await pickupStep(page, 4, 'Ti consigliamo anche');
    await next(page);
    await pickupStep(page, 5, 'Riepilogo');
    const summary = page.locator('.checkout-summary');
    await summary.getByText('Ritiro in pizzeria').waitFor();
    expect(await summary.getByLabel('Codice sconto').count()).toBe(0);
    // 15,50 € − 15 % = 13,18 € (2,33 € off, rounded by the server).
    await summary.getByText('Sconto').waitFor();
    await summary.locator('dd').getByText('15,50 €').waitFor();
    const final = await summary.locator('dd').last().textContent();
    await confirmOrder(page);

    const [order] = await myOrders(page);
    expect(order!.delivery).toBe('ritiro');
    expect(order!.discount_code).toBe('RITIRO-IN-PIZZERIA');
    expect(order!.original_price).toBe(15.5);
    expect(order!.total_price).toBeCloseTo(15.5 * 0.85, 1);
    expect(final).toBe(`${order!.total_price.toFixed(2).replace('.', ',')} €`);
  });

  it("an allergy told at step 4 (a quick choice in 'Allergie o intolleranze') shows in the summary and the confirmation, and is stored with the order", async () => {
    const page = await customerWindow('allergy', 'Elena Rinaldi');
    await addFromMenu(page, 'Marinara', 'Aggiungi al Carrello (5,50 €)');
    await toCheckout(page);
    await pickupDetails(page, { name: 'Elena Rinaldi', phone: '3331112244', slot: '21:45' });
    await page.getByRole('button', { name: 'Frutta a guscio', exact: true }).click();
    expect(await page.getByLabel('Allergie o intolleranze').inputValue()).toBe('frutta a guscio');
    await next(page);
    await pickupStep(page, 4, 'Ti consigliamo anche');
    await next(page);
    await pickupStep(page, 5, 'Riepilogo');
    const fact = page.locator('.checkout-facts__row').filter({ hasText: 'Allergie o intolleranze' });
    expect(await fact.locator('dd').first().textContent()).toBe('frutta a guscio');
    await confirmOrder(page);
    // The confirmation tells the customer the kitchen has it.
    await page.getByText('Allergie o intolleranze: frutta a guscio', { exact: true }).waitFor();

    const [order] = await myOrders(page);
    const { body } = await apiCall(page, 'GET', `/api/v1/ecommerce/account/orders/${order!.id}`);
    expect((body as { order: { allergy_note: string | null } }).order.allergy_note).toBe('frutta a guscio');
  });

  it('on a phone, a pickup summary ends with "Da pagare al ritiro" and no label of the totals wraps', async () => {
    const page = await customerWindow('phonepickup', 'Marta Gialli', { viewport: VIEWPORTS[0].viewport });
    await cartOf1550(page);
    await toCheckout(page);
    await pickupToSummary(page, { name: 'Marta Gialli', phone: '3334445566', slot: '19:45' });
    const totals = page.locator('.checkout-summary .cart-totals');
    await totals.getByText('Sconto').waitFor();
    expect(await totals.locator('dt').last().textContent()).toBe('Da pagare al ritiro');
    // Every label on one line (a long value may wrap, inside its own cell).
    const lineCounts = await totals.locator('dt').evaluateAll((labels) =>
      labels.map((label) => {
        const range = document.createRange();
        range.selectNodeContents(label);
        return range.getClientRects().length;
      }),
    );
    expect(lineCounts).toEqual([1, 1, 1]);
  });

  it('step 4 refuses a phone with letters, the zone "Altra zona" and a missing timeslot, and places no order', async () => {
    const page = await customerWindow('invalid', 'Paolo Verdi');
    await addFromMenu(page, 'Marinara', 'Aggiungi al Carrello (5,50 €)');
    await toCheckout(page);
    await newDeliveryAddress(page);
    await page.getByLabel('Nome sul citofono').fill('Verdi');
    await chooseZone(page, 'Altra zona');
    await page.getByLabel('Indirizzo', { exact: true }).fill('Via Lontana 1');
    await page.getByLabel('Telefono').fill('333abc4567');
    await next(page);
    await page.getByText('Il numero di telefono è obbligatorio e deve essere valido.').waitFor();
    await page.getByText('Zona non coperta dal servizio di consegna.').waitFor();
    await page.getByText('Puoi sempre scegliere il ritiro in pizzeria.').waitFor();
    await page.getByText('La fascia oraria deve essere selezionata.').waitFor();
    await expectNoA11yViolations(page, 'checkout step 4 with errors');
    // Each message goes once its field is right; the step stays until all are.
    await page.getByLabel('Telefono').fill('3334445566');
    await chooseZone(page, 'Prati');
    await next(page);
    await page.getByText('La fascia oraria deve essere selezionata.').waitFor();
    expect(await page.getByText('Il numero di telefono è obbligatorio e deve essere valido.').count()).toBe(0);
    expect(await page.getByText('Zona non coperta dal servizio di consegna.').count()).toBe(0);
    await step(page, 4, 'Dettagli');
    expect(await myOrders(page)).toHaveLength(0);
  });

  it('a double click on confirm and a reload during the submit each leave exactly one order', async () => {
    const page = await customerWindow('double', 'Elena Gallo');

    await marinaraForPickup(page, { name: 'Elena Gallo', phone: '3337778899', slot: '19:15' });
    await page.getByRole('button', { name: 'Conferma ordine' }).dblclick();
    await heading(page, 'Ordine inviato');
    expect(await myOrders(page)).toHaveLength(1);

    // The submit is slowed down and the page reloaded meanwhile: the reload comes back to step 6
    // with the same Idempotency-Key, and confirming again returns the first order.
    await marinaraForPickup(page, { name: 'Elena Gallo', phone: '3337778899', slot: '19:30' });
    const keys: string[] = [];
    await page.route('**/api/v1/ecommerce/checkout', async (route) => {
      keys.push(route.request().headers()['idempotency-key']!);
      const response = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.fulfill({ response }).catch(() => undefined);
    });
    await page.getByRole('button', { name: 'Conferma ordine' }).click();
    await page.getByRole('button', { name: 'Invio in corso...' }).waitFor();
    await expect.poll(() => keys.length).toBe(1);
    await page.reload();
    await pickupStep(page, 5, 'Riepilogo');
    await confirmOrder(page);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(await myOrders(page)).toHaveLength(2);
  });

  it('a slot filled by another order before confirm: the message, back on step 4 with fresh timeslots, the data kept', async () => {
    const page = await customerWindow('fullslot', 'Luca Bruni');
    await marinaraForPickup(page, { name: 'Luca Bruni', phone: '3339990001', slot: '21:00' });

    // Another customer, in another browser, books the whole oven of 21:00 (10 pizzas).
    const other = await customerWindow('filler', 'Anna Fabbri');
    await addFromMenu(other, 'Marinara', 'Aggiungi al Carrello (5,50 €)');
    await other.goto(url('/ecommerce/cart'));
    for (let i = 1; i < 10; i++) await other.getByRole('button', { name: 'Aumenta quantità' }).first().click();
    await other.getByRole('link', { name: 'Invia ordine (10 articoli) - 55,00 €' }).click();
    await step(other, 2, 'Consegna o ritiro');
    await pickupToSummary(other, { name: 'Anna Fabbri', phone: '3331230000', slot: '21:00' });
    await confirmOrder(other);

    await page.getByRole('button', { name: 'Conferma ordine' }).click();
    await pickupStep(page, 3, 'Dettagli');
    await page.getByRole('alert').getByText(/21:00/).waitFor();
    await expect.poll(() => page.getByRole('radio', { name: '21:00' }).isDisabled()).toBe(true);
    expect(await page.getByLabel('Nome', { exact: true }).inputValue()).toBe('Luca Bruni');
    expect(await page.getByLabel('Telefono').inputValue()).toBe('3339990001');
    expect(await myOrders(page)).toHaveLength(0);

    await choose(page, '21:15');
    await next(page);
    await next(page);
    await confirmOrder(page);
    const [order] = await myOrders(page);
    expect(order!.delivery_at).toContain('21:15');
  });

  it("the browser's Back goes to the previous step, a reload keeps the step and the data typed so far", async () => {
    const page = await customerWindow('back', 'Irene Costa', { viewport: VIEWPORTS[0].viewport });
    await addFromMenu(page, 'Marinara', 'Aggiungi al Carrello (5,50 €)');
    await toCheckout(page);
    await newDeliveryAddress(page);
    await page.getByLabel('Nome sul citofono').fill('Costa');
    await page.getByLabel('Telefono').fill('3471234567');

    await page.reload();
    await step(page, 4, 'Dettagli');
    expect(await page.getByLabel('Nome sul citofono').inputValue()).toBe('Costa');
    expect(await page.getByLabel('Telefono').inputValue()).toBe('3471234567');

    await page.goBack();
    await step(page, 3, 'Indirizzo');
    await page.getByRole('button', { name: 'Indietro' }).click();
    await step(page, 2, 'Consegna o ritiro');
    expect(await page.getByRole('radio', { name: 'Consegna a domicilio' }).isChecked()).toBe(true);
    // Step 2 is the first step of a logged-in customer: Back leaves the checkout at once.
    await page.goBack();
    await heading(page, 'Carrello');
  });
});

/** Issue 28, points 1–4: what a week of real use found in the checkout. */
describe('checkout: where and when, the confirmation, pickup, the fee', () => {
  const browser = useBrowser();
  const summaryFact = (page: Page, label: string) =>
    page.locator('.checkout-facts__row').filter({ has: page.getByText(label, { exact: true }) });

  it("the summary says where and when with 'Modifica'; the cart shows the zone's fee; the confirmation survives a reload and a second tab, and only for its customer", async () => {
    const { page: owner } = await browser.open();
    await logInAsAdmin(owner);
    type Zone = { id: number; version: number; name: string };
    const marconi = ((await apiCall(owner, 'GET', '/api/v1/admin/zones')).body as { items: Zone[] }).items.find(
      (z) => z.name === 'Marconi',
    )!;
    const setFee = async (fee: string) => {
      const zone = ((await apiCall(owner, 'GET', '/api/v1/admin/zones')).body as { items: Zone[] }).items.find((z) => z.id === marconi.id)!;
      const saved = await apiCall(owner, 'PUT', `/api/v1/admin/zones/${zone.id}`, {
        name: 'Marconi',
        active: true,
        fee,
        min_order: '',
        version: zone.version,
      });
      expect(saved.status).toBe(200);
    };
    await setFee('2,50');
    try {
      const p = await browser.open();
      allowRefusals(p);
      const { page } = p;
      await verifiedCustomer(page, 'summary', 'Carla Ferri');
      await cartOf1550(page);

      // Point 4, before the zone is known: the page says the fee depends on it.
      await page.goto(url('/ecommerce/cart'));
      await page.getByRole('link', { name: 'Invia ordine (2 articoli) - 15,50 €' }).waitFor();
      await page.getByText('Il costo di consegna dipende dalla zona: lo vedrai nel riepilogo.').waitFor();
      await page.getByRole('link', { name: 'Invia ordine (2 articoli) - 15,50 €' }).click();
      await step(page, 2, 'Consegna o ritiro');
      await newDeliveryAddress(page);
      await page.getByLabel('Nome sul citofono').fill('Ferri');
      await chooseZone(page, 'Marconi');
      await page.getByLabel('Indirizzo', { exact: true }).fill('Via Pincherle 3');
      await page.getByLabel('Telefono').fill('3471112233');
      await choose(page, '20:00');
      await next(page);
      await step(page, 5, 'Ti consigliamo anche');
      await next(page);

      // Point 1: where and when, each with its 'Modifica'.
      await step(page, 6, 'Riepilogo');
      const facts = {
        'Consegna o ritiro': 'Consegna a domicilio',
        Indirizzo: 'Via Pincherle 3',
        'Zona di consegna': 'Marconi',
        'Nome sul citofono': 'Ferri',
        Telefono: '3471112233',
        'Fascia oraria': '20:00',
      };
      for (const [label, value] of Object.entries(facts)) {
        const fact = summaryFact(page, label);
        await fact.getByText(value, { exact: true }).waitFor();
        await fact.getByRole('button', { name: `Modifica ${label.toLowerCase()}` }).waitFor();
      }
      await expectNoA11yViolations(page, 'checkout summary with where and when');
      // 'Modifica' goes back to the step; 'Prosegui' comes straight back to the summary.
      await page.getByRole('button', { name: 'Modifica telefono' }).click();
      await step(page, 4, 'Dettagli');
      await page.getByLabel('Telefono').fill('3479998877');
      await next(page);
      await step(page, 6, 'Riepilogo');
      await summaryFact(page, 'Telefono').getByText('3479998877', { exact: true }).waitFor();
      // …and the browser's Back from there returns to the summary too.
      await page.getByRole('button', { name: 'Modifica fascia oraria' }).click();
      await step(page, 4, 'Dettagli');
      await page.goBack();
      await step(page, 6, 'Riepilogo');
      await page.locator('.checkout-summary .cart-totals').getByText('2,50 €').waitFor();

      // Point 4, once the zone is known: the fee is its own line and every total agrees with the button.
      await page
        .getByRole('navigation', { name: 'Principale' })
        .getByRole('link', { name: /^Carrello/ })
        .click();
      await heading(page, 'Carrello');
      const totals = page.locator('.cart-totals');
      await totals.getByText('Costo di consegna').waitFor();
      expect(await totals.textContent()).toBe('Totale15,50 €Costo di consegna2,50 €Da pagare18,00 €');
      await page.getByRole('link', { name: 'Invia ordine (2 articoli) - 18,00 €' }).waitFor();
      expect(await page.getByText('Il costo di consegna dipende dalla zona', { exact: false }).count()).toBe(0);
      await expectNoA11yViolations(page, 'cart with the delivery fee');
      // A reload keeps the zone: the cart priced again on arrival still has its fee.
      const repriced = page.waitForResponse((response) => response.url().endsWith('/api/v1/ecommerce/cart'));
      await page.reload();
      await repriced;
      await page.getByRole('link', { name: 'Invia ordine (2 articoli) - 18,00 €' }).waitFor();
      expect(await totals.textContent()).toBe('Totale15,50 €Costo di consegna2,50 €Da pagare18,00 €');
      await page.getByRole('link', { name: 'Invia ordine (2 articoli) - 18,00 €' }).click();
      await step(page, 6, 'Riepilogo');
      await confirmOrder(page);

      // Point 2: below the spec's message, the order's number, time, place, total and payment.
      const [order] = await myOrders(page);
      const details = [
        'Ordine confermato con successo!',
        `Ordine n. ${order!.order_num}`,
        'Consegna prevista alle 20:00',
        'Via Pincherle 3, Marconi',
        'Totale: 18,00 €',
        'Costo di consegna compreso: 2,50 €',
        'Da pagare alla consegna in contanti',
      ];
      const shown = async (where: Page) => {
        for (const text of details) await where.getByText(text, { exact: true }).waitFor();
      };
      await shown(page);
      await expectNoA11yViolations(page, 'confirmation with the order');
      await page.reload();
      await shown(page);
      const secondTab = await p.context.newPage();
      await secondTab.goto(page.url());
      await shown(secondTab);

      // Another customer with the same address sees nothing of it.
      const other = await browser.open();
      other.allowErrors(/status of 404/);
      await verifiedCustomer(other.page, 'nosy', 'Nino Curioso');
      await other.page.goto(page.url());
      await other.page.getByRole('link', { name: 'I tuoi ordini sono nella pagina del tuo account.' }).waitFor();
      expect(await other.page.getByText(`Ordine n. ${order!.order_num}`).count()).toBe(0);
      expect(await other.page.getByText('Via Pincherle 3').count()).toBe(0);
    } finally {
      await setFee('');
    }
  });

  it('pickup asks only for a name and a phone: a visitor who logs in at step 1, then again with saved details', async () => {
    // A verified customer (registered in another window); here a visitor who logs in at step 1.
    const email = await verifiedCustomer((await browser.open()).page, 'pickup28', 'Giada Marchetti');
    const p = await browser.open({ viewport: VIEWPORTS[0].viewport });
    allowRefusals(p);
    const { page } = p;
    await addFromMenu(page, 'Marinara', 'Aggiungi al Carrello (5,50 €)');
    await logInAtStep1(page, email);

    for (const slot of ['20:15', '19:00']) {
      await choose(page, 'Ritiro in pizzeria');
      await page.getByText('Passo 2 di 5', { exact: true }).waitFor();
      await next(page);
      // No address step: the details at once, and (point 5) no error before an attempt.
      await pickupStep(page, 3, 'Dettagli');
      await page.getByRole('radio', { name: slot }).waitFor();
      expect(await page.getByText('La fascia oraria deve essere selezionata.').count()).toBe(0);
      expect(await page.getByLabel('Indirizzo', { exact: true }).count()).toBe(0);
      expect(await page.getByText('Seleziona un indirizzo.').count()).toBe(0);
      await expectNoA11yViolations(page, 'pickup details');
      // The name is the profile's; the second time, the phone of the first pickup is there too.
      const filledIn = ['Giada Marchetti', slot === '19:00' ? '3331234567' : ''];
      expect([await page.getByLabel('Nome', { exact: true }).inputValue(), await page.getByLabel('Telefono').inputValue()]).toEqual(
        filledIn,
      );
      await page.getByLabel('Nome', { exact: true }).fill('Giada Marchetti');
      await page.getByLabel('Telefono').fill('3331234567');
      await choose(page, slot);
      await next(page);
      await pickupStep(page, 4, 'Ti consigliamo anche');
      await next(page);
      await pickupStep(page, 5, 'Riepilogo');
      await summaryFact(page, 'Nome').getByText('Giada Marchetti', { exact: true }).waitFor();
      await confirmOrder(page);
      await page.getByText(`Ritiro alle ${slot}`, { exact: true }).waitFor();
      await page.getByText('Ritiro in pizzeria', { exact: true }).waitFor();
      // Again, now with saved details: the same path.
      await addFromMenu(page, 'Marinara', 'Aggiungi al Carrello (5,50 €)');
      await toCheckout(page);
    }
    expect((await myOrders(page)).map((o) => o.delivery)).toEqual(['ritiro', 'ritiro']);
  });
});
