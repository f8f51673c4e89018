/**
 * The cassa's taps and delays (issue 30), against the real server: an online pickup printed, then
 * 'Pronto'; a phone delivery printed, then 'In consegna'; '+10 min' from a row moves that order's
 * time; a tap made offline waits in 'Da inviare' and reaches the server when the network is back;
 * axe on /cassa with the steps shown and on the header's 'Ritardo' question. Every order here is
 * this file's own and is cancelled at the end.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, DESKTOP, expectNoA11yViolations, useBrowser } from './browser';
import { freeSlots, logIn, openCassa, PASSWORD, placeOnlineOrder, readDay, row, verifiedCustomer } from './cassa-helpers';

const orderApi = (id: number) => `/api/v1/ecommerce/cassa/orders/${id}`;
const headerCounter = (page: Page) => page.getByText(/^Da inviare: \d+$/);
/** What the browser logs for every request while it is offline (the test cuts the network on purpose). */
const OFFLINE = /net::ERR_INTERNET_DISCONNECTED/;

/** The order as the server lists it now (progress, delay). */
async function listed(page: Page, id: number) {
  const day = (await readDay(page)) as unknown as { orders: { data: { id: number; progress: string; delay_minutes: number }[] } };
  return day.orders.data.find((o) => o.id === id)!;
}

/** A phone delivery for tonight at `fascia`, stored through the cassa's API (another cash desk). */
async function storeDelivery(page: Page, name: string, fascia: string) {
  const init = (await apiCall(page, 'GET', '/api/v1/ecommerce/cassa/init')).body as { zones: { id: number }[]; today: string };
  const products = (await apiCall(page, 'GET', '/api/ecommerce/products')).body!.products as { id: number; name: string }[];
  const stored = await apiCall(
    page,
    'POST',
    '/api/v1/ecommerce/cassa/orders/store',
    {
      data: {
        client_id: 0,
        delivery: 'consegna',
        zone_id: init.zones[0]!.id,
        indirizzo: 'Via dei Forni 30',
        nomeCliente: name,
        telefono: '3470003030',
        fascia,
        delivery_date: init.today,
        payment_type: 'Contanti',
        note: null,
      },
      cart: [{ id: products.find((p) => p.name === 'Margherita')!.id, qty: 1 }],
    },
    { 'Idempotency-Key': randomUUID() },
  );
  expect(stored.status, JSON.stringify(stored.body)).toBe(201);
  return stored.body!.order as { id: number; order_num: number };
}

const cancel = async (page: Page, id: number) => expect((await apiCall(page, 'PATCH', orderApi(id), { status: 3 })).status).toBe(200);

describe('cassa progress', () => {
  const browser = useBrowser();

  it("prints an online pickup and taps 'Pronto', prints a delivery and taps 'In consegna', and '+10 min' moves one order's time", async () => {
    const shopper = (await browser.open({ viewport: DESKTOP })).page;
    await logIn(shopper, await verifiedCustomer(shopper), PASSWORD);
    const fascia = (await freeSlots(shopper)).at(-3)!;
    const pickup = await placeOnlineOrder(shopper, fascia);

    const { page } = await browser.open({ viewport: DESKTOP });
    await openCassa(page);
    const delivery = await storeDelivery(page, `Avanti Tutta ${randomUUID().slice(0, 6)}`, fascia);

    const pickupRow = row(page, pickup.order_num);
    await pickupRow.getByText('Ricevuto', { exact: true }).waitFor();
    await pickupRow.getByRole('button', { name: `Stampa ordine numero ${pickup.order_num}` }).click();
    await pickupRow.getByRole('button', { name: 'Pronto', exact: true }).click();
    await pickupRow.getByText('Pronto per il ritiro', { exact: true }).waitFor();
    await expect.poll(async () => (await listed(page, pickup.id)).progress).toBe('ready');

    const deliveryRow = row(page, delivery.order_num);
    await deliveryRow.waitFor();
    await deliveryRow.getByRole('button', { name: `Stampa ordine numero ${delivery.order_num}` }).click();
    await deliveryRow.getByRole('button', { name: 'In consegna', exact: true }).click();
    await deliveryRow.getByText('In consegna', { exact: true }).waitFor();
    await expect.poll(async () => (await listed(page, delivery.id)).progress).toBe('on_the_way');
    // A mistaken tap is undone from the row's menu.
    await deliveryRow.getByRole('button', { name: `Altre azioni ordine numero ${delivery.order_num}` }).click();
    await page.getByRole('menuitem', { name: 'Annulla ultimo passo' }).click();
    await deliveryRow.getByRole('button', { name: 'In consegna', exact: true }).waitFor();
    await expect.poll(async () => (await listed(page, delivery.id)).progress).toBe('preparing');

    // '+10 min' on the delivery: its time moves, the pickup's in the same slot does not.
    await deliveryRow.getByRole('button', { name: `Altre azioni ordine numero ${delivery.order_num}` }).click();
    await page.getByRole('menuitem', { name: '+10 min' }).click();
    const [hour, minute] = fascia.split(':').map(Number);
    const later = `${String(hour! + Math.floor((minute! + 10) / 60)).padStart(2, '0')}:${String((minute! + 10) % 60).padStart(2, '0')}`;
    await expect.poll(() => deliveryRow.locator('.cassa-time').textContent()).toBe(`${later} +10 min`);
    expect(await pickupRow.locator('.cassa-time').textContent()).toBe(fascia);
    await expect.poll(async () => (await listed(page, delivery.id)).delay_minutes).toBe(10);

    await expectNoA11yViolations(page, 'cassa with the steps');
    // The header's 'Ritardo' asks first, saying how many orders would move (answered 'Annulla': other files share tonight).
    await page.getByRole('button', { name: 'Ritardo', exact: true }).click();
    await page.getByRole('menuitem', { name: '+20 min' }).click();
    const question = page.getByRole('alertdialog', { name: 'Ritardo' });
    await question.getByText(/^Posticipare di 20 minuti \d+ ordin[ei] di stasera non ancora uscit[oi]\?$/).waitFor();
    await expectNoA11yViolations(page, "cassa's 'Ritardo' question");
    await question.getByRole('button', { name: 'Annulla' }).click();
    await expect.poll(() => question.count()).toBe(0);
    expect((await listed(page, delivery.id)).delay_minutes).toBe(10);
    for (const id of [pickup.id, delivery.id]) await cancel(page, id);
  });

  it("a tap made offline waits in 'Da inviare' and reaches the server once the network is back", async () => {
    const { page, allowErrors } = await browser.open({ viewport: DESKTOP });
    allowErrors(OFFLINE);
    await openCassa(page);
    const fascia = (await freeSlots(page)).at(-4)!;
    const delivery = await storeDelivery(page, `Senza Rete ${randomUUID().slice(0, 6)}`, fascia);
    const deliveryRow = row(page, delivery.order_num);
    await deliveryRow.getByRole('button', { name: `Stampa ordine numero ${delivery.order_num}` }).click();
    await expect.poll(async () => (await listed(page, delivery.id)).progress).toBe('preparing');

    await page.context().setOffline(true);
    await deliveryRow.getByRole('button', { name: 'In consegna', exact: true }).click();
    await deliveryRow.getByText('In consegna', { exact: true }).waitFor();
    await headerCounter(page).filter({ hasText: 'Da inviare: 1' }).waitFor();
    await page.context().setOffline(false);
    await expect.poll(() => headerCounter(page).count(), { timeout: 15_000 }).toBe(0);
    expect((await listed(page, delivery.id)).progress).toBe('on_the_way');
    await cancel(page, delivery.id);
  });
});
