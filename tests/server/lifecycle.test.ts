import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../server/clock';
import { readShutdown } from '../../server/config';
import { openDatabase, type DatabaseHandle } from '../../server/db/database';
import { migrate, takeStartupLock } from '../../server/db/migrations';
import { isSeeded, seedCatalog } from '../../server/db/seed';
import { seedData } from '../../server/db/seed-data';
import { registerContractSchemas } from '../../server/http/contract';
import { Lifecycle, READINESS_DB_TIMEOUT_MS, registerHealth } from '../../server/lifecycle';
import { ApiClient, ENGINE, freshDatabase, openEventStream, startTestServer, TEST_NOW, type TestServer } from './harness';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ADMIN_EMAIL = 'cassa@pizzeria.test';
const ADMIN_PASSWORD = 'Forno-a-legna-1978';

describe('the probes of one process', () => {
  const lines: string[] = [];
  const lifecycle = new Lifecycle('ready');
  let server: TestServer;
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    server = await startTestServer({ app: { lifecycle, logger: { level: 'info', stream } } });
  });
  afterAll(() => server.close());

  it('livez and readyz answer 200 with small JSON, never cached, no cookie, out of the access log', async () => {
    const api = new ApiClient(server.baseUrl);
    const live = await api.get('/livez');
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ status: 'live' });
    const ready = await api.get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready' });
    for (const answer of [live, ready]) {
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.headers.getSetCookie()).toEqual([]);
    }
    await api.get('/api/v1/ecommerce/webapp');
    const logged = lines.join('');
    expect(logged).toContain('/api/v1/ecommerce/webapp');
    expect(logged).not.toContain('/livez');
    expect(logged).not.toContain('/readyz');
  });

  it('readyz answers 503 while starting and while draining; livez stays 200', async () => {
    const api = new ApiClient(server.baseUrl);
    try {
      for (const phase of ['starting', 'draining'] as const) {
        lifecycle.phase = phase;
        const ready = await api.get('/readyz');
        expect(ready.status).toBe(503);
        expect(ready.body).toEqual({ status: phase });
        expect(ready.headers.get('cache-control')).toBe('no-store');
        expect((await api.get('/livez')).status).toBe(200);
      }
    } finally {
      lifecycle.phase = 'ready';
    }
    expect((await api.get('/readyz')).status).toBe(200);
  });
});

describe('SHUTDOWN_DRAIN_MS and SHUTDOWN_TIMEOUT_MS', () => {
  it('default to 3 s and 10 s, take whole milliseconds, and refuse a timeout no longer than the drain', () => {
    expect(readShutdown({})).toEqual({ shutdownDrainMs: 3000, shutdownTimeoutMs: 10_000 });
    expect(readShutdown({ SHUTDOWN_DRAIN_MS: '0', SHUTDOWN_TIMEOUT_MS: '2500' })).toEqual({ shutdownDrainMs: 0, shutdownTimeoutMs: 2500 });
    for (const bad of ['abc', '-1', '1.5', '2s']) {
      expect(() => readShutdown({ SHUTDOWN_DRAIN_MS: bad })).toThrow(/SHUTDOWN_DRAIN_MS/);
    }
    expect(() => readShutdown({ SHUTDOWN_DRAIN_MS: '10000' })).toThrow(/must be longer than SHUTDOWN_DRAIN_MS/);
  });
});

describe('readyz when the database does not answer', () => {
  it('a PostgreSQL that accepts the connection and never replies: 503 after the short timeout, livez still 200', async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const handle = openDatabase(`postgres://pizzeria@127.0.0.1:${port}/pizzeria`);
    const app = Fastify();
    app.decorate('contractRegistry', new Set<string>());
    registerContractSchemas(app);
    registerHealth(app, { db: handle.db, lifecycle: new Lifecycle('ready') });
    try {
      const started = Date.now();
      const ready = await app.inject('/readyz');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'database_unavailable' });
      expect(Date.now() - started).toBeGreaterThanOrEqual(READINESS_DB_TIMEOUT_MS - 50);
      expect(Date.now() - started).toBeLessThan(READINESS_DB_TIMEOUT_MS + 1500);
      expect((await app.inject('/livez')).statusCode).toBe(200);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
      await app.close();
      await handle.close();
    }
  });
});

// ── Real server processes (server/main.ts, as `npm start` runs it) ──────────────────────────────

interface MainProcess {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
  exited: Promise<{ code: number | null; at: number }>;
}

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const folders: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

/** server/main.ts on `database`, with the shutdown delays given; resolves once it has started listening. */
async function startMain(database: string, env: Record<string, string> = {}): Promise<MainProcess> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pizzeria-main-'));
  folders.push(dir);
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: database,
      PORT: String(port),
      HOST: '127.0.0.1',
      SKIP_FRONTEND_BUILD: '1',
      FRONTEND_DIR: path.join(dir, 'dist'),
      OUTBOX_DIR: path.join(dir, 'outbox'),
      MEDIA_DIR: path.join(dir, 'media'),
      PIZZERIA_NOW: TEST_NOW,
      ADMIN_EMAIL,
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  child.stdout!.on('data', (chunk: Buffer) => (output += String(chunk)));
  child.stderr!.on('data', (chunk: Buffer) => (output += String(chunk)));
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.once('exit', (code) => resolve({ code, at: Date.now() })),
  );
  await new Promise<void>((resolve, reject) => {
    const check = setInterval(() => {
      if (output.includes('Pizzeria on')) {
        clearInterval(check);
        resolve();
      }
    }, 50);
    void exited.then(({ code }) => {
      clearInterval(check);
      reject(new Error(`server/main.ts exited ${code} while starting:\n${output}`));
    });
  });
  return { child, baseUrl: `http://127.0.0.1:${port}`, output: () => output, exited };
}

/** A cart price request whose body arrives in two halves: in flight from its headers until `finish()`. */
function slowCartRequest(baseUrl: string, xsrf: string, margherita: number) {
  const body = JSON.stringify({ cart: [{ id: margherita, qty: 2 }] });
  const request = http.request(`${baseUrl}/api/v1/ecommerce/cart`, {
    method: 'POST',
    agent: false,
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      cookie: `XSRF-TOKEN=${xsrf}`,
      'x-xsrf-token': xsrf,
    },
  });
  const answer = new Promise<{ status: number; body: any }>((resolve, reject) => {
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += String(chunk)));
      response.on('end', () => resolve({ status: response.statusCode!, body: JSON.parse(text) }));
    });
    request.on('error', reject);
  });
  request.write(body.slice(0, 10));
  request.flushHeaders();
  return { answer, finish: () => request.end(body.slice(10)) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a server process sent SIGTERM', () => {
  let database: { handle: DatabaseHandle; drop: () => Promise<void> };
  let url: string;
  /** A database already migrated and seeded by a first process, so the others start quickly. */
  beforeAll(async () => {
    database = await freshDatabase();
    url = database.handle.file ?? database.handle.postgresUrl!;
    const first = await startMain(url, { ADMIN_PASSWORD, SHUTDOWN_DRAIN_MS: '0' });
    first.child.kill('SIGTERM');
    expect((await first.exited).code).toBe(0);
  }, 120_000);
  afterAll(async () => {
    await database.handle.close();
    await database.drop();
  });

  const margheritaId = async () =>
    (await database.handle.db.selectFrom('products').select('id').where('name', '=', 'Margherita').executeTakeFirstOrThrow()).id;
  const xsrfOf = async (api: ApiClient) => {
    await api.get('/api/csrf-cookie');
    return api.cookie('XSRF-TOKEN')!;
  };

  it('turns unready at once, serves through the drain, finishes the request in flight, ends the cassa stream, exits 0', async () => {
    const main = await startMain(url, { SHUTDOWN_DRAIN_MS: '1500', SHUTDOWN_TIMEOUT_MS: '10000' });
    const api = new ApiClient(main.baseUrl);
    expect((await api.get('/readyz')).body).toEqual({ status: 'ready' });
    const staff = new ApiClient(main.baseUrl);
    const login = await staff.post('/api/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(login.status).toBe(200);
    const stream = await openEventStream(main.baseUrl, login.body.token);
    expect(stream.status).toBe(200);
    const margherita = await margheritaId();
    const inFlight = slowCartRequest(main.baseUrl, await xsrfOf(api), margherita);
    await sleep(100);

    const signalledAt = Date.now();
    main.child.kill('SIGTERM');
    await expect.poll(async () => (await api.get('/readyz')).body, { interval: 50, timeout: 1000 }).toEqual({ status: 'draining' });
    // During the drain a new request is still served, and told to close its connection.
    const during = await api.get('/api/v1/ecommerce/webapp');
    expect(during.status).toBe(200);
    expect(during.headers.get('connection')).toBe('close');
    const streamEnded = stream.ended(10_000);

    await sleep(2000);
    // Past the drain: the stream was closed by the server; the request in flight still gets its answer.
    expect(await streamEnded).toBe(true);
    inFlight.finish();
    const answer = await inFlight.answer;
    expect(answer.status).toBe(200);
    expect(answer.body.backend.total_price).toBe(13);

    const { code, at } = await main.exited;
    expect(code).toBe(0);
    expect(at - signalledAt).toBeGreaterThanOrEqual(1500);
    expect(at - signalledAt).toBeLessThan(10_000);
    const log = main.output();
    for (const phase of ['shutdown: SIGTERM, unready', 'shutdown: no new connections', 'shutdown: requests finished', 'shutdown: done']) {
      expect(log).toContain(phase);
    }
    await expect(fetch(`${main.baseUrl}/livez`)).rejects.toThrow();
  }, 60_000);

  it('a second signal exits at once, without waiting for the drain', async () => {
    const main = await startMain(url, { SHUTDOWN_DRAIN_MS: '20000', SHUTDOWN_TIMEOUT_MS: '30000' });
    const api = new ApiClient(main.baseUrl);
    main.child.kill('SIGTERM');
    await expect.poll(async () => (await api.get('/readyz')).status, { interval: 50, timeout: 1000 }).toBe(503);
    const secondAt = Date.now();
    main.child.kill('SIGINT');
    const { code, at } = await main.exited;
    expect(code).toBe(1);
    expect(at - secondAt).toBeLessThan(1000);
    expect(main.output()).toContain('shutdown: second SIGINT, exiting now');
  }, 60_000);

  it('a request that never ends does not hold the process past the timeout: it exits 1', async () => {
    const main = await startMain(url, { SHUTDOWN_DRAIN_MS: '100', SHUTDOWN_TIMEOUT_MS: '1500' });
    const api = new ApiClient(main.baseUrl);
    const margherita = await margheritaId();
    const stuck = slowCartRequest(main.baseUrl, await xsrfOf(api), margherita);
    stuck.answer.catch(() => undefined);
    await sleep(100);
    const signalledAt = Date.now();
    main.child.kill('SIGTERM');
    const { code, at } = await main.exited;
    expect(code).toBe(1);
    expect(at - signalledAt).toBeGreaterThanOrEqual(1400);
    expect(at - signalledAt).toBeLessThan(4000);
    expect(main.output()).toContain('shutdown: not done within 1500 ms, exiting');
  }, 60_000);
});

describe.skipIf(ENGINE !== 'postgres')('three processes starting together on one fresh PostgreSQL database', () => {
  it('three start-ups on connections of their own at the same instant: they take turns, one migrates and seeds', async () => {
    const database = await freshDatabase();
    const url = database.handle.postgresUrl!;
    const handles = [0, 1, 2].map(() => openDatabase(url));
    let waited = 0;
    let seeded = 0;
    try {
      await Promise.all(
        handles.map(async (handle) => {
          const lock = await takeStartupLock(url, () => (waited += 1));
          try {
            await migrate(handle.db, handle.dialect);
            if (!(await isSeeded(handle.db))) {
              await seedCatalog(handle.db, fixedClock(TEST_NOW));
              seeded += 1;
            }
          } finally {
            await lock.release();
          }
        }),
      );
      expect(waited).toBeGreaterThanOrEqual(1);
      expect(seeded).toBe(1);
      const categories = await database.handle.db.selectFrom('categories').select('name').execute();
      expect(categories).toHaveLength(seedData.categories.length);
      const migrations = await sql<{ n: number }>`select count(*) as n from kysely_migration`.execute(database.handle.db);
      const applied = await sql<{ n: number }>`select count(distinct name) as n from kysely_migration`.execute(database.handle.db);
      expect(migrations.rows[0]!.n).toBe(applied.rows[0]!.n);
    } finally {
      for (const handle of handles) await handle.close();
      await database.handle.close();
      await database.drop();
    }
  }, 60_000);

  it('migrate once, seed once, create one staff account and only its creator prints the password', async () => {
    const database = await freshDatabase();
    const db = database.handle.db;
    try {
      const processes = await Promise.all(
        [0, 1, 2].map(() => startMain(database.handle.postgresUrl!, { ADMIN_PASSWORD: '', SHUTDOWN_DRAIN_MS: '0' })),
      );
      for (const main of processes) expect((await new ApiClient(main.baseUrl).get('/readyz')).body).toEqual({ status: 'ready' });

      const names = (await sql<{ name: string }>`select name from kysely_migration`.execute(db)).rows.map((m) => m.name);
      expect(names.length).toBeGreaterThanOrEqual(13);
      expect(new Set(names).size).toBe(names.length);
      const count = async (table: 'categories' | 'products' | 'zones' | 'orders') =>
        Number(
          (
            await db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      expect(await count('categories')).toBe(seedData.categories.length);
      expect(await count('products')).toBe(seedData.products.length);
      expect(await count('zones')).toBe(seedData.zones.length);
      expect(await count('orders')).toBe(3);
      const admins = await db.selectFrom('users').select('email').where('role_name', '=', 'admin').execute();
      expect(admins).toEqual([{ email: ADMIN_EMAIL }]);

      const printed = processes.filter((main) => main.output().includes('Staff account created'));
      expect(printed).toHaveLength(1);
      const password = /password: (\S+)/.exec(printed[0]!.output())![1]!;
      const login = await new ApiClient(processes[2]!.baseUrl).post('/api/login', { email: ADMIN_EMAIL, password });
      expect(login.status).toBe(200);
      expect(processes.filter((main) => main.output().includes('Seeded the demo pizzeria'))).toHaveLength(1);

      for (const main of processes) main.child.kill('SIGTERM');
      for (const main of processes) expect((await main.exited).code).toBe(0);
    } finally {
      await database.handle.close();
      await database.drop();
    }
  }, 120_000);
});
