import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import type { FastifyPluginAsync } from 'fastify';
import fastifyStatic from '@fastify/static';
import { acceptedCodings } from './http/compression';
import { escapeForScript } from './http/script-json';
import { ROOT } from './root';
import type { DocumentHeadOf } from './seo/documentHead';

const gzip = promisify(gzipCallback);

/** A request for a file (the last segment has an extension), as opposed to a client route. */
const FILE_PATH = /\/[^/]*\.[a-z][a-z0-9]{0,15}$/i;

/**
 * The lazy area each client route shows first, as the build manifest names its source (src/app/routes.tsx).
 * Never the cassa: the page is the same for whoever asks, and only staff may download the cassa's chunk.
 */
const ROUTE_CHUNKS: [RegExp, string][] = [
  [/^\/blog(\/|$)/, 'src/blog/BlogPages.tsx'],
  [/^\/ecommerce(\/(categories|products))?\/?$/, 'src/menu/MenuPages.tsx'],
  [/^\/ecommerce\/cart\/?$/, 'src/cart/CartPage.tsx'],
  [/^\/ecommerce\/(termini-e-condizioni|privacy-policy|domande-frequenti)\/?$/, 'src/legal/LegalPages.tsx'],
  [/^\/auth\/verify-message\/?$/, 'src/auth/AuthPages.tsx'],
];

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Every chunk `key` loads, itself included (manifest `imports`, transitively). */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) closure(manifest, imported, seen);
  return seen;
}

/** Per source entry, the <link rel="modulepreload"> tags of its chunk and of the imports the entry does not already load. */
function preloadTags(dir: string): Map<string, string> {
  const file = path.join(dir, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) return new Map();
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  const loaded = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) closure(manifest, key, loaded);
  return new Map(
    ROUTE_CHUNKS.map(([, source]) => [
      source,
      [...closure(manifest, source)]
        .filter((key) => !loaded.has(key))
        .map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]!.file}">`)
        .join(''),
    ]),
  );
}

const WEBAPP = '/api/v1/ecommerce/webapp';
const POSTS = '/api/v1/blog/posts';
const CANONICAL_ID = /^[1-9]\d{0,15}$/;

/**
 * The public API GETs whose bodies the first screen of `pathname?search` shows, keyed exactly as the
 * client would request them. Nothing user-specific: the same for every visitor.
 */
function initialRequests(pathname: string, search: URLSearchParams): string[] {
  const requests = [WEBAPP];
  if (pathname === '/') requests.push(`${POSTS}?page=1`);
  if (/^\/blog\/?$/.test(pathname)) {
    const page = search.get('page') ?? '1';
    if (CANONICAL_ID.test(page)) requests.push(`${POSTS}?page=${page}`);
  }
  const post = /^\/blog\/(\d+)\/[^/]+\/?$/.exec(pathname)?.[1];
  if (post && CANONICAL_ID.test(post)) requests.push(`${POSTS}/${post}`);
  return requests;
}

interface FrontendOptions {
  /** the built site (index.html, assets/, .vite/manifest.json); public/ alone (API only) when absent */
  dir?: string;
  /** each page's title, description, canonical link and structured data, and its status */
  documentHead: DocumentHeadOf;
}

/**
 * Serves the built front end: its files, a plain 404 for a missing one (a stale tab asking for an old
 * chunk must not get HTML), and index.html for client routes with the first screen's API data inlined
 * and its lazy chunk preloaded, so the page needs no second round trip to paint.
 */
export const frontend: FastifyPluginAsync<FrontendOptions> = async (app, options) => {
  const dir = options.dir && fs.existsSync(path.join(options.dir, 'index.html')) ? options.dir : undefined;
  await app.register(fastifyStatic, {
    root: dir ?? path.join(ROOT, 'public'),
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    // The build manifest is for the server, not the world.
    dotfiles: 'ignore',
    // Hashed build assets never change under the same name; everything else is revalidated.
    setHeaders: (res, filePath) => {
      res.setHeader(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });

  const index = dir && fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
  const headEnd = index ? index.indexOf('</head>') : -1;
  if (index && headEnd < 0) throw new Error(`${dir}/index.html has no </head>: is it a Vite build?`);
  const preloads = dir ? preloadTags(dir) : new Map<string, string>();

  /** The inlined data block: each wanted GET that answers 200, answered as the API itself answers it. */
  async function dataBlock(requests: string[]): Promise<string> {
    const answers = await Promise.all(
      requests.map(async (url) => {
        const response = await app.inject({ method: 'GET', url }).catch(() => undefined);
        const json = response?.statusCode === 200 && /json/.test(String(response.headers['content-type']));
        return json ? `${JSON.stringify(url)}:${response.body}` : undefined;
      }),
    );
    const entries = answers.filter((entry) => entry !== undefined).join(',');
    return `<script type="application/json" id="initial-data">${escapeForScript(`{${entries}}`)}</script>`;
  }

  app.setNotFoundHandler(async (request, reply) => {
    const [pathname = '/', query = ''] = request.url.split('?', 2);
    const readable = request.method === 'GET' || request.method === 'HEAD';
    const api = pathname.startsWith('/api/');
    const file = FILE_PATH.test(pathname);
    if (index && readable && !api && !file) {
      const chunk = ROUTE_CHUNKS.find(([route]) => route.test(pathname))?.[1];
      const head = await options.documentHead(pathname, new URLSearchParams(query));
      const html =
        index.slice(0, headEnd) +
        head.tags +
        (chunk ? (preloads.get(chunk) ?? '') : '') +
        (await dataBlock(initialRequests(pathname, new URLSearchParams(query)))) +
        index.slice(headEnd);
      reply.status(head.status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
      // gzip per page (it differs by route and data); brotli at a useful quality would cost more than it saves here.
      const codings = acceptedCodings(request.headers['accept-encoding']);
      if (!codings.has('gzip') && !codings.has('*')) return reply.send(html);
      return reply.header('content-encoding', 'gzip').send(await gzip(html));
    }
    if (readable && !api && file) {
      // Not cached anywhere: the file may well exist after the next deploy.
      return reply.status(404).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send('File non trovato.\n');
    }
    return reply.status(404).send({ code: 'not_found', message: 'Risorsa non trovata.' });
  });
};
