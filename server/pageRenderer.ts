import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The HTML inside #root for a URL, from the API answers inlined with it, the paths answered 404 and
 * whether the visitor has accepted the cookies (src/entry-server.tsx's `renderPage`).
 */
export type RenderPage = (url: string, data: Record<string, unknown>, missing: string[], consented: boolean) => Promise<string>;

/** What a page is made for: its URL and whether the visitor has decided on the cookies (the banner shows, or not). */
export interface PageRequest {
  url: string;
  consented: boolean;
}

/** A page's first-screen API answers as its data blocks carry them: JSON texts. */
export interface InitialAnswers {
  /** `{ "<GET path>": <its 200 body>, … }` */
  data: string;
  /** `["<GET path answered 404>", …]` */
  missing: string;
  /** what tells these answers apart from others: their ETags when the API gives them, else a hash of them */
  version?: string;
}

/** Where `vite build` writes the server's renderer, beside the client build it matches (hidden: never served). */
export const RENDERER_FILE = path.join('.ssr', 'entry-server.js');

/** The renderer built with the front end in `dir`, if it was built with one. */
export async function loadRenderer(dir: string, log: FastifyBaseLogger): Promise<RenderPage | undefined> {
  const file = path.join(dir, RENDERER_FILE);
  if (!fs.existsSync(file)) return undefined;
  try {
    const module = (await import(pathToFileURL(file).href)) as { renderPage: RenderPage };
    return module.renderPage;
  } catch (error) {
    log.error({ err: error }, 'The page renderer could not be loaded: pages are rendered by the browser');
    return undefined;
  }
}

/** Enough for every public page and a few hundred posts and menu filters; the oldest goes first. */
const CACHED_PAGES = 500;

/**
 * Pages kept per URL and the exact API answers they were made from: a price change, a sold-out mark,
 * the shop's state turning with the hour or the day, a new post each change those answers, so the
 * next request makes the page anew. Never by time; bounded, least recently used out first.
 */
export function cachedPages<T>(make: (request: PageRequest, answers: InitialAnswers) => Promise<T>, limit = CACHED_PAGES) {
  const pages = new Map<string, Promise<T>>();
  return (request: PageRequest, answers: InitialAnswers): Promise<T> => {
    const version = answers.version ?? createHash('sha256').update(answers.data).update(answers.missing).digest('base64');
    const key = `${request.url}\n${request.consented}\n${version}`;
    const page = pages.get(key) ?? make(request, answers);
    // Most recently used last: the first key is the one to drop.
    pages.delete(key);
    if (pages.size >= limit) pages.delete(pages.keys().next().value!);
    pages.set(key, page);
    return page;
  };
}

/**
 * The page's HTML, or null when its render failed: logged (once per page and data, as the page is
 * cached), and the browser renders that page instead.
 */
export function safeRender(render: RenderPage, log: FastifyBaseLogger) {
  return ({ url, consented }: PageRequest, { data, missing }: InitialAnswers): Promise<string | null> =>
    render(url, JSON.parse(data) as Record<string, unknown>, JSON.parse(missing) as string[], consented).catch((error: unknown) => {
      log.error({ err: error, url }, 'A page failed to render on the server: the browser renders it');
      return null;
    });
}
