import createClient, { type Middleware } from 'openapi-fetch';
import type { components, paths } from '../../openapi/schema';
import { refusalFrom } from './refusal';

export type Schemas = components['schemas'];

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const NETWORK_ERROR_MESSAGE = 'Connessione assente: controlla la rete e riprova.';

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

/** Fetches the signed XSRF-TOKEN cookie once; unsafe requests echo it in X-XSRF-TOKEN. */
let xsrfReady: Promise<void> | undefined;
function ensureXsrfCookie(baseUrl: string): Promise<void> {
  if (readCookie('XSRF-TOKEN')) return Promise.resolve();
  xsrfReady ??= fetch(`${baseUrl}/api/csrf-cookie`, { credentials: 'include' })
    .then(() => undefined)
    .finally(() => {
      xsrfReady = undefined;
    });
  return xsrfReady;
}

export interface ApiClientOptions {
  baseUrl?: string;
  /** server errors (5xx) and network failures: the app shows them as the global error toast */
  onUnexpectedError?: (message: string) => void;
  /** any call answered 401: the session cookie expired or was revoked (the session machine decides) */
  onUnauthorized?: () => void;
  fetch?: typeof fetch;
}

/**
 * The browser's API client. Its credential is the HttpOnly session cookie the server sets at login
 * (sent with `credentials: 'include'`); no script ever holds a token. Bearer tokens are for API clients.
 */
export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = options.baseUrl ?? '';
  const client = createClient<paths>({ baseUrl, credentials: 'include', fetch: options.fetch });
  const middleware: Middleware = {
    async onRequest({ request }) {
      request.headers.set('Accept', 'application/json');
      // Relative (same-origin) unsafe requests carry the anti-forgery token.
      if (UNSAFE.has(request.method) && new URL(request.url).origin === globalThis.location?.origin) {
        await ensureXsrfCookie(baseUrl);
        const xsrf = readCookie('XSRF-TOKEN');
        if (xsrf) request.headers.set('X-XSRF-TOKEN', xsrf);
      }
      return request;
    },
    async onResponse({ request, response }) {
      // GET /api/user's 401 is the session check's own answer ("not logged in"), not a session ending.
      if (response.status === 401 && new URL(request.url).pathname !== '/api/user') options.onUnauthorized?.();
      if (response.status >= 500) {
        const body: unknown = await response
          .clone()
          .json()
          .catch(() => undefined);
        options.onUnexpectedError?.(refusalFrom(body).message);
      }
      return response;
    },
    // The request never reached the server: every caller (and the toast) gets the same Italian words,
    // never the browser's "Failed to fetch".
    onError() {
      options.onUnexpectedError?.(NETWORK_ERROR_MESSAGE);
      return new Error(NETWORK_ERROR_MESSAGE);
    },
  };
  client.use(middleware);
  return client;
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** An answer the machine cannot act on (5xx, an unexpected status): it reaches the machine as an error. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    fallback: string,
  ) {
    super(refusalFrom(body, fallback).message);
    this.name = 'ApiError';
  }
}

export type FetchResult<T> = { data?: T; error?: unknown; response: Response };

/** The data of a successful answer, or an ApiError carrying the server's message. */
export function unwrap<T>(result: FetchResult<T>, fallback = 'Errore generico'): T {
  if (result.error !== undefined || result.data === undefined) throw new ApiError(result.response.status, result.error, fallback);
  return result.data;
}

/**
 * Splits an answer into data and the refusals the user can act on: a listed 4xx becomes
 * `refuse(status, body)` (typed data the machine branches on); anything else unlisted is an error.
 */
export function answer<T, R>(
  result: FetchResult<T>,
  refusals: readonly number[],
  refuse: (status: number, body: unknown) => R,
  fallback = 'Errore generico',
): T | R {
  if (result.data !== undefined && result.error === undefined) return result.data;
  if (refusals.includes(result.response.status)) return refuse(result.response.status, result.error);
  throw new ApiError(result.response.status, result.error, fallback);
}
