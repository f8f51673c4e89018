import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip as gunzipCallback, gzip as gzipCallback } from 'node:zlib';
import type { FastifyPluginAsync } from 'fastify';
import fastifyStatic from '@fastify/static';
import { BOOT_SOURCE, CHUNK_SOURCES, firstScreen } from '../src/app/firstScreens';
import { acceptedCodings } from './http/compression';
import { cookieConsented } from '../src/actors/storage';
import { INITIAL_DATA_ID, INITIAL_MISSING_ID } from '../src/api/initialData';
import { escapeForScript } from './http/script-json';
import { cachedPages, loadRenderer, safeRender, type InitialAnswers, type RenderPage } from './pageRenderer';
import { ROOT } from './root';
import type { DocumentHeadOf } from './seo/documentHead';

const gzip = promisify(gzipCallback);
const gunzip = promisify(gunzipCallback);
/** Where index.html's page goes: the server's HTML inside it, or nothing for the browser to render. */
const ROOT_ELEMENT = '<div id="root">';

/** A request for a file (the last segment has an extension), as opposed to a client route. */
const FILE_PATH = /\/[^/]*\.[a-z][a-z0-9]{0,15}$/i;

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

function readManifest(dir: string): Manifest {
  const file = path.join(dir, '.vite', 'manifest.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest) : {};
}

/** Per first screen's chunk, the <link rel="modulepreload"> tags of its chunk and of the imports the entry does not already load. */
function preloadTags(manifest: Manifest): Map<string, string> {
  const loaded = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) closure(manifest, key, loaded);
  return new Map(
    Object.values(CHUNK_SOURCES).map((source) => [
      source,
      [...closure(manifest, source)]
        .filter((key) => !loaded.has(key))
        .map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]!.file}">`)
        .join(''),
    ]),
  );
}

const WEBAPP = '/api/v1/ecommerce/webapp';
/** How many tagged answers are kept for their ETags: the menu's, and room for more. */
const TAGGED_ANSWERS = 100;
const POSTS = '/api/v1/blog/posts';
const CANONICAL_ID = /^[1-9]\d{0,15}$/;
const POST_PAGE = /^\/blog\/([^/]+)\/[^/]+\/?$/;

/** The post a post's URL names, as the API is asked for it; undefined for another page or an id no post can have. */
function postRequest(pathname: string): string | undefined {
  const id = POST_PAGE.exec(pathname)?.[1];
  return id && CANONICAL_ID.test(id) ? `${POSTS}/${id}` : undefined;
}

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
  const post = postRequest(pathname);
  if (post) requests.push(post);
  return requests;
}

const MODULE_TAGS = /<script type="module" crossorigin src="([^"]+)"><\/script>|<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * On a page the server rendered, the app's scripts only hydrate what is already readable: the boot
 * script (src/boot.ts, `boot` its built file) requests them, the entry and its preloads at once, after
 * the page's load event and paint. The first screen waits for the HTML, the stylesheet and its
 * images alone (and Lighthouse counts nothing else before its LCP). Without a boot script in the
 * build, the head is left as it is.
 */
function hydrating(head: string, boot: string | undefined): string {
  if (!boot) return head;
  let entry = '';
  const preloads: string[] = [];
  const rest = head.replace(MODULE_TAGS, (_tag, script?: string, preload?: string) => {
    if (script) entry = script;
    else preloads.push(preload!);
    return '';
  });
  return `${rest}<script defer src="/${boot}" data-entry="${entry}" data-preloads="${preloads.join(' ')}"></script>`;
}

/** React's own resource hints (`<link rel="preload">` for the page's first images) lead its HTML: they belong in the head. */
function splitHints(html: string): { hints: string; body: string } {
  const hints = /^(?:<link [^>]*>)*/.exec(html)![0];
  return { hints, body: html.slice(hints.length) };
}

interface FrontendOptions {
  /** the built site (index.html, assets/, .vite/manifest.json); public/ alone (API only) when absent */
  dir?: string;
  /** renders the public pages; by default the renderer built with the site, if any */
  renderPage?: RenderPage;
  /** each page's title, description, canonical link and structured data, and its status */
  documentHead: DocumentHeadOf;
}

/**
 * Serves the built front end: its files, a plain 404 for a missing one (a stale tab asking for an old
 * chunk must not get HTML), and index.html for client routes with the first screen's API data inlined
 * and its lazy chunk preloaded, so the page needs no second round trip to paint. The public pages
 * come rendered (src/entry-server.tsx) for the browser to hydrate; the others are the empty shell the
 * browser renders, and so is a page whose render failed: never an error page for a customer.
 */
export const frontend: FastifyPluginAsync<FrontendOptions> = async (app, options) => {
  const dir = options.dir && fs.existsSync(path.join(options.dir, 'index.html')) ? options.dir : undefined;
  await app.register(fastifyStatic, {
    root: dir ?? path.join(ROOT, 'public'),
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    // The build manifest and the server's renderer are for the server, not the world.
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
  // Where the server's HTML goes; without a #root there is nothing to hydrate, so nothing is rendered.
  const rootAt = index ? index.indexOf(ROOT_ELEMENT, headEnd) : -1;
  const bodyAt = rootAt < 0 ? headEnd : rootAt + ROOT_ELEMENT.length;
  const manifest = dir ? readManifest(dir) : {};
  const preloads = preloadTags(manifest);
  const boot = manifest[BOOT_SOURCE]?.file;
  const render = options.renderPage ?? (dir ? await loadRenderer(dir, app.log) : undefined);
  const renderSafely = render && rootAt >= 0 ? safeRender(render, app.log) : undefined;

  /**
   * Each wanted GET that answers 200, as the API answers it, and those answered 404 (a post's page says
   * 'Articolo non trovato' from that), each a JSON text for its data block.
   */
  async function initialAnswers(requests: string[]): Promise<InitialAnswers> {
    const responses = await Promise.all(requests.map(async (url) => ({ url, response: await answerTo(url) })));
    const json = responses.filter(({ response }) => response && /json/.test(response.type));
    const answers = json.filter(({ response }) => response!.status === 200);
    const etags = answers.map(({ response }) => response!.etag);
    const missing = JSON.stringify(json.filter(({ response }) => response!.status === 404).map(({ url }) => url));
    return {
      data: `{${answers.map(({ url, response }) => `${JSON.stringify(url)}:${response!.body}`).join(',')}}`,
      missing,
      // Every answer tagged (the menu's ETag hashes its body): the page is known without hashing the bodies.
      version: responses.length === answers.length && etags.every(Boolean) ? etags.join(' ') : undefined,
    };
  }

  /** The last answer with an ETag per GET path: asked again with If-None-Match, a 304 (no body to copy) means the same one. */
  const tagged = new Map<string, { etag: string; body: string }>();
  async function answerTo(url: string): Promise<{ status: number; type: string; body: string; etag?: string } | undefined> {
    const known = tagged.get(url);
    const response = await app.inject({ method: 'GET', url, headers: known ? { 'if-none-match': known.etag } : {} }).catch(() => undefined);
    if (!response) return undefined;
    if (known && response.statusCode === 304) return { status: 200, type: 'application/json', ...known };
    const etag = response.headers.etag === undefined ? undefined : String(response.headers.etag);
    if (etag && response.statusCode === 200) {
      // Bounded like the pages (a GET path may carry a page number); the oldest goes first.
      if (!tagged.has(url) && tagged.size >= TAGGED_ANSWERS) tagged.delete(tagged.keys().next().value!);
      tagged.set(url, { etag, body: response.body });
    }
    return { status: response.statusCode, type: String(response.headers['content-type']), body: response.body, etag };
  }

  /** What the page adds to index.html's <head>: the one place every head addition goes. */
  function headAdditions(page: { chunk?: string; hints: string; answers: InitialAnswers }): string {
    const preload = page.chunk ? (preloads.get(page.chunk) ?? '') : '';
    const { data, missing } = page.answers;
    const missingBlock =
      missing === '[]' ? '' : `<script type="application/json" id="${INITIAL_MISSING_ID}">${escapeForScript(missing)}</script>`;
    return `${preload}${page.hints}<script type="application/json" id="${INITIAL_DATA_ID}">${escapeForScript(data)}</script>${missingBlock}`;
  }

  /**
   * A page as sent: made once per URL and data (the render and the gzip are the costly parts), kept
   * gzipped only (a few hundred of them stay small; the rare client without gzip gets it unzipped).
   */
  const pageFor = cachedPages(async (request, answers) => {
    const { url } = request;
    const [pathname = '/', query = ''] = url.split('?', 2);
    const head = await options.documentHead(pathname, new URLSearchParams(query));
    const screen = firstScreen(pathname);
    const rendered = renderSafely && screen.serverRendered ? await renderSafely(request, answers) : null;
    const { hints, body } = splitHints(rendered ?? '');
    const chunk = screen.chunk && CHUNK_SOURCES[screen.chunk];
    const scripts = index!.slice(0, headEnd) + headAdditions({ chunk, hints, answers });
    const html =
      (rendered === null ? scripts : hydrating(scripts, boot)) + head.tags + index!.slice(headEnd, bodyAt) + body + index!.slice(bodyAt);
    // gzip per page (it differs by route and data); brotli at a useful quality would cost more than it saves here.
    return { status: head.status, gzipped: await gzip(html) };
  });

  app.setNotFoundHandler(async (request, reply) => {
    const [pathname = '/', query = ''] = request.url.split('?', 2);
    const readable = request.method === 'GET' || request.method === 'HEAD';
    const api = pathname.startsWith('/api/');
    const file = FILE_PATH.test(pathname);
    if (index && readable && !api && !file) {
      const consented = cookieConsented(request.headers.cookie);
      const page = await pageFor(
        { url: request.url, consented },
        await initialAnswers(initialRequests(pathname, new URLSearchParams(query))),
      );
      reply
        .status(page.status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding, cookie');
      const codings = acceptedCodings(request.headers['accept-encoding']);
      if (!codings.has('gzip') && !codings.has('*')) return reply.send(await gunzip(page.gzipped));
      return reply.header('content-encoding', 'gzip').send(page.gzipped);
    }
    if (readable && !api && file) {
      // Not cached anywhere: the file may well exist after the next deploy.
      return reply.status(404).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send('File non trovato.\n');
    }
    return reply.status(404).send({ code: 'not_found', message: 'Risorsa non trovata.' });
  });
};
