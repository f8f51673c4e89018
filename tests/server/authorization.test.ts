import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractOperations, loadContract, type ContractOperation } from '../../server/http/contract';
import {
  ApiClient,
  counterOrder,
  discountCodeForm,
  loggedInClient,
  productId,
  startTestServer,
  type ApiResponse,
  type TestServer,
} from './harness';
import { createPrinter, pairedAgent } from './print-helpers';

/**
 * Who may call what, for EVERY operation of openapi.yaml, and how the server answers rubbish.
 * The operation list comes from the contract, so a new endpoint is covered the day it is added.
 */

/** `admin`: a staff member who is an owner ('Titolare'); `cashier`: one who is at the cassa ('Cassa'). */
type Role = 'anonymous' | 'customer' | 'otherCustomer' | 'admin' | 'cashier';
const ROLES: Role[] = ['anonymous', 'customer', 'otherCustomer', 'admin', 'cashier'];

const UNAUTHENTICATED = 'Devi accedere per continuare.';
const STAFF_ONLY = 'Accesso riservato al personale.';
const OWNER_ONLY = 'Accesso riservato al titolare.';

const OPERATIONS = contractOperations();
const label = (op: ContractOperation) => `${op.method} ${op.path}`;
const hasBody = (op: ContractOperation) => 'body' in op.schema;
const isCassa = (op: ContractOperation) => op.tags.includes('cassa');
/** The cassa and the back office: staff only. */
const isStaffOnly = (op: ContractOperation) => isCassa(op) || op.tags.includes('admin');
/** The print agent's operations: its printer token only, no user's. */
const isPrinterOnly = (op: ContractOperation) => op.secured && op.tags.includes('print-agent');

/** Words that only show up when a framework's or parser's English message leaks through. */
const ENGLISH = /must have|should be|Unexpected token|Bad Request|\brequest\b|\bbody\b|\bmust\b|\bexpected\b/i;
const ITALIAN = /\b(il|la|non|campo|richiesta|dati|accedere|riservato|trovat[oa])\b|[àèéìòù]/i;

function expectItalianError(response: ApiResponse) {
  expect(response.headers.get('content-type') ?? '').toContain('application/json');
  expect(typeof response.body?.message).toBe('string');
  const message: string = response.body.message;
  expect(message.trim().length).toBeGreaterThan(0);
  expect(message).not.toMatch(ENGLISH);
  expect(message).toMatch(ITALIAN);
}

let server: TestServer;
let clients: Record<Role, ApiClient>;
const accounts: Partial<Record<Role, { email: string; password: string }>> = {};
const fixture = { orderId: 0, ownerAddressId: 0, postId: 0, margherita: 0, staffId: 0, zoneId: 0, printerId: 0 };
/** A print agent paired with the fixture's printer: its token only. */
let printerAgent: ApiClient;
/** Each operation's answer to the printer token, filled once in beforeAll. */
const printerAnswers = new Map<string, ApiResponse>();
/** The answer each role got from each operation, filled once in beforeAll. */
const matrix = new Map<string, Record<Role, ApiResponse>>();

/** An existing id for the operation's {id}: an order, someone's address, a blog post. */
function urlOf(op: ContractOperation, id?: number | string): string {
  if (!op.path.includes('{id}')) return op.path;
  let existing: number;
  if (op.path.startsWith('/api/v1/ecommerce/cassa/')) existing = fixture.orderId;
  else if (op.path.startsWith('/api/v1/ecommerce/addresses/')) existing = fixture.ownerAddressId;
  else if (op.path.startsWith('/api/v1/ecommerce/account/orders/')) existing = fixture.orderId;
  else if (op.path.startsWith('/api/v1/blog/')) existing = fixture.postId;
  else if (op.path.startsWith('/api/v1/admin/products/') || op.path.startsWith('/api/v1/admin/sold-out/')) existing = fixture.margherita;
  // No special day exists in the fixture: staff get a 404, never a 401/403.
  else if (op.path.startsWith('/api/v1/admin/special-days/')) existing = 1;
  else if (op.path.startsWith('/api/v1/admin/discount-codes/')) existing = 1;
  else if (op.path.startsWith('/api/v1/admin/news/')) existing = fixture.postId;
  else if (op.path.startsWith('/api/v1/admin/staff/')) existing = fixture.staffId;
  else if (op.path.startsWith('/api/v1/admin/zones/')) existing = fixture.zoneId;
  // The seed's 'Bevande': it holds products, so even staff's removal is refused.
  else if (op.path.startsWith('/api/v1/admin/categories/')) existing = 7;
  // The seed's 'Impasto integrale': products offer it, so even staff's removal is refused.
  else if (op.path.startsWith('/api/v1/admin/doughs/')) existing = 1;
  else if (op.path.startsWith('/api/v1/admin/printers/')) existing = fixture.printerId;
  // No print job exists in the fixture: the agent gets a 404, never a 401.
  else if (op.path.startsWith('/api/v1/print-agent/jobs/')) existing = 1;
  else throw new Error(`No fixture id for ${label(op)}: add one to urlOf`);
  const url = op.path.replace('{id}', String(id ?? existing));
  // A removal names the version the page showed.
  return [
    'removeAdminProduct',
    'removeSpecialDay',
    'removeAdminZone',
    'removeAdminCategory',
    'removeAdminDough',
    'removeNewsPost',
    'removeAdminPrinter',
  ].includes(op.operationId)
    ? `${url}?version=0`
    : url;
}

/** Logging out would end the shared session: that operation gets a session of its own. */
async function callerFor(role: Role, op: ContractOperation): Promise<ApiClient> {
  if (op.operationId !== 'logout' || role === 'anonymous') return clients[role];
  if (role === 'cashier') return (await loggedInClient(server, { role: 'admin', staffRole: 'cashier' })).client;
  return (await loggedInClient(server, { role: role === 'admin' ? 'admin' : 'customer' })).client;
}

async function placeOrder(client: ApiClient, address: string, margherita: number, zoneId: number) {
  const response = await client.post('/api/v1/ecommerce/checkout', {
    data: {
      tipoConsegna: 'consegna',
      addressSelector: 0,
      nomeCitofono: 'Proprietario',
      zonaConsegna: zoneId,
      indirizzo: address,
      telefono: '3331234567',
      fascia: '20:00',
    },
    cart: [{ id: margherita, qty: 1 }],
  });
  if (response.status !== 201) throw new Error(`checkout failed: ${JSON.stringify(response.body)}`);
  return response.body.order;
}

let customerOrderId = 0;
let customerAddressId = 0;

beforeAll(async () => {
  server = await startTestServer();
  const customer = await loggedInClient(server, { name: 'Anna Cliente' });
  const other = await loggedInClient(server, { name: 'Bruno Altro' });
  const admin = await loggedInClient(server, { role: 'admin', name: 'Cassiere' });
  const owner = await loggedInClient(server, { name: 'Carla Proprietaria' });
  accounts.customer = customer;
  accounts.otherCustomer = other;
  const cashier = await loggedInClient(server, { role: 'admin', staffRole: 'cashier', name: 'Cassa Banco' });
  accounts.admin = admin;
  accounts.cashier = cashier;
  clients = {
    anonymous: new ApiClient(server.baseUrl),
    customer: customer.client,
    otherCustomer: other.client,
    admin: admin.client,
    cashier: cashier.client,
  };

  const db = server.handle.db;
  const margherita = await productId(server, 'Margherita');
  fixture.margherita = margherita;
  const zoneId = (await db.selectFrom('zones').select('id').where('name', '=', 'Monteverde').executeTakeFirstOrThrow()).id;
  fixture.postId = (await db.selectFrom('blog_posts').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  fixture.staffId = admin.id;
  fixture.zoneId = zoneId;

  // A third customer's address: nobody in the matrix owns it, so nobody may delete it.
  await placeOrder(owner.client, 'Via della Proprietaria 1', margherita, zoneId);
  fixture.ownerAddressId = (await db.selectFrom('addresses').select('id').where('user_id', '=', owner.id).executeTakeFirstOrThrow()).id;

  // The customer's own order and address, for the ownership checks.
  customerOrderId = (await placeOrder(customer.client, 'Via di Anna 5', margherita, zoneId)).id;
  customerAddressId = (await db.selectFrom('addresses').select('id').where('user_id', '=', customer.id).executeTakeFirstOrThrow()).id;

  const stored = await admin.client.post('/api/v1/ecommerce/cassa/orders/store', counterOrder(margherita));
  if (stored.status !== 201) throw new Error(`cassa order failed: ${JSON.stringify(stored.body)}`);
  fixture.orderId = stored.body.order.id;

  const printer = await createPrinter(admin.client, { name: 'Cucina del controllo' });
  fixture.printerId = printer.id;
  printerAgent = new ApiClient(server.baseUrl);
  printerAgent.token = (await pairedAgent(server.baseUrl, printer.code)).token;

  for (const op of OPERATIONS) {
    const answers = {} as Record<Role, ApiResponse>;
    for (const role of ROLES) {
      const client = await callerFor(role, op);
      answers[role] = await client.request(op.method, urlOf(op), hasBody(op) ? {} : undefined);
    }
    matrix.set(op.operationId, answers);
    printerAnswers.set(op.operationId, await printerAgent.request(op.method, urlOf(op), hasBody(op) ? {} : undefined));
  }
  // The sweep gave the printer a new pairing code (revoking the agent's token) and deleted it: a new one for what follows.
  const next = await createPrinter(admin.client, { name: 'Cucina dopo il controllo' });
  fixture.printerId = next.id;
  printerAgent.token = (await pairedAgent(server.baseUrl, next.code)).token;
});
afterAll(() => server?.close());

describe('access matrix over every operation of the contract', () => {
  it('covers the whole contract, cassa included', () => {
    expect(OPERATIONS.length).toBeGreaterThanOrEqual(35);
    expect(OPERATIONS.filter(isCassa).map((o) => o.operationId)).toHaveLength(15);
  });

  it('every staff operation names the role it needs: the cassa and the sold-outs a cashier, the rest of the back office the owner', () => {
    const staffOperations = OPERATIONS.filter(
      (op) => op.path.startsWith('/api/v1/admin/') || op.path.startsWith('/api/v1/ecommerce/cassa/'),
    );
    expect(staffOperations.filter(isStaffOnly)).toEqual(staffOperations);
    for (const op of OPERATIONS) {
      const expected = !isStaffOnly(op) ? undefined : isCassa(op) || op.path.startsWith('/api/v1/admin/sold-out') ? 'cashier' : 'owner';
      expect(op.staffRole, label(op)).toBe(expected);
    }
  });

  for (const op of OPERATIONS) {
    const name = label(op);

    it(`${name}: no caller ever gets a 5xx`, () => {
      const answers = matrix.get(op.operationId)!;
      for (const role of ROLES) expect(answers[role].status, `${role} → ${answers[role].status}`).toBeLessThan(500);
    });

    if (!op.secured) {
      it(`${name}: public, never 401/403`, () => {
        const answers = matrix.get(op.operationId)!;
        for (const role of ROLES) expect([401, 403], `${role} → ${answers[role].status}`).not.toContain(answers[role].status);
      });
      continue;
    }

    it(`${name}: anonymous → 401 'Devi accedere per continuare.'`, () => {
      const anonymous = matrix.get(op.operationId)!.anonymous;
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.message).toBe(UNAUTHENTICATED);
    });

    if (isPrinterOnly(op)) {
      it(`${name}: no user's token, staff's included → 401; the printer token is let through`, () => {
        const answers = matrix.get(op.operationId)!;
        for (const role of ['customer', 'otherCustomer', 'admin'] as const) {
          expect(answers[role].status, role).toBe(401);
          expect(answers[role].body.message).toBe(UNAUTHENTICATED);
        }
        expect([401, 403]).not.toContain(printerAnswers.get(op.operationId)!.status);
      });
      continue;
    }

    it(`${name}: the printer token reaches nothing but the print agent's operations → 401`, () => {
      const answer = printerAnswers.get(op.operationId);
      if (!answer) return;
      expect(answer.status).toBe(401);
      expect(answer.body.message).toBe(UNAUTHENTICATED);
    });

    if (isStaffOnly(op)) {
      it(`${name}: customers → 403 'Accesso riservato al personale.'`, () => {
        const answers = matrix.get(op.operationId)!;
        for (const role of ['customer', 'otherCustomer'] as const) {
          expect(answers[role].status, role).toBe(403);
          expect(answers[role].body.message).toBe(STAFF_ONLY);
        }
      });
      it(`${name}: admin is let through`, () => {
        const admin = matrix.get(op.operationId)!.admin;
        expect([401, 403], `admin → ${admin.status}`).not.toContain(admin.status);
      });
      if (op.staffRole === 'owner') {
        it(`${name}: a cashier → 403 '${OWNER_ONLY}'`, () => {
          const cashier = matrix.get(op.operationId)!.cashier;
          expect(cashier.status).toBe(403);
          expect(cashier.body).toMatchObject({ code: 'forbidden', message: OWNER_ONLY });
        });
      } else {
        it(`${name}: a cashier is let through`, () => {
          const cashier = matrix.get(op.operationId)!.cashier;
          expect([401, 403], `cashier → ${cashier.status}`).not.toContain(cashier.status);
        });
      }
    } else {
      it(`${name}: every logged-in user is let through`, () => {
        const answers = matrix.get(op.operationId)!;
        for (const role of ['customer', 'otherCustomer', 'admin', 'cashier'] as const) {
          expect([401, 403], `${role} → ${answers[role].status}`).not.toContain(answers[role].status);
        }
      });
    }
  }

  it('the guard answers what a person can act on: staff-only for customers, log in for visitors', () => {
    expect(matrix.get('getCassaInit')!.customer.body.message).toBe(STAFF_ONLY);
    expect(matrix.get('getCassaOrderPdf')!.otherCustomer.status).toBe(403);
    expect(matrix.get('listCassaOrders')!.anonymous.body.message).toBe(UNAUTHENTICATED);
    expect(matrix.get('getCassaInit')!.admin.status).toBe(200);
    expect(matrix.get('streamCassaEvents')!.admin.status).toBe(200);
    expect(matrix.get('streamCassaEvents')!.admin.headers.get('content-type')).toContain('text/event-stream');
    expect(matrix.get('getCassaOrder')!.admin.body.order.id).toBe(fixture.orderId);
  });

  it("the customers' sessions survived the sweep and the owner's address is still there", async () => {
    for (const role of ['customer', 'otherCustomer', 'admin', 'cashier'] as const) {
      const me = await clients[role].get('/api/user');
      expect(me.status, role).toBe(200);
      expect(me.body.email).toBe(accounts[role]!.email);
    }
    const row = await server.handle.db.selectFrom('addresses').select('id').where('id', '=', fixture.ownerAddressId).executeTakeFirst();
    expect(row).toBeDefined();
  });
});

describe("a customer's addresses and orders are theirs alone", () => {
  it("another customer cannot delete the customer's address: 404, and it stays", async () => {
    const attempt = await clients.otherCustomer.delete(`/api/v1/ecommerce/addresses/delete/${customerAddressId}`);
    expect(attempt.status).toBe(404);
    expect(attempt.body.message).toBe('Indirizzo non trovato.');

    const mine = await clients.customer.get('/api/v1/ecommerce/addresses/all');
    expect(mine.body.addresses.map((a: any) => a.id)).toEqual([customerAddressId]);
    expect(mine.body.addresses[0]).toMatchObject({ address: 'Via di Anna 5', zone_name: 'Monteverde' });
  });

  it("another customer sees neither the customer's addresses nor their orders", async () => {
    const addresses = await clients.otherCustomer.get('/api/v1/ecommerce/addresses/all');
    expect(addresses.status).toBe(200);
    expect(addresses.body.addresses).toEqual([]);

    const theirs = await clients.otherCustomer.get('/api/v1/ecommerce/account/orders');
    expect(theirs.status).toBe(200);
    expect(theirs.body.orders.data).toEqual([]);

    const mine = await clients.customer.get('/api/v1/ecommerce/account/orders');
    expect(mine.body.orders.data.map((o: any) => o.id)).toEqual([customerOrderId]);
    expect(mine.body.orders.data[0].products[0].product.name).toBe('Margherita');
  });

  it('a customer cannot open an order through the cassa either', async () => {
    const attempt = await clients.otherCustomer.get(`/api/v1/ecommerce/cassa/orders/${customerOrderId}`);
    expect(attempt.status).toBe(403);
    const pdf = await clients.otherCustomer.get(`/api/v1/ecommerce/cassa/pdf/orders/${customerOrderId}`);
    expect(pdf.status).toBe(403);
    expect(pdf.headers.get('content-type')).not.toContain('pdf');
  });

  it('the owner can delete their own address', async () => {
    const done = await clients.customer.delete(`/api/v1/ecommerce/addresses/delete/${customerAddressId}`);
    expect(done.status).toBe(200);
    expect(done.body.message).toBe('Indirizzo eliminato.');
    expect((await clients.customer.get('/api/v1/ecommerce/addresses/all')).body.addresses).toEqual([]);
  });
});

// ── robustness: rubbish in, a 4xx with an Italian message out ────────────────

type JsonSchema = { $ref?: string; type?: string | string[]; properties?: Record<string, JsonSchema>; allOf?: JsonSchema[] };

function resolve(schema: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace('#/components/schemas/', '');
  return resolve(loadContract().components.schemas[name] as JsonSchema);
}

/** The request body schema of an operation, straight from the yaml. */
function bodySchema(op: ContractOperation): JsonSchema {
  const raw = loadContract().paths[op.path]![op.method.toLowerCase()]!.requestBody!.content['application/json']!.schema;
  return resolve(raw as JsonSchema);
}

/** A value of the wrong type for every property: an object where a scalar or array goes, text where an object goes. */
function wrongTypes(schema: JsonSchema): Record<string, unknown> {
  const properties = schema.properties ?? {};
  expect(Object.keys(properties).length).toBeGreaterThan(0);
  return Object.fromEntries(
    Object.entries(properties).map(([key, property]) => {
      const types = [resolve(property).type ?? []].flat();
      return [key, types.includes('object') ? 'testo al posto di un oggetto' : { non: 'valido' }];
    }),
  );
}

describe('every operation with a body answers rubbish with a 4xx and an Italian message', () => {
  for (const op of OPERATIONS.filter(hasBody)) {
    it(`${label(op)}: malformed JSON, a JSON array, wrong types`, async () => {
      const url = urlOf(op);
      for (const role of ['anonymous', 'admin'] as const) {
        // Past the print agent's guard is its printer token, not staff.
        const caller = role === 'admin' && isPrinterOnly(op) ? printerAgent : clients[role];
        const malformed = await caller.request(op.method, url, undefined, { raw: '{"data": {"nomeCliente": "Mario",' });
        expect(malformed.status, `${role} malformed → ${malformed.status}`).toBeGreaterThanOrEqual(400);
        expect(malformed.status).toBeLessThan(500);
        expectItalianError(malformed);

        const array = await caller.request(op.method, url, [{ id: 1 }, 'due']);
        expect(array.status, `${role} array → ${array.status}`).toBeGreaterThanOrEqual(400);
        expect(array.status).toBeLessThan(500);
        expectItalianError(array);

        const wrong = await caller.request(op.method, url, wrongTypes(bodySchema(op)));
        expect(wrong.status, `${role} wrong types → ${wrong.status}`).toBeGreaterThanOrEqual(400);
        expect(wrong.status).toBeLessThan(500);
        expectItalianError(wrong);
        if (role === 'admin') {
          // Past the guard, every property is named in Italian.
          expect(wrong.status, JSON.stringify(wrong.body)).toBe(422);
          expect(Object.keys(wrong.body.errors).sort()).toEqual(Object.keys(bodySchema(op).properties!).sort());
        }
      }
    });
  }

  it('an empty body with a JSON content type is a 4xx in Italian, not a crash', async () => {
    const response = await clients.admin.request('POST', '/api/v1/ecommerce/cassa/orders/store', undefined, { raw: '' });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expectItalianError(response);
  });

  it('nothing was stored by the sweep: one cassa order and the two checkouts, as before', async () => {
    const orders = await server.handle.db.selectFrom('orders').select(['id', 'source_id']).orderBy('id').execute();
    expect(orders.map((o) => o.source_id).sort()).toEqual([1, 1, 2]);
  });
});

describe('path ids that are not ids', () => {
  const callerPastGuard = (op: ContractOperation) => (isPrinterOnly(op) ? printerAgent : clients.admin);
  /** A body that passes validation, so that only the id can be wrong. */
  const validBody = (op: ContractOperation) => {
    if (op.method === 'PATCH') return { status: 1 };
    if (op.operationId === 'setSoldOut') return { sold_out: true, version: 0 };
    if (op.operationId === 'moveCassaOrderProgress') return { direction: 'next' };
    if (op.operationId === 'delayCassaOrder') return { minutes: 10 };
    if (op.operationId === 'releasePrintJob') return { reason: 'ECONNREFUSED' };
    if (op.operationId === 'updateAdminPrinter') return { name: 'Cucina', paper_width_mm: 80, copies: 1, auto_print: true, version: 0 };
    if (op.operationId === 'updateDiscountCode') return discountCodeForm({ code: 'PROVA-ID', label: 'Prova', active: false, version: 0 });
    if (op.operationId === 'setStaffActive') return { active: true, version: 0 };
    if (op.operationId === 'updateStaffMember') return { name: 'Prova Staff', email: 'prova.staff@pizzeria.test', version: 0 };
    if (op.operationId === 'updateAdminZone') return { name: 'Monteverde', active: true, fee: '', min_order: '', version: 0 };
    if (op.operationId === 'updateAdminCategory')
      return { name: 'Bevande', visible: true, additions_enabled: false, group: null, version: 0 };
    if (op.operationId === 'moveAdminCategory' || op.operationId === 'moveAdminDough') return { direction: 'up', version: 0 };
    if (op.operationId === 'updateAdminDough') return { name: 'Impasto integrale', price_modifier: '1,50', version: 0 };
    if (op.operationId === 'updateNewsPost') {
      return { title: 'Prova', description: '', content: '<p>Prova</p>', image_url: null, published: false, version: 0 };
    }
    if (op.operationId === 'updateAdminProduct') {
      return {
        category_id: 1,
        name: 'Margherita',
        description: '',
        price: '6,50',
        note: null,
        image_url: null,
        visible: true,
        is_upsell: false,
        allow_variants: 2,
        variant_ids: [],
        version: 0,
      };
    }
    if (op.method === 'PUT') {
      return {
        data: {
          delivery: 'ritiro',
          nomeCliente: 'Cliente al banco',
          telefono: '3339876543',
          fascia: '21:00',
          payment_type: 'Contanti',
          version: 0,
        },
        cart: [{ id: fixture.margherita, qty: 1 }],
      };
    }
    return undefined;
  };

  for (const op of OPERATIONS.filter((o) => o.path.includes('{id}'))) {
    it(`${label(op)}: 'abc', 0, -1, 1.5 and ids past 32 bits → 422; an unknown id → 404; never 5xx`, async () => {
      // 2147483648 would not fit PostgreSQL's integer column: the contract refuses it as an id.
      for (const bad of ['abc', '0', '-1', '1.5', '2147483648', '99999999999']) {
        const response = await callerPastGuard(op).request(op.method, urlOf(op, bad), validBody(op));
        expect(response.status, `${bad} → ${response.status}`).toBe(422);
        expectItalianError(response);
        expect(Object.keys(response.body.errors)).toEqual(['id']);
      }
      for (const unknownId of [987654, 2_147_483_647]) {
        const unknown = await callerPastGuard(op).request(op.method, urlOf(op, unknownId), validBody(op));
        expect(unknown.status, `${unknownId} → ${unknown.status}`).toBe(404);
        expectItalianError(unknown);
      }
    });
  }
});
