/**
 * Every refusal code the contract declares is sent by the server in a real scenario (real HTTP, the
 * real database), with its status and Italian message, and `refusalFrom` maps the body to that code.
 * A code declared without a scenario here fails the last test.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { RefusalCode } from '../../server/errors';
import { loadContract } from '../../server/http/contract';
import { refusalFrom } from '../../src/api/refusal';
import { ApiClient, freezeDate, loggedInClient, productId, startTestServer, type ApiResponse, type TestServer } from './harness';
import { AgentClient, createPrinter, pairedAgent } from './print-helpers';

let server: TestServer;
let customer: ApiClient;
let unverified: ApiClient;
let admin: ApiClient;
let margherita: number;
let giftCan: number;

beforeAll(async () => {
  // One pizza per slot: two in one order overbook it.
  server = await startTestServer({ settings: { slot_capacity: '1' } });
  customer = (await loggedInClient(server)).client;
  unverified = (await loggedInClient(server, { verified: false })).client;
  admin = (await loggedInClient(server, { role: 'admin' })).client;
  margherita = await productId(server, 'Margherita');
  giftCan = await productId(server, 'Lattina omaggio');
});
afterAll(() => server.close());

const anonymous = () => new ApiClient(server.baseUrl);

/** A pickup at 20:00 ordered online. */
const checkout = (client: ApiClient, qty = 1) =>
  client.post('/api/v1/ecommerce/checkout', {
    data: { tipoConsegna: 'ritiro', addressSelector: 0, nomeCliente: 'Anna Neri', telefono: '+39 333 123 4567', fascia: '20:00' },
    cart: [{ id: margherita, qty }],
  });

type CassaOrder = { id: number; version: number };

/** An edit of a cassa order, based on the version given. */
const edit = (order: CassaOrder, version = order.version) =>
  admin.put(`/api/v1/ecommerce/cassa/orders/${order.id}/update`, {
    data: { id: order.id, version, delivery: 'ritiro', nomeCliente: 'Anna Neri', fascia: '21:30', payment_type: 'Carta di credito' },
    cart: [{ id: margherita, qty: 2 }],
  });

/** A pickup order taken at the cassa (for a new client), `meanwhile` done to it, then `then` sent. */
async function cassaOrder(
  name: string,
  meanwhile: (order: CassaOrder) => Promise<unknown>,
  then: (order: CassaOrder) => Promise<ApiResponse>,
): Promise<ApiResponse> {
  const stored = await admin.post('/api/v1/ecommerce/cassa/orders/store', {
    data: { client_id: 0, delivery: 'ritiro', nomeCliente: name, telefono: '333 765 4321', fascia: '21:00', payment_type: 'Contanti' },
    cart: [{ id: margherita, qty: 1 }],
  });
  expect(stored.status).toBe(201);
  await meanwhile(stored.body.order);
  return then(stored.body.order);
}

/**
 * Sends raw bytes and reads the raw answer, for what Node's parser refuses before Fastify. `write`
 * gets the client's socket and the server's side of the same connection.
 */
function rawExchange(write: (socket: net.Socket, serverSide: Promise<net.Socket>) => void | Promise<void>): Promise<ApiResponse> {
  const { port } = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    const serverSide = new Promise<net.Socket>((accepted) => server.app.server.once('connection', accepted));
    const socket = net.connect(Number(port), '127.0.0.1');
    let raw = '';
    socket.on('data', (chunk) => (raw += chunk.toString('utf8')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const [head = '', body = ''] = raw.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
      resolve({ status, body: body ? JSON.parse(body) : undefined, headers: new Headers() });
    });
    socket.on('connect', () => void Promise.resolve(write(socket, serverSide)).catch(reject));
  });
}

interface Scenario {
  code: RefusalCode;
  what: string;
  status: number;
  message: string;
  send: () => Promise<ApiResponse>;
  /** a Retry-After the answer must carry */
  retryAfter?: string;
  /** field errors the body must name */
  fields?: string[];
}

const SCENARIOS: Scenario[] = [
  {
    code: 'validation',
    what: 'a login without a password (the contract refuses it)',
    status: 422,
    message: 'Il campo password è obbligatorio.',
    send: () => anonymous().post('/api/login', { email: 'chiunque@example.it' }),
    fields: ['password'],
  },
  {
    code: 'validation',
    what: 'a registration with an address already registered (the service refuses it)',
    status: 422,
    message: 'Questo indirizzo email è già registrato.',
    send: async () => {
      const body = {
        name: 'Anna',
        email: 'anna.doppia@example.it',
        password: 'Pizza-al-forno-2026',
        password_confirmation: 'Pizza-al-forno-2026',
      };
      expect((await anonymous().post('/api/register', body)).status).toBe(201);
      return anonymous().post('/api/register', body);
    },
    fields: ['email'],
  },
  {
    code: 'login.failed',
    what: 'a wrong password',
    status: 422,
    message: 'Credenziali non valide.',
    send: async () => {
      const { email } = await loggedInClient(server);
      return anonymous().post('/api/login', { email, password: 'Password-sbagliata-9' });
    },
    fields: ['email'],
  },
  {
    code: 'login.throttled',
    what: 'a sixth login attempt after five wrong passwords',
    status: 429,
    message: 'Troppi tentativi di accesso. Riprova tra 60 secondi.',
    retryAfter: '60',
    send: async () => {
      const { email } = await loggedInClient(server);
      for (let i = 0; i < 5; i++)
        expect((await anonymous().post('/api/login', { email, password: 'Password-sbagliata-9' })).status).toBe(422);
      return anonymous().post('/api/login', { email, password: 'Password-sbagliata-9' });
    },
  },
  {
    code: 'mail.throttled',
    what: 'a second password-reset e-mail asked within a minute',
    status: 429,
    message: "Hai già richiesto un'email da poco: riprova tra 60 secondi.",
    retryAfter: '60',
    send: async () => {
      expect((await anonymous().post('/api/forgot-password', { email: 'smemorato@example.it' })).status).toBe(200);
      return anonymous().post('/api/forgot-password', { email: 'smemorato@example.it' });
    },
  },
  {
    code: 'email.unverified',
    what: 'a login before the address is confirmed',
    status: 403,
    message: 'Devi confermare il tuo indirizzo email prima di accedere. Controlla la tua casella di posta.',
    send: async () => {
      const email = 'da.confermare@example.it';
      const password = 'Pizza-al-forno-2026';
      await server.services.auth.createUser({ name: 'Da Confermare', email, password, role: 'customer', verified: false });
      return anonymous().post('/api/login', { email, password });
    },
  },
  {
    code: 'email.unverified',
    what: 'an order from an account not yet confirmed',
    status: 403,
    message: 'Conferma il tuo indirizzo email prima di ordinare.',
    send: () => checkout(unverified),
  },
  {
    code: 'unauthenticated',
    what: 'the saved addresses without a login',
    status: 401,
    message: 'Devi accedere per continuare.',
    send: () => anonymous().get('/api/v1/ecommerce/addresses/all'),
  },
  {
    code: 'forbidden',
    what: "a customer opening the cassa's data",
    status: 403,
    message: 'Accesso riservato al personale.',
    send: () => customer.get('/api/v1/ecommerce/cassa/init'),
  },
  {
    code: 'not_found',
    what: 'a post that does not exist',
    status: 404,
    message: 'Articolo non trovato.',
    send: () => anonymous().get('/api/v1/blog/posts/999999'),
  },
  {
    code: 'not_found',
    what: 'an API path that does not exist',
    status: 404,
    message: 'Risorsa non trovata.',
    send: () => anonymous().get('/api/v1/non-esiste'),
  },
  {
    code: 'csrf',
    what: 'a write without the X-XSRF-TOKEN header',
    status: 419,
    message: 'Sessione scaduta: ricarica la pagina e riprova.',
    send: () => anonymous().post('/api/v1/ecommerce/cart', { cart: [] }, { xsrf: false }),
  },
  {
    code: 'discount.invalid',
    what: 'a discount code that does not exist',
    status: 422,
    message: 'Codice sconto non valido o non attivo.',
    send: () => anonymous().post('/api/v1/ecommerce/discount/apply', { code: 'NON-ESISTE', cart: [{ id: margherita, qty: 1 }] }),
    fields: ['code'],
  },
  {
    code: 'cart.item_unavailable',
    what: 'a customer pricing a product no longer for sale',
    status: 422,
    message: 'Un prodotto nel carrello non è più disponibile: rimuovilo e riprova.',
    send: () => anonymous().post('/api/v1/ecommerce/cart', { cart: [{ id: giftCan, qty: 1 }] }),
    fields: ['cart.0.id'],
  },
  {
    code: 'slot.full',
    what: 'two pizzas in a slot with room for one',
    status: 409,
    message: "La fascia delle 20:00 non ha più posto per il tuo ordine: scegline un'altra o chiamaci.",
    send: () => checkout(customer, 2),
    fields: ['fascia'],
  },
  {
    code: 'shop.closed',
    what: 'an order after the last slot of the day',
    status: 409,
    message: 'Per oggi gli ordini online sono chiusi. Ti aspettiamo domani dalle 18:00.',
    send: async () => {
      const now = server.clock.now().toISOString();
      server.clock.set('2026-11-18T22:00:00+01:00');
      try {
        return await checkout(customer);
      } finally {
        server.clock.set(now);
      }
    },
  },
  {
    code: 'order.stale',
    what: 'a cassa edit based on a version another desk has replaced',
    status: 409,
    message: "Questo ordine è stato modificato da un'altra cassa: ricaricalo prima di salvarlo.",
    send: () =>
      cassaOrder(
        'Anna Neri',
        async (order) => expect((await edit(order)).status).toBe(200),
        (order) => edit(order, 0),
      ),
  },
  {
    code: 'record.stale',
    what: 'a back-office toggle based on a version another page has replaced',
    status: 409,
    message: 'Qualcuno ha modificato questo elemento mentre lo stavi modificando.',
    send: async () => {
      const url = `/api/v1/admin/sold-out/${margherita}`;
      expect((await admin.post(url, { sold_out: true, version: 0 })).status).toBe(200);
      return admin.post(url, { sold_out: false, version: 0 });
    },
  },
  {
    code: 'schedule.orders_booked',
    what: 'a special day closing a day with a booked order, not yet confirmed',
    status: 409,
    message: "C'è 1 ordine per il 20/11: resta valido, avvisa il cliente.",
    send: async () => {
      await server.handle.db
        .insertInto('orders')
        .values({
          order_num: 901,
          delivery_date: '2026-11-20',
          delivery_time: '20:00',
          source_id: 1,
          status: 0,
          delivered: 0,
          delivery: 'ritiro',
          payment_type: 'Contanti',
          name: 'Prenotato',
          original_price_cents: 650,
          total_price_cents: 650,
          created_at: '2026-11-18T16:00:00.000Z',
          updated_at: '2026-11-18T16:00:00.000Z',
        })
        .execute();
      return admin.post('/api/v1/admin/special-days', {
        date_from: '2026-11-20',
        date_until: '2026-11-20',
        closed: true,
        first_slot: null,
        last_slot: null,
        message: null,
      });
    },
  },
  {
    code: 'account.disabled',
    what: 'the right password of a staff account the back office disabled',
    status: 403,
    message: 'Account disattivato.',
    send: async () => {
      const member = await loggedInClient(server, { role: 'admin', name: 'Rider Disattivato' });
      const listed = (await admin.get('/api/v1/admin/staff')).body.items.find((m: { id: number }) => m.id === member.id);
      expect((await admin.put(`/api/v1/admin/staff/${member.id}`, { active: false, version: listed.version })).status).toBe(200);
      return anonymous().post('/api/login', { email: member.email, password: member.password });
    },
  },
  {
    code: 'staff.last_admin',
    what: 'disabling the only active admin left',
    status: 409,
    message: 'Non puoi disattivare l’ultimo amministratore attivo.',
    send: async () => {
      const sole = await loggedInClient(server, { role: 'admin', name: 'Ultimo Titolare' });
      const staff = (await sole.client.get('/api/v1/admin/staff')).body.items as { id: number; version: number; active: boolean }[];
      for (const other of staff.filter((m) => m.active && m.id !== sole.id)) {
        await sole.client.put(`/api/v1/admin/staff/${other.id}`, { active: false, version: other.version });
      }
      const me = staff.find((m) => m.id === sole.id)!;
      const refused = await sole.client.put(`/api/v1/admin/staff/${sole.id}`, { active: false, version: me.version });
      // Disabling ended the other scenarios' cashier session: a new cashier takes over.
      await sole.client.put(`/api/v1/admin/staff/${sole.id}`, { active: true, version: me.version });
      admin = (await loggedInClient(server, { role: 'admin' })).client;
      return refused;
    },
  },
  {
    code: 'record.in_use',
    what: 'deleting a zone that addresses and orders name',
    status: 409,
    message: 'La zona è usata da ordini, indirizzi o clienti: puoi solo disattivarla.',
    send: async () => {
      const zones = (await admin.get('/api/v1/admin/zones')).body.items as { id: number; version: number; name: string }[];
      const monteverde = zones.find((z) => z.name === 'Monteverde')!;
      return admin.delete(`/api/v1/admin/zones/${monteverde.id}?version=${monteverde.version}`);
    },
  },
  {
    code: 'order.total_changed',
    what: 'a checkout confirming a total the order no longer has',
    status: 409,
    message: 'Il totale è cambiato: controlla il riepilogo.',
    // The Diavola: the Margherita is sold out by an earlier scenario.
    send: async () =>
      customer.post('/api/v1/ecommerce/checkout', {
        data: { tipoConsegna: 'ritiro', addressSelector: 0, nomeCliente: 'Anna Neri', telefono: '+39 333 123 4567', fascia: '20:00' },
        cart: [{ id: await productId(server, 'Diavola'), qty: 1 }],
        expected_total: 1,
      }),
  },
  {
    code: 'idempotency.mismatch',
    what: "a cassa cancel of another order under the first cancel's Idempotency-Key",
    status: 422,
    message: "Questa richiesta è già stata usata per un'altra operazione.",
    send: async () => {
      const cancel = (order: CassaOrder) =>
        admin.patch(`/api/v1/ecommerce/cassa/orders/${order.id}`, { status: 3 }, { headers: { 'idempotency-key': 'annulla-0001' } });
      const first = await cassaOrder('Primo annullo', async () => undefined, cancel);
      expect(first.status).toBe(200);
      return cassaOrder('Secondo annullo', async () => undefined, cancel);
    },
  },
  {
    code: 'order.below_minimum',
    what: "a home delivery under its zone's minimum order",
    status: 422,
    message: "L'ordine minimo per Prati è 15,00 €.",
    send: async () => {
      const prati = ((await admin.get('/api/v1/admin/zones')).body.items as { id: number; name: string; version: number }[]).find(
        (z) => z.name === 'Prati',
      )!;
      const zone = { name: 'Prati', active: true, fee: '', min_order: '15,00', version: prati.version };
      expect((await admin.put(`/api/v1/admin/zones/${prati.id}`, zone)).status).toBe(200);
      return customer.post('/api/v1/ecommerce/checkout', {
        data: {
          tipoConsegna: 'consegna',
          addressSelector: 0,
          nomeCitofono: 'Neri',
          zonaConsegna: prati.id,
          indirizzo: 'Via Cola di Rienzo 1',
          telefono: '+39 333 123 4567',
          fascia: '20:00',
        },
        cart: [{ id: await productId(server, 'Diavola'), qty: 1 }],
      });
    },
  },
  {
    code: 'order.cancelled',
    what: 'a status change of a cancelled order',
    status: 409,
    message: 'Questo ordine è stato annullato e non è modificabile.',
    send: () =>
      cassaOrder(
        'Bruno Gialli',
        (order) => admin.patch(`/api/v1/ecommerce/cassa/orders/${order.id}`, { status: 3 }),
        (order) => admin.patch(`/api/v1/ecommerce/cassa/orders/${order.id}`, { status: 1 }),
      ),
  },
  {
    code: 'order.external',
    what: "an edit of an external platform's order",
    status: 409,
    message: 'Gli ordini delle piattaforme esterne non si possono modificare.',
    send: () =>
      cassaOrder(
        'Carla Verdi',
        (order) => server.handle.db.updateTable('orders').set({ source_id: 3 }).where('id', '=', order.id).execute(),
        edit,
      ),
  },
  {
    code: 'order.progress_end',
    what: "a step back from 'Ricevuto'",
    status: 409,
    message: "L'ordine non ha un passo successivo (o precedente).",
    send: () =>
      cassaOrder(
        'Dario Blu',
        async () => undefined,
        (order) => admin.post(`/api/v1/ecommerce/cassa/orders/${order.id}/progress`, { direction: 'back' }),
      ),
  },
  {
    code: 'order.not_delayable',
    what: "a delay of a pickup already 'Pronto per il ritiro'",
    status: 409,
    message: "L'ordine è già uscito o chiuso: non si può posticipare.",
    send: () =>
      cassaOrder(
        'Elena Rosa',
        async (order) => {
          for (let i = 0; i < 2; i++) await admin.post(`/api/v1/ecommerce/cassa/orders/${order.id}/progress`, { direction: 'next' });
        },
        (order) => admin.post(`/api/v1/ecommerce/cassa/orders/${order.id}/delay`, { minutes: 10 }),
      ),
  },
  {
    code: 'order.not_followable',
    what: "a tracking link asked for the customer's own order, delivered on an earlier day",
    status: 409,
    message: 'Questo ordine è concluso: non si può più seguire.',
    send: async () => {
      const placed = await customer.post('/api/v1/ecommerce/checkout', {
        data: { tipoConsegna: 'ritiro', addressSelector: 0, nomeCliente: 'Anna Neri', telefono: '+39 333 123 4567', fascia: '19:30' },
        // The record.stale scenario leaves the Margherita sold out.
        cart: [{ id: await productId(server, 'Marinara'), qty: 1 }],
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      const id = placed.body.order.id as number;
      await server.handle.db.updateTable('orders').set({ delivery_date: '2026-11-17', delivered: 1 }).where('id', '=', id).execute();
      return customer.post(`/api/v1/ecommerce/account/orders/${id}/tracking`);
    },
  },
  {
    code: 'tracking.throttled',
    what: 'a 61st tracking request from one address within a minute',
    status: 429,
    message: 'Troppe richieste: riprova tra 60 secondi.',
    retryAfter: '60',
    send: async () => {
      for (let i = 0; i < 60; i++) expect((await anonymous().get('/api/v1/ecommerce/orders/track/sbagliato')).status).toBe(404);
      return anonymous().get('/api/v1/ecommerce/orders/track/sbagliato');
    },
  },
  {
    code: 'print.no_printer',
    what: "the cassa's print with no kitchen printer paired",
    status: 409,
    message: 'Nessuna stampante abbinata: stampa dal PDF.',
    send: () =>
      cassaOrder(
        'Pina Senza Stampante',
        async () => undefined,
        (order) => admin.post(`/api/v1/ecommerce/cassa/orders/${order.id}/print`),
      ),
  },
  {
    code: 'print.lease_lost',
    what: "an agent's 'done' for a job another claim holds now",
    status: 409,
    message: "Questo lavoro di stampa non è più tuo: un altro l'ha preso o è concluso. Non stamparlo.",
    send: async () => {
      const printer = await createPrinter(admin, { name: 'Cucina rifiuti' });
      const agent = await pairedAgent(server.baseUrl, printer.code);
      await cassaOrder(
        'Lino Lease',
        async () => undefined,
        (order) => admin.post(`/api/v1/ecommerce/cassa/orders/${order.id}/print`),
      );
      const job = (await agent.claim()).body.job;
      expect((await agent.release(job.id)).status).toBe(204);
      return agent.done(job.id);
    },
  },
  {
    code: 'pairing.throttled',
    what: 'an eleventh pairing attempt from one address within 15 minutes',
    status: 429,
    message: 'Troppi tentativi di abbinamento: riprova tra 15 minuti.',
    retryAfter: '900',
    send: async () => {
      const agent = new AgentClient(server.baseUrl);
      const pair = () => agent.request('POST', '/api/v1/print-agent/pair', { pairing_code: 'SBAG-LIAT-O000' });
      // The lease scenario paired once from this address.
      for (let i = 0; i < 9; i++) expect((await pair()).status).toBe(401);
      return pair();
    },
  },
  {
    code: 'request.malformed',
    what: 'a body that is not valid JSON',
    status: 400,
    message: 'Richiesta non valida.',
    send: () => anonymous().post('/api/v1/ecommerce/cart', undefined, { raw: '{"cart": [' }),
  },
  {
    code: 'request.malformed',
    what: 'a URL with a broken escape',
    status: 400,
    message: 'Indirizzo della richiesta non valido.',
    send: () => anonymous().get('/api/v1/blog/posts/1%'),
  },
  {
    code: 'request.malformed',
    what: 'bytes that are not HTTP (refused by Node before Fastify)',
    status: 400,
    message: 'Richiesta non valida.',
    send: () => rawExchange((socket) => void socket.write('NON SONO HTTP\r\n\r\n')),
  },
  {
    code: 'request.too_large',
    what: 'a body over 256 KB',
    status: 413,
    message: 'La richiesta è troppo grande.',
    send: () => anonymous().post('/api/v1/ecommerce/cart', { cart: [], padding: 'x'.repeat(300 * 1024) }),
  },
  {
    code: 'request.too_large',
    what: 'a path parameter over 100 characters',
    status: 414,
    message: "L'indirizzo richiesto è troppo lungo.",
    send: () => anonymous().get(`/api/v1/blog/posts/${'9'.repeat(200)}`),
  },
  {
    code: 'request.too_large',
    what: 'a URL over 16 KB (refused by Node before Fastify)',
    status: 431,
    message: 'La richiesta è troppo grande: indirizzo o intestazioni troppo lunghi.',
    send: () => anonymous().get(`/api/v1/blog/posts?page=1&q=${'a'.repeat(17 * 1024)}`),
  },
  {
    code: 'image.unsupported',
    what: 'an SVG uploaded as a product image',
    status: 422,
    message: 'Formato non supportato: usa JPG, PNG o WebP.',
    send: () =>
      admin.request('POST', '/api/v1/admin/images', undefined, {
        raw: '<svg xmlns="http://www.w3.org/2000/svg"/>',
        headers: { 'content-type': 'image/svg+xml' },
      }),
  },
  {
    code: 'request.unsupported_type',
    what: 'a body sent as XML',
    status: 415,
    message: 'Formato della richiesta non supportato: usa JSON.',
    send: () => anonymous().post('/api/v1/ecommerce/cart', undefined, { raw: '<cart/>', headers: { 'content-type': 'application/xml' } }),
  },
  {
    code: 'request.timeout',
    what: "headers that never finish (Node's timeout, raised at once on the real connection)",
    status: 408,
    message: 'La richiesta ha impiegato troppo tempo: riprova.',
    send: () =>
      rawExchange(async (socket, serverSide) => {
        // Node raises this after 60 s of unfinished headers; the test raises Node's own error on the
        // server's side of this very connection instead of waiting.
        socket.write('GET /api/v1/blog/posts HTTP/1.1\r\nHost: pizzeria.test\r\n');
        const timeout = Object.assign(new Error('Request timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' });
        server.app.server.emit('clientError', timeout, await serverSide);
      }),
  },
];

describe('every refusal carries its code', () => {
  it.each(SCENARIOS.map((s) => [`${s.code}: ${s.what}`, s] as const))('%s', async (_name, scenario) => {
    // A wait is told to the second: the limits' clock stands still while the request runs.
    if (scenario.retryAfter) {
      freezeDate();
      onTestFinished(() => void vi.useRealTimers());
    }
    const response = await scenario.send();
    expect(response.status, JSON.stringify(response.body)).toBe(scenario.status);
    expect(response.body).toMatchObject({ code: scenario.code, message: scenario.message });
    if (scenario.retryAfter) expect(response.headers.get('retry-after')).toBe(scenario.retryAfter);
    const refusal = refusalFrom(response.body);
    expect(refusal).toEqual({ code: scenario.code, message: scenario.message, errors: response.body.errors ?? {} });
    expect(Object.keys(refusal.errors)).toEqual(scenario.fields ?? []);
  });

  it('exercises exactly the codes openapi.yaml declares', () => {
    const declared = (loadContract().components.schemas.RefusalCode as { enum: string[] }).enum;
    expect([...new Set(SCENARIOS.map((s) => s.code))].sort()).toEqual([...declared].sort());
  });
});
