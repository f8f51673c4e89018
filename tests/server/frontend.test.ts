/** The built site as the server serves it: its files, 404s for missing ones, and index.html with the first screen's data. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, startTestServer, type TestServer } from './harness';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/**
 * A stand-in for `vite build`: public/ as Vite copies it, an index.html loading a hashed entry, and a
 * build manifest whose blog chunk imports one chunk of its own and one the entry already loads, and
 * the cassa's chunk; the cassa's service worker.
 */
function fakeBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pizzeria-dist-'));
  fs.cpSync(path.join(ROOT, 'public'), dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="it"><head><title>Pizzeria</title>' +
      '<script type="module" crossorigin src="/assets/index-E1.js"></script></head>' +
      '<body><div id="root"></div></body></html>',
  );
  fs.mkdirSync(path.join(dir, 'assets'));
  for (const file of ['index-E1.js', 'react-R1.js', 'BlogPages-B1.js', 'markdown-M1.js', 'LegalPages-L1.js', 'CassaPage-C1.js']) {
    fs.writeFileSync(path.join(dir, 'assets', file), 'export {};\n');
  }
  fs.writeFileSync(path.join(dir, 'cassa-sw.js'), 'self.addEventListener("fetch", () => {});\n');
  fs.mkdirSync(path.join(dir, '.vite'));
  const manifest = {
    'index.html': { file: 'assets/index-E1.js', isEntry: true, imports: ['_react-R1.js'], dynamicImports: ['src/blog/BlogPages.tsx'] },
    '_react-R1.js': { file: 'assets/react-R1.js' },
    '_markdown-M1.js': { file: 'assets/markdown-M1.js', imports: ['_react-R1.js'] },
    'src/blog/BlogPages.tsx': { file: 'assets/BlogPages-B1.js', isDynamicEntry: true, imports: ['index.html', '_markdown-M1.js'] },
    'src/legal/LegalPages.tsx': { file: 'assets/LegalPages-L1.js', isDynamicEntry: true, imports: ['index.html'] },
    'src/cassa/CassaPage.tsx': { file: 'assets/CassaPage-C1.js', isDynamicEntry: true, imports: ['index.html'] },
  };
  fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

const WEBAPP = '/api/v1/ecommerce/webapp';
const DATA_BLOCK = /<script type="application\/json" id="initial-data">([^<]*)<\/script>/g;

/** The inlined data of a page; `[^<]*` also proves no `<` made it into the block unescaped. */
function initialData(html: string): Record<string, unknown> {
  const blocks = [...html.matchAll(DATA_BLOCK)];
  expect(blocks).toHaveLength(1);
  return JSON.parse(blocks[0]![1]!);
}

let dist: string;
let server: TestServer;
let api: ApiClient;
let posts: { id: number; slug: string }[];

beforeAll(async () => {
  dist = fakeBuild();
  server = await startTestServer({ app: { frontendDir: dist } });
  api = new ApiClient(server.baseUrl);
  posts = await server.handle.db.selectFrom('blog_posts').select(['id', 'slug']).orderBy('id').execute();
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

/** The API's own answer to `url`, as a client would read it. */
async function apiBody(url: string): Promise<unknown> {
  const response = await api.get(url);
  expect(response.status).toBe(200);
  return response.body;
}

describe('files', () => {
  it('serves the favicon, robots.txt, the web manifest and its icons with their content types', async () => {
    const favicon = await fetch(`${server.baseUrl}/favicon.ico`);
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get('content-type')).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    // An ICO header: reserved 0, type 1 (icon).
    expect([...new Uint8Array(await favicon.arrayBuffer()).slice(0, 4)]).toEqual([0, 0, 1, 0]);

    const robots = await api.get('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(robots.body).toMatch(/^User-agent: \*$/m);
    for (const closed of ['/cassa', '/auth/', '/api/']) expect(robots.body).toContain(`Disallow: ${closed}\n`);

    const manifest = await fetch(`${server.baseUrl}/manifest.webmanifest`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const { name, short_name, theme_color, icons } = (await manifest.json()) as {
      name: string;
      short_name: string;
      theme_color: string;
      icons: { src: string; sizes: string; type: string }[];
    };
    expect({ name, short_name, theme_color }).toEqual({ name: 'Pizzeria Da Romolo', short_name: 'Da Romolo', theme_color: '#b3261e' });
    expect(icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of icons) {
      const response = await fetch(server.baseUrl + icon.src);
      expect(response.status, icon.src).toBe(200);
      expect(response.headers.get('content-type'), icon.src).toMatch(new RegExp(`^${icon.type.replace('+', '\\+')}`));
    }
  });

  it("serves the cassa's own manifest (an app of its own at /cassa, maskable icon) and its service worker, revalidated on every check", async () => {
    const manifest = await fetch(`${server.baseUrl}/cassa.webmanifest`);
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const { name, start_url, scope, display, icons } = (await manifest.json()) as {
      name: string;
      start_url: string;
      scope: string;
      display: string;
      icons: { src: string; sizes: string; purpose?: string }[];
    };
    expect({ name, start_url, scope, display }).toEqual({
      name: 'Cassa — Pizzeria Da Romolo',
      start_url: '/cassa',
      scope: '/cassa',
      display: 'standalone',
    });
    expect(icons.filter((icon) => icon.purpose === 'maskable').map((icon) => icon.sizes)).toEqual(['512x512']);
    for (const icon of icons) expect((await fetch(server.baseUrl + icon.src)).status, icon.src).toBe(200);

    // A new deployment's worker is found at the next check: never served from an HTTP cache.
    const worker = await fetch(`${server.baseUrl}/cassa-sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toMatch(/^(application|text)\/javascript/);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers a missing file with a small plain 404 that nobody caches, never with the page', async () => {
    for (const missing of ['/assets/missing.js', '/assets/index-OLD.css', '/favicon.png', '/blog/old.js', '/.vite/manifest.json']) {
      const response = await api.get(missing);
      expect(response.status, missing).toBe(404);
      expect(response.headers.get('content-type'), missing).toBe('text/plain; charset=utf-8');
      expect(response.headers.get('cache-control'), missing).toBe('no-store');
      expect(response.body, missing).toBe('File non trovato.\n');
    }
    const api404 = await api.get('/api/v1/nothing.json');
    expect(api404.status).toBe(404);
    expect(api404.body).toEqual({ code: 'not_found', message: 'Risorsa non trovata.' });
  });

  it('serves the page for client routes, revalidated on every visit', async () => {
    for (const route of ['/', '/blog', '/blog?page=2', '/ecommerce/cart', '/cassa', `/blog/${posts[0]!.id}/${posts[0]!.slug}`]) {
      const response = await api.get(route);
      expect(response.status, route).toBe(200);
      expect(response.headers.get('content-type'), route).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control'), route).toBe('no-cache');
      expect(response.body, route).toContain('<div id="root"></div>');
    }
  });

  it('gzips the page only for a client that accepts gzip, not one that lists it with q=0', async () => {
    const plain = await server.app.inject({ method: 'GET', url: '/blog' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const gzipped = await server.app.inject({ method: 'GET', url: '/blog', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toContain('accept-encoding');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body);
    const refused = await server.app.inject({ method: 'GET', url: '/blog', headers: { 'accept-encoding': 'gzip;q=0, identity' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
  });
});

describe('the first screen inlined in the page', () => {
  it('the home page carries the shop data and the first page of posts, exactly as the API answers them', async () => {
    const data = initialData((await api.get('/')).body);
    expect(Object.keys(data).sort()).toEqual([WEBAPP, '/api/v1/blog/posts?page=1'].sort());
    for (const [key, body] of Object.entries(data)) expect(body, key).toEqual(await apiBody(key));
  });

  it('the blog carries the page its URL names, page 1 when it names none', async () => {
    for (const [route, key] of [
      ['/blog', '/api/v1/blog/posts?page=1'],
      ['/blog?page=2', '/api/v1/blog/posts?page=2'],
      ['/blog?page=99', '/api/v1/blog/posts?page=99'],
    ] as const) {
      const data = initialData((await api.get(route)).body);
      expect(Object.keys(data).sort(), route).toEqual([WEBAPP, key].sort());
      expect(data[key], route).toEqual(await apiBody(key));
    }
  });

  it('a page number that is not canonical inlines no list (the client corrects the URL itself)', async () => {
    for (const page of ['0', '02', '-1', '1.5', 'abc', '', '99999999999999999999']) {
      const data = initialData((await api.get(`/blog?page=${page}`)).body);
      expect(Object.keys(data), page).toEqual([WEBAPP]);
    }
  });

  it('a post carries its own body, and nothing when there is no such post', async () => {
    const { id, slug } = posts[0]!;
    const data = initialData((await api.get(`/blog/${id}/${slug}`)).body);
    expect(Object.keys(data).sort()).toEqual([WEBAPP, `/api/v1/blog/posts/${id}`].sort());
    expect(data[`/api/v1/blog/posts/${id}`]).toEqual(await apiBody(`/api/v1/blog/posts/${id}`));

    expect(Object.keys(initialData((await api.get('/blog/999999/nessuno')).body))).toEqual([WEBAPP]);
    expect(Object.keys(initialData((await api.get('/ecommerce/cart')).body))).toEqual([WEBAPP]);
  });

  it('a title crafted to close the data block stays inside it as text', async () => {
    const title = '</script><script>alert(1)</script> & <!-- \u2028\u2029';
    const { id } = await server.handle.db
      .insertInto('blog_posts')
      .values({
        slug: 'trappola',
        title,
        description: title,
        content: '<p>ciao</p>',
        image_url: null,
        published_at: '2026-11-18T16:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    for (const route of ['/', `/blog/${id}/trappola`]) {
      const html: string = (await api.get(route)).body;
      expect(html, route).not.toContain('<script>alert');
      expect(html, route).not.toMatch(/[\u2028\u2029]/);
      // The page's own module script, the data block and the structured data (issue 31, where `[^<]*` proves
      // no `<` made it in) are the only elements closed.
      const structured = html.match(/<script type="application\/ld\+json">[^<]*<\/script>/g) ?? [];
      expect(structured.length, route).toBeGreaterThan(0);
      expect(html.match(/<\/script>/g), route).toHaveLength(2 + structured.length);
      const data = initialData(html);
      const key = route === '/' ? '/api/v1/blog/posts?page=1' : `/api/v1/blog/posts/${id}`;
      expect(data[key], route).toEqual(await apiBody(key));
      expect(JSON.stringify(data[key])).toContain(JSON.stringify(title).slice(1, -1));
    }
  });
});

describe('the route chunk preloaded with the page', () => {
  const preloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

  it('the blog preloads its chunk and the imports the entry does not already load', async () => {
    for (const route of ['/blog', `/blog/${posts[0]!.id}/${posts[0]!.slug}`]) {
      expect(preloads((await api.get(route)).body), route).toEqual(['/assets/BlogPages-B1.js', '/assets/markdown-M1.js']);
    }
    expect(preloads((await api.get('/ecommerce/privacy-policy')).body)).toEqual(['/assets/LegalPages-L1.js']);
  });

  it('pages drawn by the entry alone preload nothing more', async () => {
    for (const route of ['/', '/ecommerce/cart']) expect(preloads((await api.get(route)).body), route).toEqual([]);
  });

  it("the cassa's chunk is never preloaded: whoever types /cassa gets the page, only staff download the cassa", async () => {
    for (const route of ['/cassa', '/cassa/']) {
      const html: string = (await api.get(route)).body;
      expect(preloads(html), route).toEqual([]);
      expect(html, route).not.toContain('CassaPage');
    }
  });
});
