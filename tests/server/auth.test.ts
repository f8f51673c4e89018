import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { ApiClient, freezeDate, loggedInClient, startTestServer, type Mail, type TestServer } from './harness';
import {
  BAD_CREDENTIALS,
  CHANGED,
  EMAIL_TAKEN,
  PASSWORDS_DIFFER,
  REGISTERED,
  RESENT,
  RESET_DONE,
  RESET_INVALID,
  UNAUTHENTICATED,
  UNVERIFIED,
  WRONG_CURRENT,
  XSRF_REJECTED,
  forgotSent,
} from './texts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** The verification link's outcomes, named in the redirect (the page shows their fixed texts). */
const VERIFIED = 'verified';
const ALREADY_VERIFIED = 'already_verified';
const VERIFY_INVALID = 'invalid_link';

const PASSWORD = 'Pizza-Margherita-1';
let emailCounter = 0;
const newEmail = (label: string) => `${label}-${++emailCounter}@example.it`;

const api = () => new ApiClient(server.baseUrl);

async function usersCount(): Promise<number> {
  const row = await server.handle.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function userRow(email: string) {
  return server.handle.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

const mailsTo = async (email: string): Promise<Mail[]> => (await server.outbox.messages()).filter((m) => m.to.includes(email));

/** The one link in a mail's text, pointed at the test server instead of the public URL. */
function linkIn(mail: Mail): URL {
  const match = /http:\/\/pizzeria\.test\/\S+/.exec(mail.text);
  if (!match) throw new Error(`no link in mail: ${mail.text}`);
  return new URL(match[0]);
}

async function register(email: string, overrides: Record<string, unknown> = {}) {
  return api().post('/api/register', {
    name: 'Giulia Verdi',
    email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    ...overrides,
  });
}

/** Opens the verification link as a browser would, without following the redirect. */
async function openVerifyLink(url: URL): Promise<{ status: number; location: URL; message: string | null }> {
  const response = await api().get(url.pathname + url.search, { redirect: 'manual' });
  // Always a redirect to the message page; anything else is shown whole, so a rare failure explains itself.
  expect(response.status, `${url.search} → ${response.status} ${JSON.stringify(response.body)}`).toBe(302);
  const location = new URL(response.headers.get('location') ?? '', 'http://pizzeria.test');
  return { status: response.status, location, message: location.searchParams.get('message') };
}

/** Registers an account and confirms it through the link in its mail. */
async function verifiedAccount(label: string, password = PASSWORD): Promise<string> {
  const email = newEmail(label);
  const created = await register(email, { password, password_confirmation: password });
  expect(created.status).toBe(201);
  const opened = await openVerifyLink(linkIn((await mailsTo(email)).at(-1)!));
  expect(opened.message).toBe(VERIFIED);
  return email;
}

async function login(email: string, password: string, client = api()) {
  const response = await client.post('/api/login', { email, password });
  if (response.status === 200) client.token = response.body.token;
  return { response, client };
}

describe('registration', () => {
  it('creates an unverified customer and mails a verification link to that address', async () => {
    const email = newEmail('nuova');
    const before = await usersCount();

    const response = await register(email);

    expect(response.status).toBe(201);
    expect(response.body).toEqual({ message: REGISTERED, email, confirm_required: true });
    expect(await usersCount()).toBe(before + 1);
    const row = await userRow(email);
    expect(row).toMatchObject({ name: 'Giulia Verdi', role_name: 'customer', email_verified_at: null });
    expect(row!.password_hash).not.toContain(PASSWORD);

    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Attiva il tuo account');
    const link = linkIn(mails[0]!);
    expect(link.pathname).toBe('/api/email/verify');
    expect(link.searchParams.get('email')).toBe(email);
    expect(link.searchParams.get('token')).toMatch(/^\S{20,}$/);
  });

  it('answers missing fields with Italian field errors and writes nothing', async () => {
    const users = await usersCount();
    const mails = (await server.outbox.messages()).length;

    const absent = await api().post('/api/register', {});
    expect(absent.status).toBe(422);
    expect(absent.body.errors).toMatchObject({
      name: ['Il campo nome è obbligatorio.'],
      email: ['Il campo email è obbligatorio.'],
      password: ['Il campo password è obbligatorio.'],
    });

    const blank = await api().post('/api/register', { name: '  ', email: '', password: '' });
    expect(blank.status).toBe(422);
    expect(blank.body.message).toBe('Il campo nome è obbligatorio.');
    expect(blank.body.errors).toEqual({
      name: ['Il campo nome è obbligatorio.'],
      email: ['Il campo email è obbligatorio.'],
      password: ['Il campo password è obbligatorio.'],
    });

    expect(await usersCount()).toBe(users);
    expect(await server.outbox.messages()).toHaveLength(mails);
  });

  it('rejects a malformed e-mail, a short password and a mismatched confirmation, writing nothing', async () => {
    const users = await usersCount();
    const mails = (await server.outbox.messages()).length;

    const badEmail = await register('giulia.example.it');
    expect(badEmail.status).toBe(422);
    expect(badEmail.body.errors.email).toEqual(['Il campo email ha un formato non valido.']);

    const email = newEmail('corta');
    const short = await register(email, { password: 'Corta-1', password_confirmation: 'Corta-1' });
    expect(short.status).toBe(422);
    expect(short.body.message).toBe('Il campo password deve contenere almeno 8 caratteri.');
    expect(short.body.errors.password).toEqual(['Il campo password deve contenere almeno 8 caratteri.']);

    const differ = await register(email, { password_confirmation: `${PASSWORD}x` });
    expect(differ.status).toBe(422);
    expect(differ.body.message).toBe(PASSWORDS_DIFFER);
    expect(differ.body.errors.password).toEqual([PASSWORDS_DIFFER]);

    expect(await usersCount()).toBe(users);
    expect(await userRow(email)).toBeUndefined();
    expect(await server.outbox.messages()).toHaveLength(mails);
  });

  it('refuses an address that is already registered, whatever its capitals', async () => {
    const email = newEmail('doppia');
    expect((await register(email)).status).toBe(201);
    const users = await usersCount();
    const mails = (await server.outbox.messages()).length;

    for (const again of [email, `  ${email.toUpperCase()} `]) {
      const response = await register(again);
      expect(response.status).toBe(422);
      expect(response.body.message).toBe(EMAIL_TAKEN);
      expect(response.body.errors.email).toEqual([EMAIL_TAKEN]);
    }
    expect(await usersCount()).toBe(users);
    expect(await server.outbox.messages()).toHaveLength(mails);
  });
});

describe('e-mail verification', () => {
  it('refuses to log in before the address is confirmed, without issuing any token', async () => {
    const email = newEmail('non-verificata');
    await register(email);
    const tokensBefore = await server.handle.db.selectFrom('api_tokens').select('id').execute();

    const client = api();
    const response = await client.post('/api/login', { email, password: PASSWORD });

    expect(response.status).toBe(403);
    expect(response.body).toEqual({ code: 'email.unverified', message: UNVERIFIED, email_verified: false, email });
    expect(JSON.stringify(response.body)).not.toMatch(/token/i);
    expect(response.headers.getSetCookie().join('\n')).not.toContain('auth_token');
    expect(client.cookie('auth_token')).toBeUndefined();
    expect(await server.handle.db.selectFrom('api_tokens').select('id').execute()).toHaveLength(tokensBefore.length);
  });

  it('confirms the address from the mailed link, then says it is already confirmed', async () => {
    const email = newEmail('verifica');
    await register(email);
    const link = linkIn((await mailsTo(email))[0]!);

    const first = await openVerifyLink(link);
    expect(first.status).toBe(302);
    expect(first.location.pathname).toBe('/auth/verify-message');
    expect(first.message).toBe(VERIFIED);
    expect((await userRow(email))!.email_verified_at).not.toBeNull();

    const second = await openVerifyLink(link);
    expect(second.status).toBe(302);
    expect(second.location.pathname).toBe('/auth/verify-message');
    expect(second.message).toBe(ALREADY_VERIFIED);

    const { response } = await login(email, PASSWORD);
    expect(response.status).toBe(200);
    expect(response.body.user.email_verified).toBe(true);
  });

  it('answers a tampered link with the invalid-link message and leaves the address unconfirmed', async () => {
    const email = newEmail('manomessa');
    await register(email);
    const link = linkIn((await mailsTo(email))[0]!);
    const token = link.searchParams.get('token')!;
    link.searchParams.set('token', `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`);

    const opened = await openVerifyLink(link);
    expect(opened.status).toBe(302);
    expect(opened.location.pathname).toBe('/auth/verify-message');
    expect(opened.message).toBe(VERIFY_INVALID);
    expect((await userRow(email))!.email_verified_at).toBeNull();

    // The genuine link still works afterwards.
    link.searchParams.set('token', token);
    expect((await openVerifyLink(link)).message).toBe(VERIFIED);
  });

  it("does not confirm an address with another account's link", async () => {
    const mine = newEmail('mia');
    const theirs = newEmail('altrui');
    await register(mine);
    await register(theirs);
    const link = linkIn((await mailsTo(mine))[0]!);
    link.searchParams.set('email', theirs);

    expect((await openVerifyLink(link)).message).toBe(VERIFY_INVALID);
    expect((await userRow(theirs))!.email_verified_at).toBeNull();
    expect((await userRow(mine))!.email_verified_at).toBeNull();
  });
});

describe('login, session and logout', () => {
  it('logs in with a token and an HttpOnly auth_token cookie; /api/user never shows the password', async () => {
    const email = await verifiedAccount('accesso');
    const client = api();
    const response = await client.post('/api/login', { email, password: PASSWORD });

    expect(response.status).toBe(200);
    expect(typeof response.body.token).toBe('string');
    expect(response.body.token.length).toBeGreaterThanOrEqual(20);
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith('auth_token='));
    expect(cookie).toBeDefined();
    expect(cookie).toContain(`auth_token=${response.body.token}`);
    expect(cookie).toMatch(/;\s*HttpOnly/i);

    client.token = response.body.token;
    const me = await client.get('/api/user');
    const row = await userRow(email);
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ id: row!.id, name: 'Giulia Verdi', email, role_name: 'customer', email_verified: true });
    for (const body of [JSON.stringify(me.body), JSON.stringify(response.body)]) {
      expect(body).not.toMatch(/password/i);
      expect(body).not.toContain(row!.password_hash);
    }
  });

  it('stores only a hash of each token', async () => {
    const email = await verifiedAccount('hash');
    const { response } = await login(email, PASSWORD);
    const token: string = response.body.token;
    const user = await userRow(email);

    const rows = await server.handle.db.selectFrom('api_tokens').selectAll().execute();
    expect(rows.filter((r) => r.user_id === user!.id)).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    const links = await server.handle.db.selectFrom('user_tokens').selectAll().execute();
    expect(JSON.stringify(links)).not.toContain(token);
  });

  it('refuses a wrong password or an unknown address with the same Italian message', async () => {
    const email = await verifiedAccount('sbagliata');
    for (const attempt of [
      { email, password: 'Password-sbagliata' },
      { email: newEmail('sconosciuta'), password: PASSWORD },
    ]) {
      const client = api();
      const response = await client.post('/api/login', attempt);
      expect(response.status).toBe(422);
      expect(response.body.message).toBe(BAD_CREDENTIALS);
      expect(response.body.errors.email).toEqual([BAD_CREDENTIALS]);
      expect(response.body.token).toBeUndefined();
      expect(client.cookie('auth_token')).toBeUndefined();
    }
  });

  it('blocks logins after 5 failures, even with the right password, until a minute has passed', async () => {
    freezeDate();
    onTestFinished(() => void vi.useRealTimers());
    const email = await verifiedAccount('forza-bruta');
    for (let i = 0; i < 5; i++) {
      const failed = await api().post('/api/login', { email, password: `Sbagliata-${i}` });
      expect(failed.status).toBe(422);
    }

    const blocked = await api().post('/api/login', { email, password: PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toContain('Troppi tentativi');
    expect(blocked.body.token).toBeUndefined();

    server.clock.advance(61_000);
    const { response } = await login(email, PASSWORD);
    expect(response.status).toBe(200);
    expect(response.body.token).toEqual(expect.any(String));
  });

  it('logout revokes the token: the bearer and the cookie stop working', async () => {
    const email = await verifiedAccount('uscita');
    const { client } = await login(email, PASSWORD);
    const token = client.token!;
    const cookie = client.cookie('auth_token')!;
    expect((await client.get('/api/user')).status).toBe(200);

    const out = await client.post('/api/logout');
    expect(out.status).toBe(200);
    expect(out.body.message).toBe('Disconnessione effettuata.');
    expect(client.cookie('auth_token')).toBeUndefined();

    const withBearer = api();
    withBearer.token = token;
    const afterBearer = await withBearer.get('/api/user');
    expect(afterBearer.status).toBe(401);
    expect(afterBearer.body.message).toBe(UNAUTHENTICATED);

    const afterCookie = await api().get('/api/user', { headers: { cookie: `auth_token=${cookie}` } });
    expect(afterCookie.status).toBe(401);
  });

  it('authenticates a request that carries only the auth_token cookie', async () => {
    const email = await verifiedAccount('biscotto');
    const { client } = await login(email, PASSWORD);
    client.token = null;

    const me = await client.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(email);

    const stranger = await api().get('/api/user');
    expect(stranger.status).toBe(401);
    expect(stranger.body.message).toBe(UNAUTHENTICATED);
  });
});

describe('resending the verification e-mail', () => {
  it('sends a new working link, then throttles a second request within 60 seconds', async () => {
    const email = newEmail('reinvio');
    await register(email);
    expect(await mailsTo(email)).toHaveLength(1);

    const resent = await api().post('/api/email/resend', { email });
    expect(resent.status).toBe(200);
    expect(resent.body).toEqual({ message: RESENT });
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);

    const again = await api().post('/api/email/resend', { email });
    expect(again.status).toBe(429);
    expect(again.body.message).toEqual(expect.any(String));
    expect(await mailsTo(email)).toHaveLength(2);

    expect((await openVerifyLink(linkIn(mails[1]!))).message).toBe(VERIFIED);
  });

  it('answers an unknown address with the same message and sends nothing', async () => {
    const mails = (await server.outbox.messages()).length;
    const email = newEmail('nessuno');
    const response = await api().post('/api/email/resend', { email });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: RESENT });
    expect(await server.outbox.messages()).toHaveLength(mails);
  });
});

describe('forgotten password', () => {
  it('gives the same answer for known and unknown addresses, mailing only the known one', async () => {
    const known = await verifiedAccount('dimenticata');
    const unknown = newEmail('mai-vista');
    const mailsBefore = (await server.outbox.messages()).length;

    const forKnown = await api().post('/api/forgot-password', { email: known });
    expect(forKnown.status).toBe(200);
    expect(forKnown.body).toEqual({ message: forgotSent(known) });

    const forUnknown = await api().post('/api/forgot-password', { email: unknown });
    expect(forUnknown.status).toBe(200);
    expect(forUnknown.body).toEqual({ message: forgotSent(unknown) });

    const sent = (await server.outbox.messages()).slice(mailsBefore);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toContain(known);
    const link = linkIn(sent[0]!);
    expect(link.pathname).toBe('/auth/reset-password');
    expect(link.searchParams.get('token')).toMatch(/^\S{20,}$/);
    expect(link.searchParams.get('email')).toBe(known);
  });

  it('resets the password once with the mailed link and ends the old sessions', async () => {
    const email = await verifiedAccount('reimposta');
    const { client: oldSession } = await login(email, PASSWORD);
    await api().post('/api/forgot-password', { email });
    const link = linkIn((await mailsTo(email)).at(-1)!);
    const newPassword = 'Nuova-password-2';
    const body = {
      token: link.searchParams.get('token'),
      email: link.searchParams.get('email'),
      password: newPassword,
      password_confirmation: newPassword,
    };

    const mismatch = await api().post('/api/reset-password', { ...body, password_confirmation: 'Altra-password-3' });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors.password).toEqual([PASSWORDS_DIFFER]);

    const reset = await api().post('/api/reset-password', body);
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ message: RESET_DONE });

    expect((await login(email, newPassword)).response.status).toBe(200);
    const old = await login(email, PASSWORD);
    expect(old.response.status).toBe(422);
    expect(old.response.body.message).toBe(BAD_CREDENTIALS);
    expect((await oldSession.get('/api/user')).status).toBe(401);

    const reused = await api().post('/api/reset-password', {
      ...body,
      password: 'Terza-password-4',
      password_confirmation: 'Terza-password-4',
    });
    expect(reused.status).toBe(422);
    expect(reused.body.message).toBe(RESET_INVALID);
    expect((await login(email, 'Terza-password-4')).response.status).toBe(422);
    expect((await login(email, newPassword)).response.status).toBe(200);
  });

  it('refuses a link opened more than 60 minutes after it was sent', async () => {
    const email = await verifiedAccount('scaduto');
    await api().post('/api/forgot-password', { email });
    const link = linkIn((await mailsTo(email)).at(-1)!);

    server.clock.advance(61 * 60_000);
    const late = await api().post('/api/reset-password', {
      token: link.searchParams.get('token'),
      email,
      password: 'Troppo-tardi-5',
      password_confirmation: 'Troppo-tardi-5',
    });
    expect(late.status).toBe(422);
    expect(late.body.message).toBe(RESET_INVALID);
    expect((await login(email, 'Troppo-tardi-5')).response.status).toBe(422);
    expect((await login(email, PASSWORD)).response.status).toBe(200);
  });
});

describe('changing the password', () => {
  it('checks the current password and the confirmation, then changes it', async () => {
    const email = await verifiedAccount('cambio');
    const { client } = await login(email, PASSWORD);
    const newPassword = 'Cambiata-password-6';

    const wrong = await client.post('/api/change-password', {
      current_password: 'Non-e-questa-1',
      password: newPassword,
      password_confirmation: newPassword,
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.current_password).toEqual([WRONG_CURRENT]);

    const differ = await client.post('/api/change-password', {
      current_password: PASSWORD,
      password: newPassword,
      password_confirmation: 'Diversa-password-7',
    });
    expect(differ.status).toBe(422);
    expect(differ.body.message).toBe(PASSWORDS_DIFFER);
    expect((await login(email, newPassword)).response.status).toBe(422);

    const done = await client.post('/api/change-password', {
      current_password: PASSWORD,
      password: newPassword,
      password_confirmation: newPassword,
    });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ message: CHANGED });
    expect((await client.get('/api/user')).status).toBe(200);

    expect((await login(email, newPassword)).response.status).toBe(200);
    expect((await login(email, PASSWORD)).response.status).toBe(422);
  });

  it('is refused without a login', async () => {
    const response = await api().post('/api/change-password', {
      current_password: PASSWORD,
      password: 'Qualsiasi-password-8',
      password_confirmation: 'Qualsiasi-password-8',
    });
    expect(response.status).toBe(401);
    expect(response.body.message).toBe(UNAUTHENTICATED);
  });
});

describe('anti-forgery (XSRF)', () => {
  it('refuses an unsafe request without the X-XSRF-TOKEN header and changes nothing', async () => {
    const users = await usersCount();
    const mails = (await server.outbox.messages()).length;
    const email = newEmail('senza-xsrf');

    const client = api();
    await client.get('/api/csrf-cookie');
    expect(client.cookie('XSRF-TOKEN')).toBeDefined();
    const response = await client.post(
      '/api/register',
      { name: 'Senza Xsrf', email, password: PASSWORD, password_confirmation: PASSWORD },
      { xsrf: false },
    );
    expect(response.status).toBe(419);
    expect(response.body.message).toBe(XSRF_REJECTED);
    expect(await usersCount()).toBe(users);
    expect(await server.outbox.messages()).toHaveLength(mails);

    // The same request with the header goes through.
    expect((await register(email)).status).toBe(201);
  });

  it('does not change a password without the header, even for a logged-in user', async () => {
    const { client, email, password } = await loggedInClient(server);
    const response = await client.post(
      '/api/change-password',
      { current_password: password, password: 'Rubata-password-9', password_confirmation: 'Rubata-password-9' },
      { xsrf: false },
    );
    expect(response.status).toBe(419);
    expect(response.body.message).toBe(XSRF_REJECTED);
    expect((await login(email, password)).response.status).toBe(200);
    expect((await login(email, 'Rubata-password-9')).response.status).toBe(422);
  });

  it('refuses a cookie and header pair that the server did not sign', async () => {
    const users = await usersCount();
    const forged = 'bm9uY2UtZmFsc28.ZmlybWEtZmFsc2EtY2hlLW5vbi12YWxl';
    const response = await api().post(
      '/api/register',
      { name: 'Falsario', email: newEmail('falsa'), password: PASSWORD, password_confirmation: PASSWORD },
      { xsrf: false, headers: { cookie: `XSRF-TOKEN=${forged}`, 'x-xsrf-token': forged } },
    );
    expect(response.status).toBe(419);
    expect(response.body.message).toBe(XSRF_REJECTED);
    expect(await usersCount()).toBe(users);
  });
});

// These move the clock far ahead, so they run last.
describe('links and sessions expire', () => {
  it('a verification link older than 24 hours no longer confirms the address', async () => {
    const email = newEmail('verifica-tardiva');
    await register(email);
    const link = linkIn((await mailsTo(email))[0]!);

    server.clock.advance(25 * 60 * 60_000);
    expect((await openVerifyLink(link)).message).toBe(VERIFY_INVALID);
    expect((await userRow(email))!.email_verified_at).toBeNull();
    expect((await login(email, PASSWORD)).response.status).toBe(403);
  });

  it('a login token stops working after 30 days', async () => {
    const email = await verifiedAccount('sessione-lunga');
    const { client } = await login(email, PASSWORD);

    server.clock.advance(29 * 24 * 60 * 60_000);
    expect((await client.get('/api/user')).status).toBe(200);

    server.clock.advance(2 * 24 * 60 * 60_000);
    const expired = await client.get('/api/user');
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe(UNAUTHENTICATED);
  });
});
