/**
 * The cassa's add/edit widget against the real server: a phone order for a new client typed with the
 * keyboard alone, down to its row, slot and totals; an online order edited, printed, edited again
 * (Ristampa) and printed again; two cash desks saving the same order (the second is refused and
 * reloads); a double confirm storing one order; the staff product dialog; axe with an order open and
 * with the client suggestions open. Tonight's times used here (22:00–23:15) are left alone by the
 * other files (checkout.e2e.ts books 19:00–21:15, cassa.e2e.ts the last free slot).
 */
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, DESKTOP, expectNoA11yViolations, url, useBrowser } from './browser';
import {
  cartLine,
  cartLines,
  counter,
  editor,
  euro,
  freeSlots,
  logIn,
  nameBox,
  noteBox,
  openCassa,
  openEditor,
  ordersList,
  PASSWORD,
  placeOnlineOrder,
  printedTickets,
  productBox,
  readDay,
  logInAsAdmin,
  row,
  totalsText,
  verifiedCustomer,
  type WireDay,
} from './cassa-helpers';

const INIT_API = '/api/v1/ecommerce/cassa/init';
const orderApi = (id: number) => `/api/v1/ecommerce/cassa/orders/${id}`;
const STALE_MESSAGE = "Questo ordine è stato modificato da un'altra cassa: ricaricalo prima di salvarlo.";

interface WireOrder {
  id: number;
  order_num: number;
  version: number;
  name: string;
  note: string | null;
  status: number;
  delivery_time: string;
  products: { product_id: number | null; qty: number; description: string }[];
}

interface WireClient {
  id: number;
  name: string;
  address: string | null;
  telephone: string | null;
  zone_id: number | null;
}

const readOrder = async (page: Page, id: number) => (await apiCall(page, 'GET', orderApi(id))).body!.order as WireOrder;
const readClients = async (page: Page) => (await apiCall(page, 'GET', INIT_API)).body!.clients as WireClient[];
const slotOf = (day: WireDay, time: string) => day.slots.find((s) => s.time === time)!;

const zoneSelect = (page: Page) => editor(page).getByRole('combobox', { name: /^Zona\b/ });
const hourBox = (page: Page) => editor(page).getByLabel('Ora', { exact: true });
const minuteBox = (page: Page) => editor(page).getByLabel('Minuti', { exact: true });
const editorStatus = (page: Page) => editor(page).getByRole('status');
const clientSuggestions = (page: Page) => page.getByRole('listbox', { name: 'Clienti suggeriti' });
const productResults = (page: Page) => page.getByRole('listbox', { name: 'Prodotti trovati' });

/** The text of the option a suggestion box has highlighted (what Enter would pick), or null. */
const highlighted = (box: Locator) =>
  box.evaluate((input) => {
    const id = input.getAttribute('aria-activedescendant');
    return (id && document.getElementById(id)?.textContent?.trim()) || null;
  });

/** Presses Enter on the suggestion box once the option named `name` is the highlighted one. */
async function enterOn(box: Locator, name: RegExp) {
  await expect.poll(() => highlighted(box)).toMatch(name);
  await box.press('Enter');
}

let productIds: Map<string, number> | undefined;
async function productId(page: Page, name: string): Promise<number> {
  productIds ??= new Map(
    ((await apiCall(page, 'GET', '/api/ecommerce/products')).body!.products as { id: number; name: string }[]).map((p) => [p.name, p.id]),
  );
  return productIds.get(name)!;
}

/** A pickup phone order of one Margherita stored through the API, as another cash desk would. */
async function storeOrder(page: Page, name: string, fascia: string): Promise<WireOrder> {
  const day = await readDay(page);
  const stored = await apiCall(
    page,
    'POST',
    '/api/v1/ecommerce/cassa/orders/store',
    {
      data: {
        client_id: 0,
        delivery: 'ritiro',
        nomeCliente: name,
        telefono: '3330001111',
        fascia,
        delivery_date: day.date,
        payment_type: 'Contanti',
      },
      cart: [{ id: await productId(page, 'Margherita'), qty: 1 }],
    },
    { 'Idempotency-Key': randomUUID() },
  );
  expect(stored.status, JSON.stringify(stored.body)).toBe(201);
  return stored.body!.order as WireOrder;
}

/** The time boxes: typed, then committed with Enter (a NumberField commits on Enter or blur). */
async function setTime(page: Page, hour: string, minute: string) {
  await hourBox(page).fill(hour);
  await hourBox(page).press('Enter');
  await minuteBox(page).fill(minute);
  await minuteBox(page).press('Enter');
  await editor(page).getByText(`Consegna alle ${hour}:${minute}`, { exact: true }).waitFor();
}

describe('cassa order editor', () => {
  const browser = useBrowser();

  it('takes a phone order for a new client with the keyboard alone: row, slot, totals and the client suggested next time', async () => {
    const { page } = await browser.open({ viewport: DESKTOP });
    await openCassa(page);
    await expect.poll(() => noteBox(page).isEnabled()).toBe(true);
    const client = { name: 'Ernesto Tastiera', address: 'Via dei Tasti 7', telephone: '3471239876', zone: 'Monteverde' };
    const time = '22:15';
    const before = await readDay(page);
    const slot = page.locator(`.cassa-slot[data-time="${time}"]`);
    await expect.poll(() => slot.textContent()).toContain(`${slotOf(before, time).orders} ord.`);
    await page.getByText(totalsText(before), { exact: true }).waitFor();

    // The first field takes focus once; from there on, only keys.
    await nameBox(page).focus();
    await page.keyboard.type(client.name);
    await editor(page).getByText('Nuovo cliente - Verrà aggiunto').waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.type(client.zone); // a closed <select> picks the option typed
    await page.keyboard.press('Tab');
    await page.keyboard.type(client.address);
    await page.keyboard.press('Tab');
    await page.keyboard.type(client.telephone);
    await page.keyboard.press('Tab'); // Tipo di consegna: Consegna a domicilio stays
    await page.keyboard.press('Tab'); // Pagamento: Contanti / Da pagare stays
    await page.keyboard.press('Tab');
    expect(await productBox(page).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('Margherita');
    await enterOn(productBox(page), /^Margherita\b/);
    await cartLine(page, 'Margherita').waitFor();
    // The results close over the lines, the box empty and still focused: typing the next item opens them.
    expect(await productResults(page).count()).toBe(0);
    await page.keyboard.type('Diavola');
    await enterOn(productBox(page), /^Diavola\b/);
    await cartLine(page, 'Diavola').waitFor();
    await page.keyboard.press('Tab'); // 'Aggiungi' is disabled with an empty box: Ora is next
    expect(await hourBox(page).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('22');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('15');
    await page.keyboard.press('Tab');
    await editor(page).getByText(`Consegna alle ${time}`, { exact: true }).waitFor();
    expect(await zoneSelect(page).locator('option:checked').textContent()).toBe(client.zone);
    expect(await cartLines(page).count()).toBe(2);

    const confirm = editor(page).getByRole('button', { name: 'Conferma ordine' });
    await expect.poll(() => confirm.isEnabled()).toBe(true);
    for (let presses = 0; presses < 40 && !(await confirm.evaluate((el) => el === document.activeElement)); presses++) {
      await page.keyboard.press('Tab');
    }
    expect(await confirm.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');

    const message = editorStatus(page).getByText(new RegExp(`^Ordine creato\\. Ordine numero #(\\d+) delle ${time}\\.$`));
    await message.waitFor();
    const orderNum = Number((await message.textContent())!.match(/#(\d+)/)![1]);

    const after = await readDay(page);
    const order = after.orders.data.find((o) => o.order_num === orderNum)!;
    expect(order).toMatchObject({ name: client.name, delivery_time: time, payment_type: 'Contanti', status: 0 });
    const newRow = row(page, orderNum);
    await newRow.waitFor();
    await newRow.getByText(client.name, { exact: true }).waitFor();
    await newRow.getByText(`Ordine numero #${orderNum} - ${euro(order.total_price)} € - Contanti / Da pagare`, { exact: true }).waitFor();
    await newRow.getByText(client.zone, { exact: true }).waitFor();
    await newRow.getByText(time, { exact: true }).waitFor();
    // Its slot counts it, as the server does; the day's totals grew by its total.
    expect(slotOf(after, time).orders).toBe(slotOf(before, time).orders + 1);
    expect(slotOf(after, time).quantity).toBe(slotOf(before, time).quantity + 2);
    await expect.poll(() => slot.textContent()).toContain(`${slotOf(after, time).orders} ord.`);
    expect(Math.round((after.totals.total - before.totals.total) * 100)).toBe(Math.round(order.total_price * 100));
    expect(Math.round((after.totals.contanti - before.totals.contanti) * 100)).toBe(Math.round(order.total_price * 100));
    await page.getByText(totalsText(after), { exact: true }).waitFor();

    // The client is in the address book, and the widget (empty again) suggests them.
    const saved = (await readClients(page)).filter((c) => c.name === client.name);
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ address: client.address, telephone: client.telephone });
    expect(await nameBox(page).inputValue()).toBe('');
    await nameBox(page).focus();
    await page.keyboard.type('Ernesto Tast');
    await clientSuggestions(page)
      .getByRole('option', { name: new RegExp(`^${client.name}`) })
      .waitFor();
    await enterOn(nameBox(page), new RegExp(`^${client.name}`));
    await expect.poll(() => editor(page).getByLabel('Indirizzo', { exact: true }).inputValue()).toBe(client.address);
    expect(await nameBox(page).inputValue()).toBe(client.name);
    expect(await editor(page).getByLabel('Telefono', { exact: true }).inputValue()).toBe(client.telephone);
    expect(await zoneSelect(page).locator('option:checked').textContent()).toBe(client.zone);
    expect(await editor(page).getByText('Nuovo cliente - Verrà aggiunto').count()).toBe(0);
  });

  it('edits an online order after one refresh, prints it, edits it again (Ristampa, Modificati) and prints it again', async () => {
    const customer = await browser.open({ viewport: DESKTOP });
    await logIn(customer.page, await verifiedCustomer(customer.page), PASSWORD);
    const { page } = await browser.open({ viewport: DESKTOP });
    await openCassa(page);
    // The emptiest free slot of the last hour: other files of the suite book tonight's late slots too.
    const load = new Map((await readDay(page)).slots.map((slot) => [slot.time, slot.quantity]));
    const fascia = (await freeSlots(customer.page))
      .filter((t) => t >= '22:00' && t < '23:00')
      .sort((a, b) => (load.get(a) ?? 0) - (load.get(b) ?? 0))[0];
    expect(fascia).toBeDefined();
    const placed = await placeOnlineOrder(customer.page, fascia!);
    await page.getByRole('button', { name: 'Aggiorna' }).click();
    const onlineRow = row(page, placed.order_num);
    await onlineRow.getByText('Nuovo', { exact: true }).waitFor();

    // Opened: the URL names it, the widget loads it and the list gives way to 'Torna indietro'.
    await onlineRow.getByRole('button', { name: /Lucia Verdi/ }).click();
    await page.waitForURL(url(`/cassa?ordine=${placed.id}`));
    await editor(page).getByRole('heading', { name: 'Modifica ordine' }).waitFor();
    await editor(page).getByText(`Ordine numero #${placed.order_num}`, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Torna indietro' }).waitFor();
    expect(await ordersList(page).count()).toBe(0);
    await cartLine(page, 'Margherita').waitFor();
    expect(await nameBox(page).isDisabled()).toBe(true);

    await productBox(page).click();
    await page.keyboard.type('Marinara');
    await enterOn(productBox(page), /^Marinara\b/);
    await cartLine(page, 'Marinara').waitFor();
    await setTime(page, '22', '45');
    const save = editor(page).getByRole('button', { name: 'Modifica ordine' });
    await expect.poll(() => save.isEnabled()).toBe(true);
    await save.click();
    await editorStatus(page).getByText(`Ordine modificato. Ordine numero #${placed.order_num} delle 22:45.`, { exact: true }).waitFor();
    await page.waitForURL(url('/cassa'));
    await editor(page).getByRole('heading', { name: 'Aggiungi ordine' }).waitFor();

    const edited = await readOrder(page, placed.id);
    expect(edited.delivery_time).toBe('22:45');
    expect(edited.status).toBe(0);
    expect(edited.products.map((p) => [p.description, p.qty]).sort()).toEqual([
      ['Margherita', 2],
      ['Marinara', 1],
    ]);
    await onlineRow.getByText('22:45', { exact: true }).waitFor();

    // Printed: Stampato. Edited after printing: Ristampa, counted under Modificati, until printed again.
    const print = onlineRow.getByRole('button', { name: `Stampa ordine numero ${placed.order_num}` });
    const ticket = `/api/v1/ecommerce/cassa/pdf/orders/${placed.id}`;
    await print.click();
    await onlineRow.getByText('Stampato', { exact: true }).waitFor();
    await expect.poll(() => printedTickets(page)).toEqual([ticket]);
    await expect.poll(async () => (await readOrder(page, placed.id)).status).toBe(1);
    const reprintsBefore = await counter(page, 'Modificati');

    await onlineRow.getByRole('button', { name: /Lucia Verdi/ }).click();
    await page.waitForURL(url(`/cassa?ordine=${placed.id}`));
    await cartLine(page, 'Marinara').waitFor();
    await expect.poll(() => noteBox(page).isEnabled()).toBe(true);
    await noteBox(page).fill('Senza basilico');
    await editor(page).getByRole('button', { name: 'Modifica ordine' }).click();
    await page.waitForURL(url('/cassa'));
    await onlineRow.getByText('Ristampa', { exact: true }).waitFor();
    await expect.poll(() => counter(page, 'Modificati')).toBe(reprintsBefore + 1);
    expect(await readOrder(page, placed.id)).toMatchObject({ status: 2, note: 'Senza basilico' });

    await print.click();
    await onlineRow.getByText('Stampato', { exact: true }).waitFor();
    await expect.poll(() => counter(page, 'Modificati')).toBe(reprintsBefore);
    await expect.poll(() => printedTickets(page)).toEqual([ticket, ticket]);
    await expect.poll(async () => (await readOrder(page, placed.id)).status).toBe(1);
  });

  it("a second cash desk saving an order the first one changed is refused, and reloads the first one's version", async () => {
    const a = await browser.open({ viewport: DESKTOP });
    const b = await browser.open({ viewport: DESKTOP });
    b.allowErrors(/status of 409/);
    await logInAsAdmin(a.page);
    const stored = await storeOrder(a.page, 'Carla Concorrente', '23:00');
    await openEditor(a.page, stored.id);
    await openEditor(b.page, stored.id);

    await noteBox(a.page).fill('Nota della cassa A');
    await editor(a.page).getByRole('button', { name: 'Modifica ordine' }).click();
    await editorStatus(a.page)
      .getByText(/^Ordine modificato\./)
      .waitFor();
    await a.page.waitForURL(url('/cassa'));

    await noteBox(b.page).fill('Nota della cassa B');
    await editor(b.page).getByRole('button', { name: 'Modifica ordine' }).click();
    await editorStatus(b.page).getByText(STALE_MESSAGE, { exact: true }).waitFor();
    // B still edits the order, now as A saved it.
    await expect.poll(() => noteBox(b.page).inputValue()).toBe('Nota della cassa A');
    await expect.poll(() => noteBox(b.page).isEnabled()).toBe(true);
    expect(new URL(b.page.url()).search).toBe(`?ordine=${stored.id}`);
    await editor(b.page).getByRole('heading', { name: 'Modifica ordine' }).waitFor();
    expect(await readOrder(b.page, stored.id)).toMatchObject({ note: 'Nota della cassa A', version: stored.version + 1 });

    // Based on the reloaded version, B's next save goes through.
    await noteBox(b.page).fill('Nota della cassa B');
    await editor(b.page).getByRole('button', { name: 'Modifica ordine' }).click();
    await editorStatus(b.page)
      .getByText(/^Ordine modificato\./)
      .waitFor();
    expect(await readOrder(b.page, stored.id)).toMatchObject({ note: 'Nota della cassa B', version: stored.version + 2 });
  });

  it('a double confirm stores one order and one client (double click, Enter twice)', async () => {
    const { page } = await browser.open({ viewport: DESKTOP });
    await openEditor(page);
    const names = ['Dario Doppioclic', 'Dora Doppioinvio'];
    for (const [index, name] of names.entries()) {
      await nameBox(page).fill(name);
      await editor(page).getByLabel('Indirizzo', { exact: true }).fill('Via del Doppio 2');
      await productBox(page).fill('Marinara');
      // 'Aggiungi' with the mouse: the box loses focus before the press, the product goes in all the same.
      await editor(page).getByRole('button', { name: 'Aggiungi', exact: true }).click();
      await cartLine(page, 'Marinara').waitFor();
      await setTime(page, '23', '15');
      const confirm = editor(page).getByRole('button', { name: 'Conferma ordine' });
      await expect.poll(() => confirm.isEnabled()).toBe(true);
      if (index === 0) {
        await confirm.dblclick();
      } else {
        await confirm.focus();
        await page.keyboard.press('Enter');
        await page.keyboard.press('Enter');
      }
      await editorStatus(page)
        .getByText(/^Ordine creato\. Ordine numero #\d+ delle 23:15\.$/)
        .waitFor();
      await expect.poll(() => cartLines(page).count()).toBe(0);
      expect((await readDay(page)).orders.data.filter((o) => o.name === name)).toHaveLength(1);
      expect((await readClients(page)).filter((c) => c.name === name)).toHaveLength(1);
    }
  });

  it("the staff product dialog finds an addition by name and the line shows it, at the line's new price", async () => {
    const { page } = await browser.open({ viewport: DESKTOP });
    await openEditor(page);
    await productBox(page).click();
    await page.keyboard.type('Margherita');
    await enterOn(productBox(page), /^Margherita\b/);
    const line = cartLine(page, 'Margherita');
    await line.getByText('6,50 €', { exact: true }).waitFor();

    await line.getByRole('button', { name: 'Modifica' }).click();
    const dialog = page.getByRole('dialog', { name: 'Margherita' });
    await dialog.waitFor();
    const additions = dialog.getByRole('checkbox');
    await expect.poll(() => additions.count()).toBeGreaterThan(1);
    await dialog.getByRole('searchbox', { name: 'Cerca aggiunta...' }).fill('bufala');
    await expect.poll(() => additions.count()).toBe(1);
    await dialog.getByText(/^Mozzarella di bufala/).click();
    expect(await additions.first().isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Conferma modifica (8,50 €)' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await line.getByText('Aggiunte: Mozzarella di bufala', { exact: true }).waitFor();
    await line.getByText('8,50 €', { exact: true }).waitFor();
    expect(await line.getByText('6,50 €', { exact: true }).count()).toBe(0);

    // 'Indietro' leaves the line as it was.
    await line.getByRole('button', { name: 'Modifica' }).click();
    await dialog.getByRole('searchbox', { name: 'Cerca aggiunta...' }).fill('funghi');
    await dialog.getByText(/^Funghi/).click();
    await dialog.getByRole('button', { name: 'Indietro' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await line.getByText('Aggiunte: Mozzarella di bufala', { exact: true }).waitFor();
    await line.getByText('8,50 €', { exact: true }).waitFor();
  });

  it('passes axe with an order open in the widget and with the client suggestions open', async () => {
    const { page } = await browser.open({ viewport: DESKTOP });
    await logInAsAdmin(page);
    const stored = await storeOrder(page, 'Aldo Accessibile', '22:00');
    await openEditor(page, stored.id);
    await cartLine(page, 'Margherita').waitFor();
    await expectNoA11yViolations(page, 'cassa, order open');

    await page.getByRole('button', { name: 'Torna indietro' }).click();
    await page.waitForURL(url('/cassa'));
    await ordersList(page).getByRole('listitem').first().waitFor();
    await expect.poll(() => nameBox(page).isEnabled()).toBe(true);
    await nameBox(page).focus();
    await page.keyboard.type('Ma');
    await clientSuggestions(page).getByRole('option').first().waitFor();
    await expect.poll(() => highlighted(nameBox(page))).not.toBeNull();
    await expectNoA11yViolations(page, 'cassa, client suggestions open');
  });
});
