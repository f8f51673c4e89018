import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../../server/auth/passwords';
import { parseTrustProxy } from '../../server/config';
import { ApiClient, freezeDate, loggedInClient, startTestServer, type TestServer } from './harness';
import { BAD_CREDENTIALS, EMAIL_TAKEN, IS_EMAIL, TOO_EASY, TOO_SHORT, XSRF_REJECTED } from './texts';

const PASSWORD = 'Forno-a-legna-42';

let server: TestServer;
/** Every line the app logged, as JSON text. */
const logLines: string[] = [];

// The back-offs are waited out by advancing the test server's clock, which moves the limits' Date too.
beforeAll(freezeDate);
afterAll(() => void vi.useRealTimers());

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  server = await startTestServer({ app: { logger: { level: 'info', stream } } });
});
afterAll(() => server?.close());

let counter = 0;
const newEmail = (label: string) => `${label}-${++counter}@example.it`;
const api = () => new ApiClient(server.baseUrl);

async function account(label: string, role: 'admin' | 'customer' = 'customer'): Promise<string> {
  const email = newEmail(label);
  await server.services.auth.createUser({ name: 'Anna', email, password: PASSWORD, role, verified: true });
  return email;
}

describe('login attempts are counted before the password is hashed', () => {
  it('a burst of 40 parallel wrong logins checks at most 5 passwords; the rest get 429 with Retry-After', async () => {
    const email = await account('raffica');
    const burst = await Promise.all(Array.from({ length: 40 }, (_, i) => api().post('/api/login', { email, password: `Sbagliata-${i}` })));
    const checked = burst.filter((r) => r.status === 422);
    const refused = burst.filter((r) => r.status === 429);
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(checked.length + refused.length).toBe(40);
    for (const response of refused) {
      expect(response.body.message).toMatch(/^Troppi tentativi di accesso\. Riprova tra \d+ secondi\.$/);
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // Even the right password waits for the back-off.
    const right = await api().post('/api/login', { email, password: PASSWORD });
    expect(right.status).toBe(429);
  });

  it('the back-off grows with each failure after the block', async () => {
    const email = await account('attesa');
    for (let i = 0; i < 5; i++) expect((await api().post('/api/login', { email, password: 'Sbagliata-1' })).status).toBe(422);
    const first = await api().post('/api/login', { email, password: PASSWORD });
    expect(first.status).toBe(429);
    expect(Number(first.headers.get('retry-after'))).toBe(60);

    server.clock.advance(61_000);
    expect((await api().post('/api/login', { email, password: 'Sbagliata-2' })).status).toBe(422);
    const second = await api().post('/api/login', { email, password: PASSWORD });
    expect(second.status).toBe(429);
    expect(Number(second.headers.get('retry-after'))).toBe(120);
    expect(second.body.message).toBe('Troppi tentativi di accesso. Riprova tra 2 minuti.');

    server.clock.advance(121_000);
    expect((await api().post('/api/login', { email, password: PASSWORD })).status).toBe(200);
  });

  it('a client cannot pick its own address with X-Forwarded-For when no proxy is trusted', async () => {
    const email = await account('finto-proxy');
    for (let i = 0; i < 6; i++) {
      const response = await api().post(
        '/api/login',
        { email, password: 'Sbagliata-1' },
        { headers: { 'x-forwarded-for': `203.0.113.${i}` } },
      );
      expect(response.status).toBe(i < 5 ? 422 : 429);
    }
  });
});

describe('behind a trusted proxy', () => {
  let proxied: TestServer;
  beforeAll(async () => {
    proxied = await startTestServer({ app: { trustProxy: ['127.0.0.1'] } });
  });
  afterAll(() => proxied?.close());

  const from = (address: string, email: string, password: string) =>
    new ApiClient(proxied.baseUrl).post('/api/login', { email, password }, { headers: { 'x-forwarded-for': address } });

  it('counts per address, with a ceiling of 100 failures an hour per account across addresses', async () => {
    const email = newEmail('molti-indirizzi');
    await proxied.services.auth.createUser({ name: 'Anna', email, password: PASSWORD, role: 'customer', verified: true });
    for (let address = 0; address < 20; address++) {
      const attempts = await Promise.all(Array.from({ length: 5 }, () => from(`198.51.100.${address}`, email, 'Sbagliata-1')));
      expect(attempts.map((r) => r.status)).toEqual([422, 422, 422, 422, 422]);
    }
    const fresh = await from('198.51.100.200', email, PASSWORD);
    expect(fresh.status).toBe(429);
    expect(Number(fresh.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(fresh.body.message).toMatch(/^Troppi tentativi di accesso\. Riprova tra \d+ minuti\.$/);

    proxied.clock.advance(61 * 60_000);
    expect((await from('198.51.100.200', email, PASSWORD)).status).toBe(200);
  });

  it('sets Secure cookies when the trusted proxy says the request came over https, not when a client says so', async () => {
    const email = newEmail('https');
    await proxied.services.auth.createUser({ name: 'Anna', email, password: PASSWORD, role: 'customer', verified: true });
    const secure = await new ApiClient(proxied.baseUrl).post(
      '/api/login',
      { email, password: PASSWORD },
      { headers: { 'x-forwarded-proto': 'https' } },
    );
    expect(secure.status).toBe(200);
    expect(secure.headers.getSetCookie().every((c) => /; Secure/i.test(c))).toBe(true);

    const direct = await api().post(
      '/api/login',
      { email: await account('non-https'), password: PASSWORD },
      { headers: { 'x-forwarded-proto': 'https' } },
    );
    expect(direct.status).toBe(200);
    expect(direct.headers.getSetCookie().some((c) => /; Secure/i.test(c))).toBe(false);
  });
});

describe('TRUST_PROXY', () => {
  it('accepts addresses and CIDRs only, never "trust everyone"', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8,::1')).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
    for (const bad of ['true', '*', '1', 'loopback', '10.0.0.0/33', 'proxy.local']) {
      expect(() => parseTrustProxy(bad)).toThrow(/TRUST_PROXY/);
    }
  });
});

describe('one password rule', () => {
  const register = (email: string, password: string) =>
    api().post('/api/register', { name: 'Marta', email, password, password_confirmation: password });

  it('refuses at registration the common, the repeated, the short and the e-mail itself, under the password field', async () => {
    const email = newEmail('marta-rossi');
    const cases: [string, string][] = [
      ['12345678', TOO_EASY],
      ['password', TOO_EASY],
      ['Password1', TOO_EASY],
      ['aaaaaaaa', TOO_EASY],
      ['        ', TOO_EASY],
      ['pizza', TOO_SHORT],
      [email.toUpperCase(), IS_EMAIL],
      [email.split('@')[0]!, IS_EMAIL],
    ];
    for (const [password, message] of cases) {
      const response = await register(email, password);
      expect(response.status, password).toBe(422);
      expect(response.body.errors.password, password).toEqual([message]);
    }
    expect((await register(email, PASSWORD)).status).toBe(201);
  });

  it('applies to a password change and a reset too', async () => {
    const { client, email, password } = await loggedInClient(server);
    const change = await client.post('/api/change-password', {
      current_password: password,
      password: 'qwertyuiop',
      password_confirmation: 'qwertyuiop',
    });
    expect(change.status).toBe(422);
    expect(change.body.errors.password).toEqual([TOO_EASY]);

    const reset = await api().post('/api/reset-password', { token: 'x'.repeat(43), email, password: email, password_confirmation: email });
    expect(reset.status).toBe(422);
    expect(reset.body.errors.password).toEqual([IS_EMAIL]);
  });

  it('upgrades a hash made with older parameters at the next successful login', async () => {
    const email = newEmail('vecchio-hash');
    const old = await hashPassword(PASSWORD, 2 ** 11);
    await server.handle.db
      .insertInto('users')
      .values({
        name: 'Vecchio',
        email,
        password_hash: old,
        role_name: 'customer',
        email_verified_at: '2026-01-01T00:00:00.000Z',
        created_at: '2026-01-01T00:00:00.000Z',
      })
      .execute();
    expect((await api().post('/api/login', { email, password: PASSWORD })).status).toBe(200);
    const stored = await server.handle.db.selectFrom('users').select('password_hash').where('email', '=', email).executeTakeFirstOrThrow();
    expect(stored.password_hash).not.toBe(old);
    expect(stored.password_hash.startsWith(`scrypt$${process.env.SCRYPT_COST}$8$1$`)).toBe(true);
    expect((await api().post('/api/login', { email, password: PASSWORD })).status).toBe(200);
  });
});

/** POST /cart with a chosen XSRF token (cookie and header) and bearer token. */
const cartWith = (xsrf: string, bearer: string | null) =>
  fetch(`${server.baseUrl}/api/v1/ecommerce/cart`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: `XSRF-TOKEN=${xsrf}`,
      'x-xsrf-token': xsrf,
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
    },
    body: JSON.stringify({ cart: [] }),
  });

describe('sessions', () => {
  it('a staff session ends after 12 hours, a customer session does not', async () => {
    const staff = new ApiClient(server.baseUrl);
    const staffLogin = await staff.post('/api/login', { email: await account('cassiere', 'admin'), password: PASSWORD });
    staff.token = staffLogin.body.token;
    expect(staffLogin.headers.getSetCookie().find((c) => c.startsWith('auth_token='))).toMatch(/Max-Age=43200/);
    const customer = await loggedInClient(server);

    server.clock.advance(11 * 60 * 60_000);
    expect((await staff.get('/api/v1/ecommerce/cassa/init')).status).toBe(200);
    server.clock.advance(61 * 60_000);
    expect((await staff.get('/api/v1/ecommerce/cassa/init')).status).toBe(401);
    expect((await customer.client.get('/api/user')).status).toBe(200);
  });

  it('login and logout hand over a fresh XSRF token bound to the new session; an old one is refused', async () => {
    const email = await account('xsrf');
    const client = api();
    await client.get('/api/csrf-cookie');
    const anonymous = client.cookie('XSRF-TOKEN')!;
    // An anonymous visitor's token works for anonymous calls.
    expect((await client.post('/api/v1/ecommerce/cart', { cart: [] })).status).toBe(200);

    const login = await client.post('/api/login', { email, password: PASSWORD });
    expect(login.status).toBe(200);
    client.token = login.body.token;
    const session = client.cookie('XSRF-TOKEN')!;
    expect(session).not.toBe(anonymous);
    // No extra round trip: the token from the login answer works at once.
    expect((await client.delete('/api/v1/ecommerce/addresses/delete/999999')).status).toBe(404);

    const stale = await cartWith(anonymous, client.token);
    expect(stale.status).toBe(419);
    expect(((await stale.json()) as { message: string }).message).toBe(XSRF_REJECTED);
    expect((await cartWith(session, client.token)).status).toBe(200);

    // Another session cannot use this session's token.
    const other = await loggedInClient(server);
    expect((await cartWith(session, other.client.token)).status).toBe(419);

    const logout = await client.post('/api/logout');
    expect(logout.status).toBe(200);
    client.token = null;
    const afterLogout = client.cookie('XSRF-TOKEN')!;
    expect(afterLogout).not.toBe(session);
    expect((await client.post('/api/v1/ecommerce/cart', { cart: [] })).status).toBe(200);
    // GET /api/csrf-cookie keeps a token that is still good for the session.
    await client.get('/api/csrf-cookie');
    expect(client.cookie('XSRF-TOKEN')).toBe(afterLogout);
  });
});

describe('registering the same address twice at once', () => {
  it('creates one account; every other request gets the 422 "già registrato" message, never a 500', async () => {
    const email = newEmail('doppia');
    const attempts = await Promise.all(
      Array.from({ length: 8 }, () =>
        api().post('/api/register', { name: 'Doppia', email, password: PASSWORD, password_confirmation: PASSWORD }),
      ),
    );
    expect(attempts.filter((r) => r.status === 201)).toHaveLength(1);
    const refused = attempts.filter((r) => r.status !== 201);
    expect(refused.map((r) => r.status)).toEqual(refused.map(() => 422));
    for (const r of refused) expect(r.body.errors.email).toEqual([EMAIL_TAKEN]);
    const rows = await server.handle.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(rows).toHaveLength(1);
  });
});

describe('the request log', () => {
  it('never shows the token or the e-mail of a verification link', async () => {
    const secret = 'SEGRETO-del-link-0123456789';
    await api().get(`/api/email/verify?email=mario%40example.it&token=${secret}`);
    await api().get(`/auth/reset-password?token=${secret}&email=mario%40example.it`);
    const log = logLines.join('');
    expect(log).toContain('/api/email/verify?email=[redacted]&token=[redacted]');
    expect(log).not.toContain(secret);
    expect(log).not.toContain('mario%40example.it');
    expect(log).not.toContain(BAD_CREDENTIALS);
  });
});
