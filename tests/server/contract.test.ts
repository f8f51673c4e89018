import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import openapiTS, { astToString } from 'openapi-typescript';
import { CONTRACT_PATH, contractOperations } from '../../server/http/contract';
import { watchDeclaredStatuses } from './declared-statuses';
import { ApiClient, startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('the contract and the server agree', () => {
  it('every operation in openapi.yaml has a handler, and every handler an operation', () => {
    const inContract = contractOperations()
      .map((o) => o.operationId)
      .sort();
    const handled = [...server.app.contractRegistry].sort();
    expect(handled).toEqual(inContract);
    expect(inContract.length).toBeGreaterThanOrEqual(35);
  });

  it('no /api route exists outside the contract except the contract itself and its reference', () => {
    const apiRoutes = server.app.routeTable.filter((r) => r.split(' ')[1]!.startsWith('/api/'));
    const contractRoutes = new Set(contractOperations().map((o) => `${o.method} ${o.url}`));
    const extra = apiRoutes.filter((r) => !contractRoutes.has(r) && !r.includes(' /api/docs') && r !== 'GET /api/openapi.json');
    expect(apiRoutes.length).toBeGreaterThan(contractRoutes.size);
    expect(extra).toEqual([]);
  });

  it('covers every call of SPEC §7 with its exact method and path', () => {
    const ops = new Set(contractOperations().map((o) => `${o.method} ${o.path}`));
    const spec = [
      'GET /api/v1/ecommerce/cassa/init',
      'GET /api/v1/ecommerce/cassa/orders',
      'GET /api/v1/ecommerce/cassa/orders/{id}',
      'POST /api/v1/ecommerce/cassa/orders/store',
      'PUT /api/v1/ecommerce/cassa/orders/{id}/update',
      'PATCH /api/v1/ecommerce/cassa/orders/{id}',
      'PATCH /api/v1/ecommerce/cassa/orders/delivered-status/{id}',
      'POST /api/v1/ecommerce/cassa/client',
      'POST /api/v1/ecommerce/cassa/client/suggest',
      'GET /api/v1/ecommerce/cassa/pdf/orders/{id}',
      'GET /api/v1/ecommerce/webapp',
      'POST /api/v1/ecommerce/cart',
      'POST /api/v1/ecommerce/checkout',
      'GET /api/ecommerce/categories',
      'GET /api/ecommerce/products',
      'GET /api/v1/ecommerce/addresses/all',
      'DELETE /api/v1/ecommerce/addresses/delete/{id}',
      'GET /api/v1/ecommerce/webapp/timeslots',
      'GET /api/v1/ecommerce/webapp/closed',
      'GET /api/v1/ecommerce/account/orders',
      'GET /api/v1/blog/posts',
      'GET /api/v1/blog/posts/{id}',
      'POST /api/login',
      'POST /api/register',
      'POST /api/email/resend',
      'POST /api/logout',
      'GET /api/user',
      'POST /api/forgot-password',
      'POST /api/reset-password',
      'POST /api/change-password',
    ];
    expect(spec.filter((call) => !ops.has(call))).toEqual([]);
  });

  it('openapi/schema.d.ts is what openapi-typescript generates from the yaml today', async () => {
    const generated = astToString(await openapiTS(CONTRACT_PATH));
    const committed = fs.readFileSync(new URL('../../openapi/schema.d.ts', import.meta.url), 'utf8');
    const normalize = (text: string) => text.replace(/\s+/g, ' ').trim();
    expect(normalize(committed)).toContain(normalize(generated));
  });

  it('serves the contract as JSON and a browsable reference', async () => {
    const api = new ApiClient(server.baseUrl);
    const json = await api.get('/api/openapi.json');
    expect(json.status).toBe(200);
    expect(json.body.openapi).toBe('3.1.0');
    expect(Object.keys(json.body.paths)).toContain('/api/v1/ecommerce/webapp');
    const docs = await api.get('/api/docs/', { redirect: 'follow' });
    expect(docs.status).toBe(200);
    expect(String(docs.body)).toContain('swagger-ui');
  });

  it('answers unknown API paths with an Italian JSON 404', async () => {
    const response = await new ApiClient(server.baseUrl).get('/api/v1/non-esiste');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: 'Risorsa non trovata.' });
  });

  it('records a status an operation does not declare, and any 5xx, so the suite fails on it', async () => {
    const app = Fastify();
    const statuses = watchDeclaredStatuses(app);
    app.get('/api/v1/ecommerce/webapp', async (_request, reply) => reply.status(418).send({ message: 'Sono una teiera.' }));
    app.get('/api/v1/blog/posts/:id', async (request, reply) =>
      reply.status((request.params as { id: string }).id === '1' ? 404 : 500).send({ message: 'x' }),
    );
    app.get('/fuori-contratto', async (_request, reply) => reply.status(418).send());
    await app.inject({ method: 'GET', url: '/api/v1/blog/posts/1' });
    expect(statuses.undeclared()).toEqual([]);
    await app.inject({ method: 'HEAD', url: '/api/v1/ecommerce/webapp' });
    await app.inject({ method: 'GET', url: '/api/v1/blog/posts/2' });
    await app.inject({ method: 'GET', url: '/fuori-contratto' });
    expect(statuses.undeclared()).toEqual(['getPost 500', 'getWebapp 418']);
    await app.close();
  });
});

describe("Fastify's and Node's own refusals", () => {
  const api = () => new ApiClient(server.baseUrl);

  it('answers a path parameter over 100 characters with an Italian 414 JSON body', async () => {
    const response = await api().get(`/api/v1/blog/posts/${'9'.repeat(200)}`);
    expect(response.status).toBe(414);
    expect(response.body).toEqual({ message: "L'indirizzo richiesto è troppo lungo." });
  });

  it('answers a malformed URL with an Italian 400 JSON body', async () => {
    const response = await api().get('/api/v1/blog/posts/1%');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'Indirizzo della richiesta non valido.' });
  });

  it('answers a URL over 16 KB with an Italian 431 JSON body', async () => {
    const response = await api().get(`/api/v1/blog/posts?page=1&q=${'a'.repeat(17 * 1024)}`);
    expect(response.status).toBe(431);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.body).toEqual({ message: 'La richiesta è troppo grande: indirizzo o intestazioni troppo lunghi.' });
  });
});
