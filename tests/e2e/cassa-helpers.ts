/**
 * What the cash desk's browser tests share: logging in (as the admin or a customer), a verified
 * customer and an online order placed through the API, the day's list as the server counts it, the
 * header counters, the list's rows and the print frame stub.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { apiCall, DESKTOP, url, type useBrowser } from './browser';

export const DAY_API = '/api/v1/ecommerce/cassa/orders';
export const PASSWORD = 'Forno-a-legna-1978';

export interface WireDay {
  date: string;
  orders: {
    data: {
      id: number;
      order_num: number;
      name: string;
      status: number;
      delivered: number;
      source_id: number;
      delivery_time: string;
      total_price: number;
      payment_type: string;
    }[];
  };
  totals: { total: number; contanti: number; carta_di_credito: number };
  counters: { not_delivered: number; status_counts: Record<'0' | '1' | '2', number> };
  slots: { time: string; orders: number; quantity: number; external_quantity: number }[];
}

/** 40.5 → '40,50', as the cassa writes money. */
export const euro = (amount: number) => amount.toFixed(2).replace('.', ',');

/** The day's totals as the cassa writes them above the list. */
export const totalsText = ({ totals: { total, contanti, carta_di_credito: card } }: WireDay) =>
  total === 0
    ? 'Totale: 0,00 €'
    : `Totale: ${euro(total)} € (${euro(contanti)} € Contanti / Da pagare | ${euro(card)} € Carta di credito / Pagato)`;

/** The day's list, totals, counters and slots as the server counts them (today: the frozen clock's day). */
export const readDay = async (page: Page): Promise<WireDay> => (await apiCall(page, 'GET', DAY_API)).body as unknown as WireDay;

/** Logs in through the API from the page and lets the app know who it is, as the login screen does. */
export async function logIn(page: Page, email: string, password: string) {
  await page.goto(url('/'));
  const login = await apiCall(page, 'POST', '/api/login', { email, password });
  expect(login.status).toBe(200);
  await page.evaluate((user) => localStorage.setItem('pizzeria.user', JSON.stringify(user)), login.body!.user);
}

export const logInAsAdmin = (page: Page) => logIn(page, inject('adminEmail'), inject('adminPassword'));

let seq = 0;

/** A customer registered through the API and verified through the link the server e-mailed. */
export async function verifiedCustomer(page: Page): Promise<string> {
  const email = `e2e.cassa.${Date.now().toString(36)}.${seq++}@example.it`;
  await page.goto(url('/'));
  expect(
    (await apiCall(page, 'POST', '/api/register', { name: 'Lucia Verdi', email, password: PASSWORD, password_confirmation: PASSWORD }))
      .status,
  ).toBe(201);
  const dir = inject('outboxDir');
  const mailTo = () =>
    fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .map((name) =>
            fs
              .readFileSync(path.join(dir, name), 'utf8')
              .replace(/=\r?\n/g, '')
              .replace(/=3D/g, '='),
          )
          .find((mail) => mail.includes(`To: ${email}`))
      : undefined;
  await expect.poll(mailTo, { timeout: 15_000, interval: 100 }).toBeDefined();
  const link = mailTo()!
    .match(/https?:\/\/[^\s"<>]*\/api\/email\/verify\?[^\s"<>]*/)![0]
    .replace(/&amp;/g, '&');
  const verified = new URL(link);
  await page.goto(url(verified.pathname + verified.search));
  await page.getByText('Indirizzo email verificato con successo! Ora puoi accedere.').waitFor();
  return email;
}

/** Tonight's slots ('HH:MM') an online order may still take, as the checkout offers them. */
export async function freeSlots(page: Page): Promise<string[]> {
  const slots = (await apiCall(page, 'GET', '/api/v1/ecommerce/webapp/timeslots')).body!.timeslots as {
    hour: number;
    minute: number;
    available: boolean;
  }[];
  return slots.filter((t) => t.available).map((t) => `${String(t.hour).padStart(2, '0')}:${String(t.minute).padStart(2, '0')}`);
}

/** A logged-in customer's pickup order of `qty` Margherita at `fascia`, placed through the checkout API. */
export async function placeOnlineOrder(customer: Page, fascia: string, qty = 2): Promise<{ id: number; order_num: number }> {
  const products = (await apiCall(customer, 'GET', '/api/ecommerce/products')).body!.products as { id: number; name: string }[];
  const margherita = products.find((p) => p.name === 'Margherita')!;
  const placed = await apiCall(
    customer,
    'POST',
    '/api/v1/ecommerce/checkout',
    {
      data: { tipoConsegna: 'ritiro', addressSelector: 0, nomeCliente: 'Lucia Verdi', telefono: '3331234567', fascia },
      cart: [{ id: margherita.id, qty }],
    },
    { 'Idempotency-Key': `e2e-cassa-${Date.now()}-${seq++}` },
  );
  expect(placed.status).toBe(201);
  return placed.body!.order as { id: number; order_num: number };
}

export const header = (page: Page) => page.getByRole('navigation', { name: 'Principale' });
/** A header counter's number: 'Non consegnati', 'In attesa', 'Modificati'. */
export const counter = async (page: Page, label: string) =>
  Number(
    await header(page)
      .getByRole('list', { name: 'Contatori ordini' })
      .getByRole('listitem')
      .filter({ hasText: label })
      .locator('strong')
      .textContent(),
  );
export const ordersList = (page: Page) => page.getByRole('list', { name: 'Ordini del giorno' });
export const row = (page: Page, orderNum: number): Locator =>
  ordersList(page)
    .getByRole('listitem')
    .filter({ hasText: new RegExp(`Ordine numero #${orderNum} - `) });

/**
 * Headless Chromium has no print dialog (print() on the PDF viewer's frame crashes its renderer): the
 * print frame's window answers print() by noting which ticket it holds.
 */
export async function recordPrints(page: Page) {
  await page.addInitScript(() => {
    const printed: string[] = [];
    Object.assign(window, { printedTickets: printed });
    const real = Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, 'contentWindow')!;
    Object.defineProperty(HTMLIFrameElement.prototype, 'contentWindow', {
      get(this: HTMLIFrameElement) {
        return this.id === 'cassa-print-frame' ? { print: () => printed.push(new URL(this.src).pathname) } : real.get!.call(this);
      },
    });
  });
}

export const printedTickets = (page: Page) => page.evaluate(() => (window as unknown as { printedTickets: string[] }).printedTickets);

/** The admin on /cassa, the day's list shown, print() stubbed. */
export async function openCassa(page: Page) {
  await recordPrints(page);
  await logInAsAdmin(page);
  await page.goto(url('/cassa'));
  await page.getByRole('heading', { level: 1, name: 'Cassa' }).waitFor();
  await ordersList(page).getByRole('listitem').first().waitFor();
}

/** The cassa's add/edit widget, whichever its title, and the fields the tests type in. */
export const editor = (page: Page) => page.getByRole('region', { name: /^(Aggiungi|Modifica) ordine$/ });
export const nameBox = (page: Page) => editor(page).getByLabel('Nome cliente', { exact: true });
export const productBox = (page: Page) => editor(page).getByLabel('Nome prodotto', { exact: true });
export const noteBox = (page: Page) => editor(page).getByLabel('Note ordine', { exact: true });
export const cartLines = (page: Page) => editor(page).getByRole('list', { name: "Prodotti dell'ordine" }).getByRole('listitem');
export const cartLine = (page: Page, name: string) => cartLines(page).filter({ has: page.getByRole('heading', { name, exact: true }) });

/** The admin on /cassa (or on `?ordine=<id>`), the widget loaded and editable. */
export async function openEditor(page: Page, orderId?: number) {
  await recordPrints(page);
  await logInAsAdmin(page);
  await page.goto(url(orderId === undefined ? '/cassa' : `/cassa?ordine=${orderId}`));
  if (orderId !== undefined)
    await editor(page)
      .getByText(/^Ordine numero #\d+$/)
      .waitFor();
  await expect.poll(() => noteBox(page).isEnabled()).toBe(true);
}

/** Every request the page makes, from before the first navigation. */
export function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

/** A staff area as an outsider meets it: its address, the header link staff use, its chunk and its API. */
export interface StaffArea {
  /** what the visitor opens, then what the logged-in customer opens */
  paths: [string, string];
  headerLink: string;
  chunk: RegExp;
  api: string;
}

/** A visitor and a logged-in customer who open a staff area land on the site root, see no way in, and never load it. */
export async function expectClosedToOutsiders(browser: ReturnType<typeof useBrowser>, area: StaffArea) {
  const visitor = await browser.open({ viewport: DESKTOP });
  const visitorRequests = recordRequests(visitor.page);
  await visitor.page.goto(url(area.paths[0]));
  await visitor.page.waitForURL(url('/'));
  await header(visitor.page).getByRole('link', { name: 'Accedi' }).waitFor();

  const customer = await browser.open({ viewport: DESKTOP });
  // The customer's remembered session is checked against the server; nothing about the area is.
  const customerRequests = recordRequests(customer.page);
  const email = await verifiedCustomer(customer.page);
  await logIn(customer.page, email, PASSWORD);
  await customer.page.goto(url(area.paths[1]));
  await customer.page.waitForURL(url('/'));
  await header(customer.page).getByRole('link', { name: 'Lucia Verdi' }).waitFor();
  expect(await header(customer.page).getByRole('link', { name: area.headerLink }).count()).toBe(0);

  for (const requests of [visitorRequests, customerRequests]) {
    expect(requests.filter((r) => area.chunk.test(r))).toEqual([]);
    expect(requests.filter((r) => r.includes(area.api))).toEqual([]);
  }
}
