import createClient, { type Middleware } from 'openapi-fetch';
import type { components, paths } from '../../openapi/schema';

export type Schemas = components['schemas'];

/** Where the bearer token comes from: the session actor's snapshot, read at request time. */
export type TokenSource = () => string | null;

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

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
  token: TokenSource;
  /** server errors (5xx) and network failures: the app shows them as the global error toast */
  onUnexpectedError?: (message: string) => void;
  fetch?: typeof fetch;
}

export function createApiClient(options: ApiClientOptions) {
  const baseUrl = options.baseUrl ?? '';
  const client = createClient<paths>({ baseUrl, credentials: 'include', fetch: options.fetch });
  const auth: Middleware = {
    async onRequest({ request }) {
      const token = options.token();
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      request.headers.set('Accept', 'application/json');
      // Relative (same-origin) unsafe requests carry the anti-forgery token.
      if (UNSAFE.has(request.method) && new URL(request.url).origin === globalThis.location?.origin) {
        await ensureXsrfCookie(baseUrl);
        const xsrf = readCookie('XSRF-TOKEN');
        if (xsrf) request.headers.set('X-XSRF-TOKEN', xsrf);
      }
      return request;
    },
    async onResponse({ response }) {
      if (response.status >= 500) {
        const body: unknown = await response
          .clone()
          .json()
          .catch(() => undefined);
        options.onUnexpectedError?.(errorMessage(body, 'Errore generico'));
      }
      return response;
    },
    onError() {
      options.onUnexpectedError?.('Connessione assente: controlla la rete e riprova.');
    },
  };
  client.use(auth);
  return client;
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The server's Italian message from an error body, or the fallback the spec names. */
export function errorMessage(error: unknown, fallback: string): string {
  const message = (error as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message ? message : fallback;
}

/** Thrown by actor implementations so machines receive the server's body as the error. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    fallback: string,
  ) {
    super(errorMessage(body, fallback));
    this.name = 'ApiError';
  }
}

/** Unwraps an openapi-fetch result: the data, or an ApiError carrying the server's message. */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }, fallback = 'Errore generico'): T {
  if (result.error !== undefined || result.data === undefined) throw new ApiError(result.response.status, result.error, fallback);
  return result.data;
}
