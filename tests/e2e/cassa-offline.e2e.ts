/**
 * The cassa when the network drops, against the real server: three phone orders confirmed offline
 * wait in 'Da inviare' and reach the server once each when it is back; a reload in the middle of a
 * phone order keeps it; an edit made offline that another cash desk overtook is shown with both
 * versions, not applied; 'Ripeti ultimo ordine' fills the cart with a client's last order; visited
 * once, the cassa opens again without network (its service worker) with its draft, 'Da inviare' and
 * the last list it showed; a new deployment's worker waits for 'ricarica'. Every order here is for a
 * day two weeks ahead (no other file looks at it) and is cancelled at the end.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DIST } from '../../scripts/real-server';
import { apiCall, DESKTOP, expectNoA11yViolations, shownDate, typeDate, url, useBrowser } from './browser';
import {
  cartLine,
  DAY_API,
  editor,
  logInAsAdmin,
  nameBox,
  noteBox,
  openEditor,
  ordersList,
  productBox,
  readDay,
  type WireDay,
} from './cassa-helpers';

const orderApi = (id: number) => `/api/v1/ecommerce/cassa/orders/${id}`;
const QUEUED = "Server non raggiungibile: l'ordine è in 'Da inviare' e partirà appena il server risponde.";

const outbox = (page: Page) => page.getByRole('region', { name: 'Da inviare' });
const headerCounter = (page: Page) => page.getByText(/^Da inviare: \d+$/);
/** What the browser logs for every request while it is offline (the test cuts the network on purpose). */
const OFFLINE = /net::ERR_INTERNET_DISCONNECTED/;

/** Two weeks after the shop's today: a day no other file books or counts. */
async function farDay(page: Page): Promise<string> {
  const today = new Date(`${(await readDay(page)).date}T12:00:00Z`);
  today.setUTCDate(today.getUTCDate() + 14);
  return today.toISOString().slice(0, 10);
}
const dayList = async (page: Page, date: string) => (await apiCall(page, 'GET', `${DAY_API}?date=${date}`)).body as unknown as WireDay;
const cancel = async (page: Page, id: number) => expect((await apiCall(page, 'PATCH', orderApi(id), { status: 3 })).status).toBe(200);

const datePicker = (page: Page) => editor(page).getByRole('group', { name: 'Data', exact: true });

/** A pickup phone order typed in the widget: name, phone, note, a Margherita, the far day at `time`. */
async function typeOrder(page: Page, order: { name: string; note: string; date: string; time: string }) {
  await nameBox(page).fill(order.name);
  await editor(page).getByLabel('Telefono', { exact: true }).fill('3471112233');
  await editor(page).getByRole('radio', { name: 'Ritiro' }).check({ force: true });
  await noteBox(page).fill(order.note);
  await typeDate(datePicker(page), order.date);
  const [hour, minute] = order.time.split(':');
  for (const [label, value] of [
    ['Ora', hour],
    ['Minuti', minute],
  ] as const) {
    await editor(page).getByLabel(label, { exact: true }).fill(value!);
    await editor(page).getByLabel(label, { exact: true }).press('Enter');
  }
  await editor(page).getByText(`Consegna alle ${order.time}`, { exact: true }).waitFor();
  await productBox(page).fill('Margherita');
  await editor(page).getByRole('button', { name: 'Aggiungi', exact: true }).click();
  await cartLine(page, 'Margherita').waitFor();
}

async function confirm(page: Page, label: 'Conferma ordine' | 'Modifica ordine') {
  const button = editor(page).getByRole('button', { name: label });
  await expect.poll(() => button.isEnabled()).toBe(true);
  await button.click();
}

/** A pickup order stored through the API (another cash desk), for the far day. */
async function storeOrder(page: Page, body: { name: string; date: string; time: string; cart: unknown[]; clientId?: number }) {
  const stored = await apiCall(
    page,
    'POST',
    '/api/v1/ecommerce/cassa/orders/store',
    {
      data: {
        client_id: body.clientId ?? 0,
        delivery: 'ritiro',
        nomeCliente: body.name,
        telefono: '3330001111',
        fascia: body.time,
        delivery_date: body.date,
        payment_type: 'Contanti',
        note: 'Prima versione',
      },
      cart: body.cart,
    },
    { 'Idempotency-Key': randomUUID() },
  );
  expect(stored.status, JSON.stringify(stored.body)).toBe(201);
  return stored.body!.order as { id: number; version: number; client_id: number };
}
const margheritaId = async (page: Page) =>
  ((await apiCall(page, 'GET', '/api/ecommerce/products')).body!.products as { id: number; name: string }[]).find(
    (p) => p.name === 'Margherita',
  )!.id;

/** The page is controlled by a service worker (null: none, as on every customer page). */
const workerScope = (page: Page) =>
  page.evaluate(async () => (navigator.serviceWorker.controller ? (await navigator.serviceWorker.ready).scope : null));

/** When the cassa kept its last list for an offline start (read from its IndexedDB copy), or null. */
const keptAt = (page: Page) =>
  page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((db) => db.name === 'pizzeria-cassa-copy')) return null;
    return new Promise<string | null>((resolve) => {
      const open = indexedDB.open('pizzeria-cassa-copy');
      open.onerror = () => resolve(null);
      open.onsuccess = () => {
        const read = open.result.transaction('copy').objectStore('copy').get('day');
        read.onsuccess = () => resolve((read.result as { savedAt?: string } | undefined)?.savedAt ?? null);
        read.onerror = () => resolve(null);
      };
    });
  });

/**
 * Runs `during` while the served build has a new service worker (its bytes changed, as by a
 * deployment), then puts the build back as it was.
 */
async function withNewWorker(mark: string, during: () => Promise<void>) {
  const worker = path.join(DIST, 'cassa-sw.js');
  const served = [worker, `${worker}.br`, `${worker}.gz`]
    .filter((file) => fs.existsSync(file))
    .map((file) => [file, fs.readFileSync(file)] as const);
  try {
    // The precompressed copies would still be the old worker.
    for (const [file] of served.slice(1)) fs.rmSync(file);
    fs.writeFileSync(worker, `${served[0]![1].toString()}\n// ${mark}\n`);
    await during();
  } finally {
    for (const [file, bytes] of served) fs.writeFileSync(file, bytes);
  }
}

/** 'HH:MM' on the shop's clock. */
const romeTime = (iso: string) =>
  new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));

describe('cassa offline', () => {
  const browser = useBrowser();

  it("three phone orders confirmed offline wait in 'Da inviare' and reach the server once each when it is back", async () => {
    const { page, allowErrors } = await browser.open({ viewport: DESKTOP });
    allowErrors(OFFLINE);
    await openEditor(page);
    const date = await farDay(page);
    const run = randomUUID().slice(0, 6);
    const names = [1, 2, 3].map((i) => `Senza Rete ${run} ${i}`);

    // The same cashier's account page in another tab (same browser storage), opened while online.
    const account = await page.context().newPage();
    await account.goto(url('/auth/account'));
    await account.getByRole('button', { name: 'Logout' }).waitFor();

    await page.context().setOffline(true);
    for (const [i, name] of names.entries()) {
      await typeOrder(page, { name, note: `Ordine offline ${i + 1}`, date, time: `20:${String(15 * i).padStart(2, '0')}` });
      await confirm(page, 'Conferma ordine');
      await editor(page).getByRole('status').getByText(QUEUED, { exact: true }).waitFor();
      await headerCounter(page)
        .filter({ hasText: `Da inviare: ${i + 1}` })
        .waitFor();
      // The form is free for the next order.
      await expect.poll(() => nameBox(page).inputValue()).toBe('');
    }
    const waiting = outbox(page).getByRole('list', { name: 'Ordini da inviare' }).getByRole('listitem');
    expect(await waiting.allTextContents()).toEqual(names.map((name, i) => `Nuovo ordine: ${name}, 20:${String(15 * i).padStart(2, '0')}`));

    // Logging out while they wait asks first; staying keeps the session.
    await account.getByRole('button', { name: 'Logout' }).click();
    const question = account.getByRole('alertdialog', { name: 'Ordini da inviare' });
    await question
      .getByText('Ci sono 3 ordini ancora da inviare: restano in questo browser e partono al prossimo accesso alla cassa. Uscire comunque?')
      .waitFor();
    await question.getByRole('button', { name: 'Resta' }).click();
    await expect.poll(() => question.count()).toBe(0);
    await account.getByRole('button', { name: 'Logout' }).waitFor();
    await account.close();

    await page.context().setOffline(false);
    await expect.poll(() => headerCounter(page).count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => outbox(page).count()).toBe(0);

    const stored = (await dayList(page, date)).orders.data.filter((o) => names.includes(o.name));
    expect(stored.map((o) => o.name).sort()).toEqual(names);
    for (const order of stored) await cancel(page, order.id);
  });

  it('a reload in the middle of a phone order keeps what was typed', async () => {
    const { page } = await browser.open({ viewport: DESKTOP });
    await openEditor(page);
    const date = await farDay(page);
    await typeOrder(page, { name: 'Bozza Ricaricata', note: 'Citofono rotto', date, time: '21:30' });

    await page.reload();
    await expect.poll(() => noteBox(page).isEnabled()).toBe(true);
    expect(await nameBox(page).inputValue()).toBe('Bozza Ricaricata');
    expect(await noteBox(page).inputValue()).toBe('Citofono rotto');
    expect(await shownDate(datePicker(page))).toBe(date.split('-').reverse().join('/'));
    await editor(page).getByText('Consegna alle 21:30', { exact: true }).waitFor();
    await cartLine(page, 'Margherita').waitFor();
  });

  it('an edit made offline that another cash desk overtook is shown with both versions, not applied', async () => {
    const { page, allowErrors } = await browser.open({ viewport: DESKTOP });
    allowErrors(OFFLINE);
    // The outbox's resend, refused as stale.
    allowErrors(/status of 409 \(Conflict\)/);
    await openEditor(page);
    const date = await farDay(page);
    const order = await storeOrder(page, {
      name: 'Conflitto Offline',
      date,
      time: '21:45',
      cart: [{ id: await margheritaId(page), qty: 1 }],
    });
    await openEditor(page, order.id);

    await page.context().setOffline(true);
    await noteBox(page).fill('Modifica fatta senza rete');
    await confirm(page, 'Modifica ordine');
    await headerCounter(page).filter({ hasText: 'Da inviare: 1' }).waitFor();

    // Meanwhile the other cash desk saves the order.
    const { page: other } = await browser.open({ viewport: DESKTOP });
    await logInAsAdmin(other);
    const current = (await apiCall(other, 'GET', orderApi(order.id))).body!.order as { version: number };
    const edited = await apiCall(other, 'PUT', `${orderApi(order.id)}/update`, {
      data: {
        version: current.version,
        client_id: order.client_id,
        delivery: 'ritiro',
        nomeCliente: 'Conflitto Offline',
        telefono: '3330001111',
        fascia: '21:45',
        delivery_date: date,
        payment_type: 'Contanti',
        note: "Cambiata dall'altra cassa",
      },
      cart: [{ id: await margheritaId(other), qty: 1 }],
    });
    expect(edited.status).toBe(200);

    await page.context().setOffline(false);
    const conflict = outbox(page).getByRole('alert');
    await conflict.getByText(/^Modifica non inviata/).waitFor({ timeout: 15_000 });
    expect(await conflict.getByRole('region', { name: 'La tua modifica (non salvata)' }).textContent()).toContain(
      'Note: Modifica fatta senza rete',
    );
    expect(await conflict.getByRole('region', { name: "L'ordine com'è ora" }).textContent()).toContain("Note: Cambiata dall'altra cassa");
    // Nothing was overwritten.
    expect(((await apiCall(page, 'GET', orderApi(order.id))).body!.order as { note: string }).note).toBe("Cambiata dall'altra cassa");

    await conflict.getByRole('button', { name: 'Ho capito' }).click();
    await expect.poll(() => outbox(page).count()).toBe(0);
    await cancel(page, order.id);
  });

  it("'Ripeti ultimo ordine' fills the cart with the client's last order", async () => {
    const { page } = await browser.open({ viewport: DESKTOP });
    await openEditor(page);
    const date = await farDay(page);
    const name = `Cliente Abituale ${randomUUID().slice(0, 6)}`;
    const order = await storeOrder(page, { name, date, time: '22:45', cart: [{ id: await margheritaId(page), qty: 2 }] });
    // The cassa reads its clients when it opens.
    await page.reload();
    await expect.poll(() => noteBox(page).isEnabled()).toBe(true);

    await nameBox(page).fill(name);
    await page
      .getByRole('listbox', { name: 'Clienti suggeriti' })
      .getByRole('option', { name: new RegExp(name) })
      .click();
    await editor(page).getByRole('button', { name: 'Ripeti ultimo ordine' }).click();
    const line = cartLine(page, 'Margherita');
    await line.waitFor();
    await expect.poll(() => line.getByRole('group', { name: 'Quantità di Margherita' }).locator('output').textContent()).toBe('2');
    await cancel(page, order.id);
  });

  it('visited once, the cassa opens again without network: its draft, Da inviare and the last list, marked Offline', async () => {
    const { page, context, allowErrors } = await browser.open({ viewport: DESKTOP });
    allowErrors(OFFLINE);
    await openEditor(page);
    // The cassa's worker is installed and controls the page (it claims it on its first install).
    await expect.poll(() => workerScope(page), { timeout: 15_000 }).toBe(url('/cassa'));
    await ordersList(page).getByRole('listitem').first().waitFor();
    await expect.poll(() => keptAt(page)).not.toBeNull();
    const date = await farDay(page);
    const run = randomUUID().slice(0, 6);
    const queuedName = `Senza Rete Avvio ${run}`;

    await context.setOffline(true);
    const savedAt = (await keptAt(page))!;
    await typeOrder(page, { name: queuedName, note: 'Ordine prima del riavvio', date, time: '22:15' });
    await confirm(page, 'Conferma ordine');
    await headerCounter(page).filter({ hasText: 'Da inviare: 1' }).waitFor();
    await typeOrder(page, { name: `Bozza Avvio ${run}`, note: 'Scritta senza rete', date, time: '22:30' });

    // The tablet restarts without network: the page itself comes from the worker.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Cassa' }).waitFor();
    await page.getByText(`Offline: dati delle ${romeTime(savedAt)}`, { exact: true }).waitFor();
    await ordersList(page).getByRole('listitem').first().waitFor();
    await expect.poll(() => noteBox(page).isEnabled()).toBe(true);
    expect(await nameBox(page).inputValue()).toBe(`Bozza Avvio ${run}`);
    expect(await noteBox(page).inputValue()).toBe('Scritta senza rete');
    await cartLine(page, 'Margherita').waitFor();
    expect(await outbox(page).getByRole('list', { name: 'Ordini da inviare' }).getByRole('listitem').allTextContents()).toEqual([
      `Nuovo ordine: ${queuedName}, 22:15`,
    ]);
    await headerCounter(page).filter({ hasText: 'Da inviare: 1' }).waitFor();
    await expectNoA11yViolations(page, 'cassa, offline start');

    // The network is back: the order is sent, and the list is the server's again.
    await context.setOffline(false);
    await expect.poll(() => headerCounter(page).count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => page.getByText(/^Offline: dati delle/).count(), { timeout: 15_000 }).toBe(0);
    const stored = (await dayList(page, date)).orders.data.filter((o) => o.name === queuedName);
    expect(stored).toHaveLength(1);
    await cancel(page, stored[0]!.id);

    // A customer page is never controlled by the cassa's worker (it can never serve stale prices).
    const customer = await context.newPage();
    await customer.goto(url('/ecommerce'));
    await customer.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await workerScope(customer)).toBeNull();
  });

  it("logging out forgets the day's list kept for an offline start (customers' names and phones) on this device", async () => {
    const { page } = await browser.open({ viewport: DESKTOP });
    await openEditor(page);
    await expect.poll(() => keptAt(page)).not.toBeNull();
    await page.goto(url('/auth/account'));
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect.poll(() => keptAt(page)).toBeNull();
  });

  it("a new deployment's worker waits: 'Nuova versione disponibile: ricarica' keeps what is being typed, and reloads only when pressed", async () => {
    const { page } = await browser.open({ viewport: DESKTOP });
    await openEditor(page);
    await expect.poll(() => workerScope(page), { timeout: 15_000 }).toBe(url('/cassa'));
    const run = randomUUID().slice(0, 6);
    await nameBox(page).fill(`Bozza Aggiornamento ${run}`);
    await page.evaluate(() => Object.assign(window, { beforeUpdate: true }));

    await withNewWorker(run, async () => {
      // The tablet's network comes back: the open cassa asks for a new version by itself (also every 10 min).
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      const offer = page.getByRole('status').filter({ hasText: 'Nuova versione disponibile: ricarica' });
      await offer.waitFor({ timeout: 15_000 });
      // Offered, never forced: the page and what is typed stay.
      expect(await page.evaluate(() => 'beforeUpdate' in window)).toBe(true);
      expect(await nameBox(page).inputValue()).toBe(`Bozza Aggiornamento ${run}`);
      await expectNoA11yViolations(page, 'cassa, new version offered');

      await offer.getByRole('button', { name: 'ricarica' }).click();
      await expect.poll(() => page.evaluate(() => 'beforeUpdate' in window).catch(() => true), { timeout: 15_000 }).toBe(false);
      await expect.poll(() => noteBox(page).isEnabled()).toBe(true);
      expect(await nameBox(page).inputValue()).toBe(`Bozza Aggiornamento ${run}`);
      expect(await page.getByText(/^Nuova versione disponibile/).count()).toBe(0);
      // The new worker controls the cassa; none waits any more.
      expect(
        await page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration('/cassa');
          return { waiting: registration?.waiting ?? null, controlled: navigator.serviceWorker.controller !== null };
        }),
      ).toEqual({ waiting: null, controlled: true });
    });
  });
});
