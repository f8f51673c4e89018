import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, loggedInClient, productId, startTestServer, type TestServer } from './harness';

/**
 * The contract's named bounds (openapi.yaml, components/schemas): an input one past each of them is
 * refused with the Italian 422 under its field, and nothing is written.
 */
let server: TestServer;
let visitor: ApiClient;
let customer: ApiClient;
let admin: ApiClient;
let margherita: number;
let monteverde: number;

beforeAll(async () => {
  server = await startTestServer();
  visitor = new ApiClient(server.baseUrl);
  customer = (await loggedInClient(server)).client;
  admin = (await loggedInClient(server, { role: 'admin' })).client;
  margherita = await productId(server, 'Margherita');
  monteverde = (await server.handle.db.selectFrom('zones').select('id').where('name', '=', 'Monteverde').executeTakeFirstOrThrow()).id;
});
afterAll(() => server?.close());

const PHONE_MESSAGE = 'Il numero di telefono è obbligatorio e deve essere valido.';
const NUL = '\u0000';
const line = (overrides: Record<string, unknown> = {}) => ({ id: margherita, qty: 1, ...overrides });
const checkoutForm = (overrides: Record<string, unknown> = {}) => ({
  tipoConsegna: 'consegna',
  addressSelector: 0,
  nomeCitofono: 'Rossi',
  zonaConsegna: monteverde,
  indirizzo: 'Via di Donna Olimpia 10',
  telefono: '3331234567',
  fascia: '20:00',
  ...overrides,
});
const checkout = (form: Record<string, unknown> = {}, cart = [line()]) => ({ data: checkoutForm(form), cart });
const newClient = (overrides: Record<string, unknown> = {}) => ({
  name: 'Bruno Neri',
  telephone: '3331234567',
  address: 'Via Roma 1',
  cap: '00152',
  ...overrides,
});

interface Case {
  bound: string;
  who: () => ApiClient;
  method: 'POST' | 'GET';
  url: string;
  body?: () => unknown;
  headers?: Record<string, string>;
  field: string;
  message: string;
}

const CASES: Case[] = [
  {
    bound: 'PersonName (100)',
    who: () => visitor,
    method: 'POST',
    url: '/api/register',
    body: () => ({ name: 'n'.repeat(101), email: 'nuovo@example.it', password: 'Password-sicura-1' }),
    field: 'name',
    message: 'Il campo nome non può superare 100 caratteri.',
  },
  {
    bound: 'EmailAddress (255)',
    who: () => visitor,
    method: 'POST',
    url: '/api/forgot-password',
    body: () => ({ email: `${'e'.repeat(245)}@example.it` }),
    field: 'email',
    message: 'Il campo email non può superare 255 caratteri.',
  },
  {
    bound: 'Password (255)',
    who: () => visitor,
    method: 'POST',
    url: '/api/login',
    body: () => ({ email: 'nessuno@example.it', password: 'p'.repeat(256) }),
    field: 'password',
    message: 'Il campo password non può superare 255 caratteri.',
  },
  {
    bound: 'AddressLine (255)',
    who: () => admin,
    method: 'POST',
    url: '/api/v1/ecommerce/cassa/client',
    body: () => newClient({ address: 'a'.repeat(256) }),
    field: 'address',
    message: 'Il campo indirizzo non può superare 255 caratteri.',
  },
  {
    bound: 'PostalCode (10)',
    who: () => admin,
    method: 'POST',
    url: '/api/v1/ecommerce/cassa/client',
    body: () => newClient({ cap: '0'.repeat(11) }),
    field: 'cap',
    message: 'Il campo cap non può superare 10 caratteri.',
  },
  {
    bound: 'Phone (30)',
    who: () => admin,
    method: 'POST',
    url: '/api/v1/ecommerce/cassa/client',
    body: () => newClient({ telephone: '3'.repeat(31) }),
    field: 'telephone',
    message: 'Il campo telefono non può superare 30 caratteri.',
  },
  {
    bound: 'Phone (characters)',
    who: () => customer,
    method: 'POST',
    url: '/api/v1/ecommerce/checkout',
    body: () => checkout({ telefono: '333 123 456a' }),
    field: 'telefono',
    message: PHONE_MESSAGE,
  },
  {
    bound: 'DeliveryTime (HH:MM)',
    who: () => customer,
    method: 'POST',
    url: '/api/v1/ecommerce/checkout',
    body: () => checkout({ fascia: '24:00' }),
    field: 'fascia',
    message: 'Il campo orario di consegna ha un formato non valido.',
  },
  {
    bound: 'DiscountCode (50)',
    who: () => visitor,
    method: 'POST',
    url: '/api/v1/ecommerce/discount/apply',
    body: () => ({ code: 'C'.repeat(51), cart: [line()] }),
    field: 'code',
    message: 'Il campo codice sconto non può superare 50 caratteri.',
  },
  {
    bound: 'Token (200)',
    who: () => visitor,
    method: 'POST',
    url: '/api/reset-password',
    body: () => ({ token: 't'.repeat(201), email: 'a@example.it', password: 'x', password_confirmation: 'x' }),
    field: 'token',
    message: 'Il campo token non può superare 200 caratteri.',
  },
  {
    bound: 'NoteText (500)',
    who: () => customer,
    method: 'POST',
    url: '/api/v1/ecommerce/checkout',
    body: () => checkout({ note: 'n'.repeat(501) }),
    field: 'note',
    message: 'Il campo note non può superare 500 caratteri.',
  },
  {
    bound: 'LineNote (200)',
    who: () => visitor,
    method: 'POST',
    url: '/api/v1/ecommerce/cart',
    body: () => ({ cart: [line({ note: 'n'.repeat(201) })] }),
    field: 'cart.0.note',
    message: 'Il campo note non può superare 200 caratteri.',
  },
  {
    bound: 'CartLines (100)',
    who: () => customer,
    method: 'POST',
    url: '/api/v1/ecommerce/checkout',
    body: () =>
      checkout(
        {},
        Array.from({ length: 101 }, () => line()),
      ),
    field: 'cart',
    message: 'Il campo carrello non può contenere più di 100 elementi.',
  },
  {
    bound: 'Quantity (99)',
    who: () => visitor,
    method: 'POST',
    url: '/api/v1/ecommerce/cart',
    body: () => ({ cart: [line({ qty: 100 })] }),
    field: 'cart.0.qty',
    message: 'Il campo quantità è invalido.',
  },
  {
    bound: 'additions of a line (30)',
    who: () => visitor,
    method: 'POST',
    url: '/api/v1/ecommerce/cart',
    body: () => ({ cart: [line({ additions: Array.from({ length: 31 }, () => ({ id: margherita })) })] }),
    field: 'cart.0.additions',
    message: 'Il campo additions non può contenere più di 30 elementi.',
  },
  {
    bound: 'fields of a cart line (30)',
    who: () => visitor,
    method: 'POST',
    url: '/api/v1/ecommerce/cart',
    body: () => ({ cart: [line(Object.fromEntries(Array.from({ length: 29 }, (_, i) => [`extra${i}`, i])))] }),
    field: 'cart.0',
    message: 'Il campo carrello contiene troppi campi.',
  },
  {
    bound: 'RowId (2147483647)',
    who: () => admin,
    method: 'POST',
    url: '/api/v1/ecommerce/cassa/client/suggest',
    body: () => ({ id: 2_147_483_648 }),
    field: 'id',
    message: 'Il campo id è invalido.',
  },
  {
    bound: 'OptionalRowId (0)',
    who: () => customer,
    method: 'POST',
    url: '/api/v1/ecommerce/checkout',
    body: () => checkout({ zone_id: -1 }),
    field: 'zone_id',
    message: 'Il campo zona è invalido.',
  },
  {
    bound: 'PageNumber (1000)',
    who: () => visitor,
    method: 'GET',
    url: '/api/v1/blog/posts?page=1001',
    field: 'page',
    message: 'Il campo pagina è invalido.',
  },
  {
    bound: 'Idempotency-Key (100)',
    who: () => customer,
    method: 'POST',
    url: '/api/v1/ecommerce/checkout',
    body: () => checkout(),
    headers: { 'idempotency-key': 'k'.repeat(101) },
    field: 'idempotency-key',
    message: 'Il campo idempotency-key non può superare 100 caratteri.',
  },
  {
    bound: 'a field the form does not have (additionalProperties: false)',
    who: () => visitor,
    method: 'POST',
    url: '/api/register',
    body: () => ({ name: 'Nuovo', email: 'nuovo@example.it', password: 'Password-sicura-1', role_name: 'admin' }),
    field: 'role_name',
    message: 'Il campo role name non è previsto.',
  },
  {
    bound: 'no control characters in a one-line text (NUL)',
    who: () => admin,
    method: 'POST',
    url: '/api/v1/ecommerce/cassa/client',
    body: () => newClient({ name: `Bruno${NUL}Neri` }),
    field: 'name',
    message: 'Il campo nome ha un formato non valido.',
  },
  {
    bound: 'no line break in a one-line text',
    who: () => customer,
    method: 'POST',
    url: '/api/v1/ecommerce/checkout',
    body: () => checkout({ nomeCitofono: 'Rossi\nBianchi' }),
    field: 'nomeCitofono',
    message: 'Il campo nome sul citofono ha un formato non valido.',
  },
  {
    bound: 'no control characters in a note (NUL)',
    who: () => customer,
    method: 'POST',
    url: '/api/v1/ecommerce/checkout',
    body: () => checkout({ note: `suonare${NUL}` }),
    field: 'note',
    message: 'Il campo note ha un formato non valido.',
  },
  {
    bound: 'no control characters in a query (NUL)',
    who: () => visitor,
    method: 'GET',
    url: '/api/email/verify?email=a%00@example.it&token=abc',
    field: 'email',
    message: 'Il campo email ha un formato non valido.',
  },
  {
    bound: 'a finite number ("1e400" coerced to Infinity)',
    who: () => visitor,
    method: 'POST',
    url: '/api/v1/ecommerce/cart',
    body: () => ({ cart: [line({ qty: '1e400' })] }),
    field: 'cart.0.qty',
    message: 'Il campo quantità è invalido.',
  },
];

const rowCounts = async () => {
  const db = server.handle.db;
  const count = async (table: 'users' | 'orders' | 'clients' | 'user_tokens' | 'addresses') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    users: await count('users'),
    orders: await count('orders'),
    clients: await count('clients'),
    tokens: await count('user_tokens'),
    addresses: await count('addresses'),
  };
};

describe('an input one past a named bound of the contract', () => {
  it.each(CASES)('is refused with the Italian 422 under its field: $bound', async (c) => {
    const before = await rowCounts();
    const response = await c.who().request(c.method, c.url, c.body?.(), { headers: c.headers });
    expect(response.status).toBe(422);
    expect(response.body.errors[c.field]).toEqual([c.message]);
    expect(Object.values(response.body.errors).flat()).toContain(response.body.message);
    expect(await rowCounts()).toEqual(before);
  });
});

describe('an input at the bound', () => {
  it('is accepted: a 500-character note over several lines, 100 lines of 99, a 200-character line note', async () => {
    const note = `Citofono rotto,\r\n\tchiamare al ${'3'.repeat(470)}`.slice(0, 500);
    const placed = await customer.post('/api/v1/ecommerce/checkout', checkout({ note }));
    expect(placed.status).toBe(201);
    const stored = await server.handle.db
      .selectFrom('orders')
      .select('note')
      .where('id', '=', placed.body.order.id)
      .executeTakeFirstOrThrow();
    expect(stored.note).toBe(note);

    const full = await visitor.post('/api/v1/ecommerce/cart', {
      cart: Array.from({ length: 100 }, () => line({ qty: 99, note: 'n'.repeat(200) })),
    });
    expect(full.status).toBe(200);
    expect(full.body.backend.total_quantity).toBe(9900);
  });
});

describe('an input far past its bounds', () => {
  it('is refused naming at most 1000 fields, the bound of the refusal itself', async () => {
    // 3000 lines, each with two faults: with every failure reported, that would be 6000 fields.
    const response = await visitor.post('/api/v1/ecommerce/cart', { cart: Array.from({ length: 3000 }, () => ({ id: 0, qty: 0 })) });
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors)).toHaveLength(1000);
    expect(response.body.errors.cart).toEqual(['Il campo carrello non può contenere più di 100 elementi.']);
  });
});
