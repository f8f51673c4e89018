import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { ApiClient, freezeDate, startTestServer, type ApiResponse, type TestServer, startTwoProcesses } from './harness';

const PASSWORD = 'Forno-a-legna-42';
const THROTTLED = /^Troppi tentativi di accesso\. Riprova tra \d+ secondi\.$/;

/** A logger's stream that keeps every line. */
function logTo(lines: string[]) {
  return new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
}

const FALLBACK_WARNING = 'login limits: the database store failed, counting in this process only meanwhile';

let server: TestServer;
const serverLog: string[] = [];
let secondUrl = '';
let stopBoth: (() => Promise<void>) | undefined;

/** A second server process on the first one's database: the SQLite file, or the PostgreSQL database. */
beforeAll(async () => {
  ({ server, secondUrl, stop: stopBoth } = await startTwoProcesses({ app: { logger: { level: 'warn', stream: logTo(serverLog) } } }));
}, 60_000);
afterAll(() => stopBoth?.());

let counter = 0;
async function account(label: string, on: TestServer = server): Promise<string> {
  const email = `${label}-${++counter}@example.it`;
  await on.services.auth.createUser({ name: 'Anna', email, password: PASSWORD, role: 'customer', verified: true });
  return email;
}

const login = (baseUrl: string, email: string, password: string) => new ApiClient(baseUrl).post('/api/login', { email, password });

/** Checked: the password was compared (422, or 200 for the right one); refused: 429 with Retry-After and the Italian message. */
function tally(responses: ApiResponse[]): { checked: number; refused: number } {
  const refused = responses.filter((r) => r.status === 429);
  for (const response of refused) {
    expect(response.body.message).toMatch(THROTTLED);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  }
  return { checked: responses.filter((r) => r.status === 422).length, refused: refused.length };
}

describe('two server processes on one database share the login limits', () => {
  it('60 simultaneous wrong logins split across both check 5 passwords, exactly as one process does; the rest get 429', async () => {
    const email = await account('raffica-doppia');
    const burst = await Promise.all(
      Array.from({ length: 60 }, (_, i) => login(i % 2 ? secondUrl : server.baseUrl, email, `Sbagliata-${i}`)),
    );
    expect(tally(burst)).toEqual({ checked: 5, refused: 55 });
    // The block holds on both, even for the right password.
    for (const baseUrl of [server.baseUrl, secondUrl]) {
      const right = await login(baseUrl, email, PASSWORD);
      expect(right.status).toBe(429);
      expect(right.body.message).toMatch(THROTTLED);
    }
  });

  it('failures made on one process count on the other', async () => {
    const email = await account('alternata');
    for (let i = 0; i < 5; i++) expect((await login(i % 2 ? secondUrl : server.baseUrl, email, 'Sbagliata-1')).status).toBe(422);
    const sixth = await login(secondUrl, email, PASSWORD);
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get('retry-after')).toMatch(/^(59|60)$/);
  });

  it('a successful login on one process starts the address afresh on the other', async () => {
    const email = await account('ripresa');
    for (let i = 0; i < 4; i++) expect((await login(server.baseUrl, email, 'Sbagliata-1')).status).toBe(422);
    expect((await login(secondUrl, email, PASSWORD)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await login(server.baseUrl, email, 'Sbagliata-2')).status).toBe(422);
    expect((await login(secondUrl, email, 'Sbagliata-3')).status).toBe(429);
  });

  it('a reset e-mail asked on one process is throttled on the other', async () => {
    const email = await account('smemorata');
    expect((await new ApiClient(server.baseUrl).post('/api/forgot-password', { email })).status).toBe(200);
    const again = await new ApiClient(secondUrl).post('/api/forgot-password', { email });
    expect(again.status).toBe(429);
    expect(again.body.message).toMatch(/^Hai già richiesto un'email da poco: riprova tra (59|60) secondi\.$/);
  });

  it('keeps no e-mail or address in its table, and a count stays one row however many processes raise it', async () => {
    const email = await account('riservata');
    await Promise.all([login(server.baseUrl, email, 'Sbagliata-1'), login(secondUrl, email, 'Sbagliata-1')]);
    const rows = await server.handle.db.selectFrom('rate_limits').select(['key', 'points']).execute();
    for (const row of rows) expect(row.key).not.toMatch(/@|127\.0\.0\.1/);
    const mine = `login-free:${createHash('sha256').update(`${email}|127.0.0.1`).digest('base64url')}`;
    expect(rows.filter((row) => row.key === mine).map((row) => row.points)).toEqual([2]);
  });

  it("a back-off ends with its record's hour, to the millisecond, counted in the database", async () => {
    freezeDate();
    onTestFinished(() => void vi.useRealTimers());
    const email = await account('millesimi');
    const mine = createHash('sha256').update(`${email}|127.0.0.1`).digest('base64url');
    // Four failures whose hour ends in 1.001 s: the fifth failure's back-off is what is left of it.
    await server.handle.db
      .insertInto('rate_limits')
      .values({ key: `login-free:${mine}`, points: 4, expire: Date.now() + 1001 })
      .execute();
    expect((await login(server.baseUrl, email, 'Sbagliata-1')).status).toBe(422);
    const gate = await server.handle.db
      .selectFrom('rate_limits')
      .select('expire')
      .where('key', '=', `login-gate:${mine}`)
      .executeTakeFirstOrThrow();
    expect(gate.expire).toBe(Date.now() + 1001);
    const next = await login(server.baseUrl, email, PASSWORD);
    expect(next.status).toBe(429);
    expect(next.headers.get('retry-after')).toBe('2');

    // The hour is over: the record is forgotten, back-offs granted included (the next starts at 60 s again).
    server.clock.advance(1001);
    for (let i = 0; i < 5; i++) expect((await login(server.baseUrl, email, 'Sbagliata-2')).status).toBe(422);
    expect((await login(server.baseUrl, email, PASSWORD)).headers.get('retry-after')).toBe('60');
    expect(serverLog.join('')).not.toContain(FALLBACK_WARNING);
  });

  it('forgets counts whose window has passed', async () => {
    const now = Date.now();
    await server.handle.db
      .insertInto('rate_limits')
      .values([
        { key: 'login-free:passato', points: 3, expire: now - 1 },
        { key: 'login-free:in-corso', points: 3, expire: now + 60_000 },
      ])
      .execute();
    await server.services.limits.prune();
    const left = await server.handle.db
      .selectFrom('rate_limits')
      .select('key')
      .where('key', 'in', ['login-free:passato', 'login-free:in-corso'])
      .execute();
    expect(left.map((row) => row.key)).toEqual(['login-free:in-corso']);
  });
});

describe('when the database store of the limits fails', () => {
  let alone: TestServer;
  const logLines: string[] = [];
  beforeAll(async () => {
    alone = await startTestServer({ app: { logger: { level: 'warn', stream: logTo(logLines) } } });
  });
  afterAll(() => alone?.close());

  it('the process keeps limiting in its own memory (no 5xx, no unlimited guessing) and says so in the log', async () => {
    const email = await account('senza-tabella', alone);
    await sql`drop table rate_limits`.execute(alone.handle.db);
    const burst = await Promise.all(Array.from({ length: 40 }, (_, i) => login(alone.baseUrl, email, `Sbagliata-${i}`)));
    expect(tally(burst)).toEqual({ checked: 5, refused: 35 });
    expect(logLines.join('')).toContain(FALLBACK_WARNING);
  });
});
