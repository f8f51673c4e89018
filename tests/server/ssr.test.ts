/**
 * Issue 31: the public pages come rendered by the server (src/entry-server.tsx) from the live data:
 * their content in the HTML, a change shown on the next request, 404 for a missing post, nothing
 * echoed unescaped, and the browser's shell (never an error page) when a render fails.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatEuro } from '../../src/domain';
import { renderPage } from '../../src/entry-server';
import { formatLongDate } from '../../src/ui/format';
import { ApiClient, loggedInClient, productId, setPriceByForm, setSoldOut, startTestServer, type TestServer } from './harness';

/**
 * A stand-in for `vite build`: an index.html loading a hashed entry and preloading a chunk it imports
 * (the page goes inside #root), and a manifest naming the menu's chunk and the boot script.
 */
function fakeBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pizzeria-ssr-'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="it"><head><title>Pizzeria</title>' +
      '<script type="module" crossorigin src="/assets/index-E1.js"></script><link rel="modulepreload" crossorigin href="/assets/react-R1.js">' +
      '</head><body><div id="root"></div><noscript>JS</noscript></body></html>',
  );
  fs.mkdirSync(path.join(dir, '.vite'));
  const manifest = {
    'index.html': { file: 'assets/index-E1.js', isEntry: true, imports: ['_react-R1.js'] },
    '_react-R1.js': { file: 'assets/react-R1.js' },
    'src/menu/MenuPages.tsx': { file: 'assets/MenuPages-M1.js', isDynamicEntry: true, imports: ['index.html'] },
    'src/boot.ts': { file: 'assets/boot-B1.js', isEntry: true },
  };
  fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

/** What a reader without JavaScript sees: the HTML inside #root (not the data blocks in the head). */
function rendered(html: string): string {
  const start = html.indexOf('<div id="root">');
  expect(start).toBeGreaterThan(html.indexOf('</head>'));
  return html.slice(start, html.indexOf('<noscript>'));
}

/** Text as the HTML spells it (React escapes ' as &#x27;). */
const asHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/'/g, '&#x27;');

let dist: string;
let server: TestServer;
let visitor: ApiClient;
let owner: ApiClient;

beforeAll(async () => {
  dist = fakeBuild();
  server = await startTestServer({ app: { frontendDir: dist, renderPage } });
  visitor = new ApiClient(server.baseUrl);
  owner = (await loggedInClient(server, { role: 'admin', name: 'Romolo Titolare' })).client;
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

async function page(route: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  const response = await visitor.request('GET', route, undefined, { headers });
  expect(response.headers.get('content-type'), route).toBe('text/html; charset=utf-8');
  return { status: response.status, body: rendered(response.body as string) };
}

async function menuProduct(name: string): Promise<{ id: number; price: number }> {
  const webapp = await visitor.get('/api/v1/ecommerce/webapp');
  return (webapp.body.products as { id: number; name: string; price: number }[]).find((p) => p.name === name)!;
}

describe('the public pages as the server renders them', () => {
  it('the menu lists the Margherita with its price, in real links and headings', async () => {
    const margherita = await menuProduct('Margherita');
    const { status, body } = await page('/ecommerce');
    expect(status).toBe(200);
    expect(body).toContain('<h1>Menu</h1>');
    expect(body).toContain('Margherita');
    expect(body).toContain(formatEuro(Math.round(margherita.price * 100)));
    expect(body).toContain('href="/ecommerce/allergeni"');
  });

  it("the home shows the shop's name, hours, zones, contacts and the latest posts' links", async () => {
    const webapp = (await visitor.get('/api/v1/ecommerce/webapp')).body;
    const latest = (await visitor.get('/api/v1/blog/posts?page=1')).body.data[0] as { id: number; slug: string; title: string };
    const { status, body } = await page('/');
    expect(status).toBe(200);
    expect(body).toContain(`<h1>${asHtml(webapp.settings.shop_name)}</h1>`);
    expect(body).toContain('Orari di apertura');
    expect(body).toContain(asHtml(webapp.settings.opening_hours));
    expect(body).toContain(asHtml(webapp.settings.shop_address));
    expect(body).toMatch(/<a href="tel:\d+">/);
    expect(body).toContain(`href="/blog/${latest.id}/${latest.slug}"`);
    expect(body).toContain(asHtml(latest.title));
  });

  it("the news list and a post show the post's title and date", async () => {
    const post = (await visitor.get('/api/v1/blog/posts?page=1')).body.data[0] as { id: number; slug: string; title: string };
    const full = (await visitor.get(`/api/v1/blog/posts/${post.id}`)).body.data as { title: string; published_at: string };
    const list = await page('/blog');
    expect(list.body).toContain('<h1>Ultime notizie</h1>');
    expect(list.body).toContain(asHtml(post.title));
    const one = await page(`/blog/${post.id}/${post.slug}`);
    expect(one.status).toBe(200);
    expect(one.body).toContain(`<h1>${asHtml(full.title)}</h1>`);
    expect(one.body).toContain(formatLongDate(full.published_at));
  });

  it('the allergen table and the static pages are there in full', async () => {
    const allergens = await page('/ecommerce/allergeni');
    expect(allergens.body).toContain('<h1>Tabella degli allergeni</h1>');
    expect(allergens.body).toMatch(/<table class="allergen-table">[\s\S]*<th scope="row">Margherita<\/th>/);
    for (const [route, title] of [
      ['/ecommerce/termini-e-condizioni', 'Termini e condizioni'],
      ['/ecommerce/privacy-policy', 'Privacy policy'],
      ['/ecommerce/domande-frequenti', 'Domande frequenti'],
    ]) {
      const { status, body } = await page(route!);
      expect(status, route).toBe(200);
      expect(body, route).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`, 'i'));
    }
  });

  it('the cart, checkout, account, cassa and admin stay the shell the browser renders', async () => {
    for (const route of ['/ecommerce/cart', '/ecommerce/checkout', '/auth/account', '/cassa', '/admin/menu']) {
      expect((await page(route)).body, route).toBe('<div id="root"></div>');
    }
  });
});

describe("a server-rendered page's scripts", () => {
  const head = (html: string) => html.slice(0, html.indexOf('</head>'));

  it('are started by the boot script once the page has painted: no module script or preload before it, the CSP the same', async () => {
    const menu = await visitor.request('GET', '/ecommerce');
    const html = menu.body as string;
    expect(head(html)).toContain(
      '<script defer src="/assets/boot-B1.js" data-entry="/assets/index-E1.js" data-preloads="/assets/react-R1.js /assets/MenuPages-M1.js"></script>',
    );
    expect(html).not.toMatch(/<script type="module"|rel="modulepreload"/);
    const cart = await visitor.request('GET', '/ecommerce/cart');
    expect(menu.headers.get('content-security-policy')).toMatch(/(^|;)script-src 'self';/);
    expect(menu.headers.get('content-security-policy')).toBe(cart.headers.get('content-security-policy'));
  });

  it("a client-rendered page loads the app's scripts as the build wrote them, without the boot script", async () => {
    const html = (await visitor.request('GET', '/ecommerce/cart')).body as string;
    expect(head(html)).toContain('<script type="module" crossorigin src="/assets/index-E1.js"></script>');
    expect(head(html)).toContain('<link rel="modulepreload" crossorigin href="/assets/react-R1.js">');
    expect(html).not.toContain('boot-B1.js');
  });
});

describe('the cookie banner', () => {
  const banner = '<h2 id="cookie-banner-title">Cookie</h2>';

  it('is in the HTML for a visitor who has not decided, not for one whose consent cookie says yes', async () => {
    for (const route of ['/', '/ecommerce', '/blog']) {
      const undecided = (await page(route)).body;
      expect(undecided, route).toContain(banner);
      expect(undecided, route).toContain('Accetta');
      // Two variants of the same page in the cache: the second visitor does not get the first one's.
      expect((await page(route, { cookie: 'pizzeria_consent=1' })).body, route).not.toContain(banner);
      expect((await page(route)).body, route).toContain(banner);
    }
  });
});

describe('live data', () => {
  it('a price change and a sold-out mark show on the next request', async () => {
    const marinara = await productId(server, 'Marinara');
    const before = await page('/ecommerce');
    const newCents = 1234;
    expect(before.body).not.toContain(formatEuro(newCents));
    await setPriceByForm(owner, marinara, newCents);
    expect((await page('/ecommerce')).body).toContain(formatEuro(newCents));

    const soldOut = (await page('/ecommerce')).body.match(/Esaurit/g)?.length ?? 0;
    await setSoldOut(owner, marinara, true);
    expect((await page('/ecommerce')).body.match(/Esaurit/g)?.length ?? 0).toBeGreaterThan(soldOut);
    await setSoldOut(owner, marinara, false);
  });
});

describe('bad input', () => {
  it('a post that does not exist, or cannot, is the not-found page with status 404', async () => {
    for (const route of ['/blog/999999/nessuno', '/blog/abc/nessuno', '/blog/0/nessuno']) {
      const { status, body } = await page(route);
      expect(status, route).toBe(404);
      expect(body, route).toContain('<h1>Articolo non trovato</h1>');
    }
  });

  it('markup in the query string is never echoed unescaped', async () => {
    for (const route of [
      '/ecommerce?senza=<script>alert(1)</script>',
      '/blog?page="><img src=x onerror=alert(1)>',
      '/?q=</script><script>alert(1)</script>',
    ]) {
      const response = await visitor.get(route.replace(/[<>"]/g, encodeURIComponent));
      expect(response.status, route).toBe(200);
      const html = response.body as string;
      expect(html, route).not.toMatch(/<script>alert|<img src=x/);
      // The page's renderer got the query as typed, and escaped it.
      const raw = await server.app.inject({ method: 'GET', url: route });
      expect(raw.body, route).not.toMatch(/<script>alert|<img src=x/);
    }
  });
});

describe('a render that fails', () => {
  it("serves the browser's shell with status 200, and logs the error once", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const broken = await startTestServer({
      app: { frontendDir: dist, logger: { level: 'info', stream }, renderPage: () => Promise.reject(new Error('render exploded')) },
    });
    try {
      for (let i = 0; i < 3; i++) {
        const response = await broken.app.inject({ method: 'GET', url: '/ecommerce' });
        expect(response.statusCode).toBe(200);
        expect(rendered(response.body)).toBe('<div id="root"></div>');
        expect(response.body).toContain('id="initial-data"');
      }
      expect(lines.filter((line) => line.includes('render exploded'))).toHaveLength(1);
    } finally {
      await broken.close();
    }
  });
});
