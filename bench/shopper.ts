/** A customer and a staff member in a bench's browser pages: logged in, verified, placing pickup orders. */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { apiCall } from '../tests/e2e/browser';

const CUSTOMER_PASSWORD = 'Forno-a-legna-1978';

export async function logIn(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/`);
  const login = await apiCall(page, 'POST', '/api/login', { email, password });
  if (login.status !== 200) throw new Error(`login of ${email}: ${login.status}`);
  await page.evaluate((user) => localStorage.setItem('pizzeria.user', JSON.stringify(user)), login.body!.user);
}

/** A customer registered through the API and verified through the link the server e-mailed. */
export async function customer(page: Page, baseUrl: string, outboxDir: string): Promise<void> {
  const email = `bench.live.${Date.now().toString(36)}@example.it`;
  await page.goto(`${baseUrl}/`);
  const registered = await apiCall(page, 'POST', '/api/register', {
    name: 'Lucia Verdi',
    email,
    password: CUSTOMER_PASSWORD,
    password_confirmation: CUSTOMER_PASSWORD,
  });
  if (registered.status !== 201) throw new Error(`register: ${registered.status}`);
  let link: string | undefined;
  for (let tries = 0; !link && tries < 150; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const mail = fs.existsSync(outboxDir)
      ? fs
          .readdirSync(outboxDir)
          .map((name) =>
            fs
              .readFileSync(path.join(outboxDir, name), 'utf8')
              .replace(/=\r?\n/g, '')
              .replace(/=3D/g, '='),
          )
          .find((text) => text.includes(`To: ${email}`))
      : undefined;
    link = mail?.match(/https?:\/\/[^\s"<>]*\/api\/email\/verify\?[^\s"<>]*/)?.[0].replace(/&amp;/g, '&');
  }
  if (!link) throw new Error('no verification mail');
  const verify = new URL(link);
  await page.goto(`${baseUrl}${verify.pathname}${verify.search}`);
  await logIn(page, baseUrl, email, CUSTOMER_PASSWORD);
}

/** The first slot tonight that still takes an order (the orders spread over the evening). */
export async function freeSlot(page: Page): Promise<string> {
  const slots = (await apiCall(page, 'GET', '/api/v1/ecommerce/webapp/timeslots')).body!.timeslots as {
    hour: number;
    minute: number;
    available: boolean;
  }[];
  const free = slots.find((t) => t.available);
  if (!free) throw new Error('no free slot left tonight');
  return `${String(free.hour).padStart(2, '0')}:${String(free.minute).padStart(2, '0')}`;
}

/** Places one pickup order; returns its number and the page's clock when the 201 arrived. */
export async function placeOrder(page: Page, margherita: number, fascia: string, key: string): Promise<{ orderNum: number; at: number }> {
  return page.evaluate(
    async ({ margherita, fascia, key }) => {
      const xsrf = decodeURIComponent(
        document.cookie
          .split('; ')
          .find((c) => c.startsWith('XSRF-TOKEN='))
          ?.slice(11) ?? '',
      );
      const response = await fetch('/api/v1/ecommerce/checkout', {
        method: 'POST',
        credentials: 'include',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-XSRF-TOKEN': xsrf, 'Idempotency-Key': key },
        body: JSON.stringify({
          data: { tipoConsegna: 'ritiro', addressSelector: 0, nomeCliente: 'Lucia Verdi', telefono: '3331234567', fascia },
          cart: [{ id: margherita, qty: 1 }],
        }),
      });
      const at = Date.now();
      if (response.status !== 201) throw new Error(`checkout: ${response.status} ${await response.text()}`);
      return { orderNum: ((await response.json()) as { order: { order_num: number } }).order.order_num, at };
    },
    { margherita, fascia, key },
  );
}
