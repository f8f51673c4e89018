/**
 * The menu answer's ETag in a real browser (issue 19): asked again, Chromium revalidates it by itself
 * (If-None-Match, a 304 without a body on the wire) and the page still reads the whole menu with status 200, as the
 * app's API client (fetch, default cache mode) does.
 */
import { describe, expect, it } from 'vitest';
import { url, useBrowser } from './browser';

const WEBAPP = '/api/v1/ecommerce/webapp';

describe('menu revalidation', () => {
  const browser = useBrowser();

  it('a second load of the menu sends no body over the wire and is the same menu for the page', async () => {
    const { page } = await browser.open();
    await page.goto(url('/ecommerce'));
    // What went over the network: the header the browser added, and the body bytes the server sent
    // (none for a 304: Playwright reports the revalidated answer with the cached 200).
    const onTheWire: { ifNoneMatch: string | undefined; bodyBytes: number }[] = [];
    page.on('requestfinished', async (request) => {
      if (new URL(request.url()).pathname !== WEBAPP) return;
      const [sent, sizes] = await Promise.all([request.allHeaders(), request.sizes()]);
      onTheWire.push({ ifNoneMatch: sent['if-none-match'], bodyBytes: sizes.responseBodySize });
    });
    const load = () =>
      page.evaluate(async (path) => {
        const response = await fetch(path, { credentials: 'include', headers: { Accept: 'application/json' } });
        const body = (await response.json()) as { products: { name: string }[] };
        return { status: response.status, etag: response.headers.get('etag'), names: body.products.map((p) => p.name) };
      }, WEBAPP);

    const first = await load();
    const second = await load();
    expect(first.status).toBe(200);
    expect(first.names).toContain('Margherita');
    expect(second).toEqual(first);
    await expect.poll(() => onTheWire.length).toBe(2);
    expect(onTheWire[0]).toMatchObject({ ifNoneMatch: undefined });
    expect(onTheWire[0]!.bodyBytes).toBeGreaterThan(1000);
    expect(onTheWire[1]).toEqual({ ifNoneMatch: first.etag, bodyBytes: 0 });
  });
});
