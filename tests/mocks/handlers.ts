import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createOpenApiHttp } from 'openapi-msw';
import type { components, paths } from '../../openapi/schema';
import { priceCartAnswer } from './cart';
import { cassaInit, phoneOrderDetail } from './cassa.fixtures';
import { posts, postPage, webapp } from './fixtures';

/** Where the app's api client points in component tests (jsdom needs absolute URLs). */
export const API_BASE_URL = 'http://localhost';

/** msw's `http`, typed from the contract: paths, params, query and response bodies are checked. */
export const http = createOpenApiHttp<paths>({ baseUrl: API_BASE_URL });

/** A 5xx the contract does not list (the client turns it into the red toast). */
export function serverError(message?: string) {
  return message === undefined ? new HttpResponse(null, { status: 500 }) : HttpResponse.json({ message }, { status: 500 });
}

/**
 * Who the mock server thinks is logged in: in the browser the session is an HttpOnly cookie the
 * page cannot see, so tests set the server's side of it here (reset after each test).
 */
export const mockSession: { user: components['schemas']['User'] | null } = { user: null };

export const handlers = [
  http.get('/api/v1/ecommerce/webapp', ({ response }) => response(200).json(webapp)),

  // The cassa's widget: its init, and the phone order of the day's list opened for editing.
  http.get('/api/v1/ecommerce/cassa/init', ({ response }) => response(200).json(cassaInit)),
  http.get('/api/v1/ecommerce/cassa/orders/{id}', ({ params, response }) =>
    Number(params.id) === phoneOrderDetail.id
      ? response(200).json({ order: phoneOrderDetail })
      : response(404).json({ code: 'not_found', message: 'Ordine non trovato.' }),
  ),

  http.post('/api/v1/ecommerce/cart', async ({ request, response }) => {
    const body = await request.json();
    return response(200).json(priceCartAnswer(body.cart, body.discount?.code, body.delivery));
  }),

  http.get('/api/user', ({ response }) =>
    mockSession.user
      ? response(200).json(mockSession.user)
      : response(401).json({ code: 'unauthenticated', message: 'Devi accedere per continuare.' }),
  ),

  http.get('/api/v1/blog/posts', ({ query, response }) => {
    const page = Math.max(1, Number.parseInt(query.get('page') ?? '1', 10) || 1);
    return response(200).json(postPage(page));
  }),

  http.get('/api/v1/blog/posts/{id}', ({ params, response }) => {
    const post = posts.find((p) => p.id === Number(params.id));
    return post ? response(200).json({ data: post }) : response(404).json({ code: 'not_found', message: 'Articolo non trovato.' });
  }),
];

export const server = setupServer(...handlers);
