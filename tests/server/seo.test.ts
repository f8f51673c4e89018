/**
 * Found by search engines (issue 31, points 2–4): each public page's own title, description, canonical
 * link and preview tags; the shop, its hours and its menu as schema.org JSON-LD from the live data; a
 * post as a BlogPosting; the sitemap robots.txt names; noindex on every visitor's own page.
 * The harness's clock: Wednesday 18 November 2026, 17:00 in Rome; the site's address http://pizzeria.test.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaProblems } from '../unit/schemaOrg';
import { ApiClient, loggedInClient, productId, setPriceByForm, setSoldOut, startTestServer, TODAY, type TestServer } from './harness';

const SITE = 'http://pizzeria.test';
const ROOT = path.resolve(import.meta.dirname, '..', '..');

let dist: string;
let server: TestServer;
let owner: ApiClient;
let visitor: ApiClient;
let post: { id: number; slug: string; title: string; description: string; image_url: string | null; published_at: string };

beforeAll(async () => {
  // The page as Vite builds it from index.html: the server fills its head.
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'pizzeria-seo-'));
  fs.copyFileSync(path.join(ROOT, 'index.html'), path.join(dist, 'index.html'));
  server = await startTestServer({ app: { frontendDir: dist } });
  owner = (await loggedInClient(server, { role: 'admin', name: 'Giuseppe Titolare' })).client;
  visitor = new ApiClient(server.baseUrl);
  post = (await visitor.get('/api/v1/blog/posts?page=1')).body.data[0];
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

interface Head {
  status: number;
  html: string;
  titles: string[];
  meta: (key: string) => string | undefined;
  canonical: string | undefined;
  jsonLd: Record<string, any>[];
}

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** A page as a crawler reads it: its status, and what its <head> says. */
async function head(url: string): Promise<Head> {
  const response = await fetch(server.baseUrl + url);
  const html = await response.text();
  const part = html.slice(0, html.indexOf('</head>'));
  const metas = [...part.matchAll(/<meta (name|property)="([^"]+)" content="([^"]*)">/g)];
  return {
    status: response.status,
    html,
    titles: [...part.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => decode(m[1]!)),
    meta: (key) => {
      const found = metas.find((m) => m[2] === key);
      return found && decode(found[3]!);
    },
    canonical: /<link rel="canonical" href="([^"]+)">/.exec(part)?.[1],
    jsonLd: [...part.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]!)),
  };
}

/** A post saved in the back office and not published. */
async function saveDraft(title: string): Promise<{ id: number; slug: string }> {
  const draft = await owner.post('/api/v1/admin/news', {
    title,
    description: 'Non ancora pubblicata.',
    content: '<p>Presto.</p>',
    image_url: null,
    published: false,
  });
  expect(draft.status).toBe(201);
  return draft.body.post;
}

const postUrl = () => `/blog/${post.id}/${post.slug}`;
const PUBLIC = [
  '/',
  '/ecommerce',
  '/ecommerce/categories',
  '/ecommerce/products',
  '/ecommerce/allergeni',
  '/blog',
  '/ecommerce/termini-e-condizioni',
  '/ecommerce/privacy-policy',
  '/ecommerce/domande-frequenti',
];
const PRIVATE = [
  '/ecommerce/cart',
  '/ecommerce/checkout',
  '/ecommerce/ordine-confermato',
  '/auth/login',
  '/auth/account',
  '/ordine/abc123',
  '/cassa',
  '/admin/menu',
];

/** The restaurant described on `url`'s page, checked against schema.org's types. */
async function restaurantOn(url: string): Promise<Record<string, any>> {
  const { jsonLd } = await head(url);
  expect(jsonLd.map((data) => data['@type'])).toEqual(['Restaurant']);
  expect(schemaProblems(jsonLd[0])).toEqual([]);
  return jsonLd[0]!;
}
const items = (restaurant: Record<string, any>): Record<string, any>[] =>
  restaurant.hasMenu.hasMenuSection.flatMap((section: { hasMenuItem: unknown[] }) => section.hasMenuItem);
const itemNamed = (restaurant: Record<string, any>, name: string) => items(restaurant).find((item) => item.name === name)!;

describe('the head of each page', () => {
  it('every public page has its own title and description, a canonical link, preview tags and lang="it"', async () => {
    const seen = { titles: new Set<string>(), descriptions: new Set<string>() };
    for (const url of [...PUBLIC, postUrl()]) {
      const page = await head(url);
      expect(page.status, url).toBe(200);
      expect(page.html, url).toMatch(/^<!doctype html>\s*<html lang="it">/);
      expect(page.titles, url).toHaveLength(1);
      const [title] = page.titles;
      const description = page.meta('description')!;
      expect(description.length, url).toBeGreaterThan(40);
      expect(page.canonical, url).toBe(SITE + url);
      expect(page.meta('og:title'), url).toBe(title);
      expect(page.meta('og:description'), url).toBe(description);
      expect(page.meta('og:url'), url).toBe(SITE + url);
      expect(page.meta('og:image'), url).toMatch(/^http:\/\/pizzeria\.test\/.+/);
      expect(page.meta('twitter:card'), url).toBe('summary_large_image');
      expect(page.meta('robots'), url).toBeUndefined();
      seen.titles.add(title!);
      seen.descriptions.add(description);
    }
    expect(seen.titles.size).toBe(PUBLIC.length + 1);
    expect(seen.descriptions.size).toBe(PUBLIC.length + 1);
  });

  it('names the menu and the shop as the settings do', async () => {
    expect((await head('/ecommerce')).titles).toEqual(['Menu — Pizzeria Da Romolo, pizza a domicilio a Roma']);
    expect((await head('/ecommerce/allergeni')).titles).toEqual(['Tabella degli allergeni — Pizzeria Da Romolo']);
    await server.handle.db.updateTable('settings').set({ value: 'Pizzeria Da Remo' }).where('key', '=', 'shop_name').execute();
    server.services.catalog.invalidate();
    try {
      expect((await head('/ecommerce')).titles).toEqual(['Menu — Pizzeria Da Remo, pizza a domicilio a Roma']);
    } finally {
      await server.handle.db.updateTable('settings').set({ value: 'Pizzeria Da Romolo' }).where('key', '=', 'shop_name').execute();
      server.services.catalog.invalidate();
    }
  });

  it('a post: its own title, description and picture, and a BlogPosting', async () => {
    const page = await head(postUrl());
    expect(page.titles).toEqual([`${post.title} — Pizzeria Da Romolo`]);
    expect(page.meta('description')).toBe(post.description);
    expect(page.meta('og:type')).toBe('article');
    expect(page.meta('og:image')).toBe(SITE + post.image_url);
    expect(page.jsonLd).toHaveLength(1);
    const [posting] = page.jsonLd;
    expect(schemaProblems(posting)).toEqual([]);
    expect(posting).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: post.title,
      datePublished: post.published_at,
      image: SITE + post.image_url,
      author: { '@type': 'Organization', name: 'Pizzeria Da Romolo' },
      publisher: { '@type': 'Organization', name: 'Pizzeria Da Romolo' },
      mainEntityOfPage: { '@type': 'WebPage', '@id': SITE + postUrl() },
    });
  });

  it('a post that does not exist, or is a draft, answers 404 and is not indexed', async () => {
    const { id, slug } = await saveDraft('Bozza SEO segreta');
    for (const url of ['/blog/999999/nessuno', `/blog/${id}/${slug}`]) {
      const page = await head(url);
      expect(page.status, url).toBe(404);
      expect(page.meta('robots'), url).toBe('noindex');
      expect(page.titles[0], url).not.toContain('Bozza SEO segreta');
      expect(page.jsonLd, url).toEqual([]);
    }
  });

  it('markup in the address is never echoed: the canonical link is built from what the page is', async () => {
    const blog = await head('/blog?page=%3Cscript%3Ealert(1)%3C/script%3E');
    expect(blog.canonical).toBe(`${SITE}/blog`);
    expect(blog.html).not.toContain('<script>alert(1)');
    expect((await head('/blog?page=2')).canonical).toBe(`${SITE}/blog?page=2`);
    const post = await head(`/blog/${postUrl().split('/')[2]}/%22%3E%3Cscript%3E`);
    expect(post.canonical).toBe(SITE + postUrl());
    expect(post.html).not.toMatch(/"><script>/);
  });

  it("a visitor's own pages and the staff's are marked noindex, with no canonical link nor structured data", async () => {
    for (const url of PRIVATE) {
      const page = await head(url);
      expect(page.status, url).toBe(200);
      expect(page.meta('robots'), url).toBe('noindex');
      expect(page.canonical, url).toBeUndefined();
      expect(page.jsonLd, url).toEqual([]);
      expect(page.html, url).not.toContain('abc123"');
    }
  });
});

describe('the restaurant as structured data', () => {
  it('home and menu describe the shop: address, phone, cuisine, prices, weekly hours and every visible category', async () => {
    const restaurant = await restaurantOn('/');
    expect(await restaurantOn('/ecommerce')).toEqual(restaurant);
    expect(restaurant).toMatchObject({
      name: 'Pizzeria Da Romolo',
      url: `${SITE}/`,
      telephone: '06 5823 4417',
      servesCuisine: 'Pizza',
      address: {
        '@type': 'PostalAddress',
        streetAddress: 'Via di Donna Olimpia 48',
        postalCode: '00152',
        addressLocality: 'Roma',
        addressCountry: 'IT',
      },
    });
    expect(restaurant.priceRange).toMatch(/^\d+,\d{2}–\d+,\d{2} €$/);
    // The weekly windows as stored: one specification per window, closing when its last slot's quarter ends.
    const week = JSON.parse(
      (await server.handle.db.selectFrom('settings').select('value').where('key', '=', 'weekly_hours').executeTakeFirstOrThrow()).value,
    );
    const windows = week.flatMap((day: Record<string, { first: string; last: string } | null>) => [day.lunch, day.dinner].filter(Boolean));
    expect(restaurant.openingHoursSpecification).toHaveLength(windows.length);
    expect(restaurant.openingHoursSpecification[0]).toMatchObject({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: expect.stringMatching(/^https:\/\/schema\.org\/\w+day$/),
    });
    const menu = (await visitor.get('/api/v1/ecommerce/webapp')).body;
    const sections = restaurant.hasMenu.hasMenuSection.map((section: { name: string }) => section.name);
    const withProducts = menu.categories.filter((c: { id: number }) =>
      menu.products.some((p: { category_id: number }) => p.category_id === c.id),
    );
    expect(sections).toEqual(withProducts.map((c: { name: string }) => c.name));
    expect(items(restaurant)).toHaveLength(menu.products.length);
  });

  it('a menu item: its price in EUR, in stock, and the diets schema.org knows', async () => {
    const restaurant = await restaurantOn('/ecommerce');
    const menu = (await visitor.get('/api/v1/ecommerce/webapp')).body;
    const margherita = menu.products.find((p: { name: string }) => p.name === 'Margherita');
    expect(itemNamed(restaurant, 'Margherita')).toMatchObject({
      '@type': 'MenuItem',
      description: margherita.description,
      offers: { '@type': 'Offer', price: margherita.price.toFixed(2), priceCurrency: 'EUR', availability: 'https://schema.org/InStock' },
      suitableForDiet: 'https://schema.org/VegetarianDiet',
    });
    expect(itemNamed(restaurant, 'Marinara').suitableForDiet).toEqual([
      'https://schema.org/VegetarianDiet',
      'https://schema.org/VeganDiet',
    ]);
    // 'Piccante' has no schema.org diet.
    expect(itemNamed(restaurant, 'Diavola').suitableForDiet).toBeUndefined();
  });

  it('follows the live data: a price change, a sold-out product and special days show in the next answer', async () => {
    const margherita = await productId(server, 'Margherita');
    const diavola = await productId(server, 'Diavola');
    await setPriceByForm(owner, margherita, 1234);
    await setSoldOut(owner, diavola, true);
    const closed = await owner.post('/api/v1/admin/special-days', {
      date_from: '2026-12-25',
      date_until: '2026-12-26',
      closed: true,
      first_slot: null,
      last_slot: null,
      message: 'Buone feste',
    });
    const shorter = await owner.post('/api/v1/admin/special-days', {
      date_from: TODAY,
      date_until: TODAY,
      closed: false,
      first_slot: '19:00',
      last_slot: '20:00',
      message: null,
    });
    expect([closed.status, shorter.status]).toEqual([201, 201]);
    try {
      const restaurant = await restaurantOn('/');
      expect(itemNamed(restaurant, 'Margherita').offers.price).toBe('12.34');
      expect(itemNamed(restaurant, 'Diavola').offers.availability).toBe('https://schema.org/OutOfStock');
      expect(restaurant.specialOpeningHoursSpecification).toEqual([
        { '@type': 'OpeningHoursSpecification', validFrom: TODAY, validThrough: TODAY, opens: '19:00', closes: '20:15' },
        { '@type': 'OpeningHoursSpecification', validFrom: '2026-12-25', validThrough: '2026-12-26', opens: '00:00', closes: '00:00' },
      ]);
    } finally {
      await setSoldOut(owner, diavola, false);
      await server.handle.db.deleteFrom('special_days').execute();
      server.services.catalog.invalidate();
    }
  });
});

describe('sitemap and robots.txt', () => {
  it('robots.txt names the sitemap by its full address and keeps crawlers out of the staff and account pages', async () => {
    const robots = await visitor.get('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(robots.body).toContain(`\nSitemap: ${SITE}/sitemap.xml\n`);
    for (const closed of ['/cassa', '/admin', '/auth/', '/api/']) expect(robots.body).toContain(`Disallow: ${closed}\n`);
    // Crawlable, so that their noindex is read.
    expect(robots.body).not.toMatch(/Disallow: \/(ecommerce|ordine)/);
  });

  it('lists the public pages and every published post with its date, never a draft nor a private page', async () => {
    await saveDraft('Bozza per la mappa');
    const response = await fetch(`${server.baseUrl}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/);
    const urls = [...xml.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/url>/g)].map((m) => ({
      loc: m[1]!,
      lastmod: m[2],
    }));
    const locs = urls.map((u) => u.loc);
    for (const url of PUBLIC) expect(locs).toContain(SITE + url);
    const published = await server.handle.db
      .selectFrom('blog_posts')
      .select(['id', 'slug', 'published_at'])
      .where('published', '=', 1)
      .execute();
    expect(urls).toContainEqual({ loc: SITE + postUrl(), lastmod: post.published_at });
    expect(locs).toHaveLength(PUBLIC.length + published.length);
    expect(xml).not.toContain('bozza-per-la-mappa');
    for (const url of PRIVATE) expect(locs.filter((loc) => loc.startsWith(SITE + url))).toEqual([]);
    expect(locs.filter((loc) => /cassa|admin|auth|cart|checkout|ordine/.test(loc))).toEqual([]);
  });
});
