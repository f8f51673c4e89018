import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, vi } from 'vitest';
import { buildApp, type AppOptions } from '../../server/app';
import { fixedClock } from '../../server/clock';
import { openDatabase, type DatabaseHandle } from '../../server/db/database';
import { migrate } from '../../server/db/migrations';
import { seedCatalog } from '../../server/db/seed';
import { createMailer } from '../../server/mail/mailer';
import type { Services } from '../../server/services';
import type { StaffRole } from '../../src/domain';
import { watchDeclaredAnswers } from './declared-answers';

/** Wednesday 18 November 2026, 17:00 in Rome: the shop opens at 18:00, every slot is still ahead. */
export const TEST_NOW = '2026-11-18T17:00:00+01:00';
export const TODAY = '2026-11-18';

const POSTGRES_URL = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined;
export const ENGINE = POSTGRES_URL ? 'postgres' : 'sqlite';

/** A database of its own for each test server: a temp SQLite file, or a new PostgreSQL database. */
export async function freshDatabase(): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  if (!POSTGRES_URL) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pizzeria-db-'));
    const handle = openDatabase(path.join(dir, 'test.db'));
    return { handle, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `pizzeria_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const handle = openDatabase(url.toString());
  return {
    handle,
    drop: async () => {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * The login and mail limits read the wall clock (rate-limiter-flexible calls Date.now). A test that
 * waits out a limit freezes Date here; the test server's `clock.advance` then moves it too.
 */
export function freezeDate(): void {
  vi.useFakeTimers({ toFake: ['Date'] });
}

export interface Outbox {
  dir: string;
  /** every mail sent so far (the queue is flushed first), oldest first, decoded */
  messages(): Promise<Mail[]>;
  last(to?: string): Promise<Mail | undefined>;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const soft = body.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeHeader(value: string): string {
  // Adjacent encoded words are one text: the white space between them is not part of it (RFC 2047).
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, enc: string, data: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

/** A MIME part split at its first blank line. */
function headersAndContent(part: string): { headers: string; content: string } {
  const blank = /\r?\n\r?\n/.exec(part);
  return blank
    ? { headers: part.slice(0, blank.index), content: part.slice(blank.index + blank[0].length) }
    : { headers: part, content: '' };
}

/** Reads the plain-text part of an .eml written by the outbox mailer. */
export function parseEml(raw: string): Mail {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(unfolded)?.[1] ?? '';
  const body = rest.join('\n\n');
  // Cut at the MIME boundaries themselves: a line of the text may start with '--' too (a link's token
  // wrapped by quoted-printable), and cutting there lost the rest of the link.
  const boundaries = [...raw.matchAll(/boundary="?([^";\s]+)"?/gi)].map((m) => m[1]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const parts = boundaries.length > 0 ? body.split(new RegExp(`\r?\n?--(?:${boundaries.join('|')})(?:--)?\r?\n?`)) : [];
  const plain = parts.map(headersAndContent).find(({ headers }) => /^Content-Type: text\/plain/im.test(headers)) ?? {
    headers: unfolded,
    content: body,
  };
  const encoding = /^Content-Transfer-Encoding: ([\w-]+)/im.exec(plain.headers)?.[1]?.toLowerCase();
  let text = plain.content;
  if (encoding === 'quoted-printable') text = decodeQuotedPrintable(text);
  if (encoding === 'base64') text = Buffer.from(text.replace(/\s/g, ''), 'base64').toString('utf8');
  return { to: header('To'), subject: decodeHeader(header('Subject')), text };
}

/** The mails in an outbox folder; `flush` sends what the app has queued before they are read. */
export function outboxAt(dir: string, flush: () => Promise<void> = async () => {}): Outbox {
  const written = () =>
    fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((f) => f.endsWith('.eml'))
          .sort()
          .map((f) => parseEml(fs.readFileSync(path.join(dir, f), 'utf8')))
      : [];
  const messages = async () => {
    await flush();
    return written();
  };
  return {
    dir,
    messages,
    last: async (to) => (await messages()).filter((m) => !to || m.to.includes(to)).pop(),
  };
}

export interface TestServer {
  app: FastifyInstance;
  services: Services;
  handle: DatabaseHandle;
  clock: ReturnType<typeof fixedClock>;
  baseUrl: string;
  outbox: Outbox;
  /** where the app stores uploaded images */
  mediaDir: string;
  close(): Promise<void>;
}

/** The real app on a real port with a real, freshly seeded database and an outbox folder. */
export async function startTestServer(
  options: {
    now?: string;
    settings?: Record<string, string>;
    /** app options a test needs to vary: a logger to read, a trusted proxy, an https address, the lifecycle, the heartbeat */
    app?: Partial<Pick<AppOptions, 'logger' | 'trustProxy' | 'appUrl' | 'frontendDir' | 'renderPage' | 'lifecycle' | 'streamHeartbeatMs'>>;
  } = {},
): Promise<TestServer> {
  const { handle, drop } = await freshDatabase();
  await migrate(handle.db, handle.dialect);
  const shopClock = fixedClock(options.now ?? TEST_NOW);
  const clock: typeof shopClock = {
    ...shopClock,
    advance: (ms) => {
      shopClock.advance(ms);
      if (vi.isFakeTimers()) vi.setSystemTime(Date.now() + ms);
    },
  };
  await seedCatalog(handle.db, clock);
  for (const [key, value] of Object.entries(options.settings ?? {})) {
    await handle.db
      .insertInto('settings')
      .values({ key, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
  }
  const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pizzeria-outbox-'));
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pizzeria-media-'));
  const silent = { info: () => undefined, error: () => undefined };
  const { app, services } = await buildApp({
    db: handle.db,
    clock,
    mailer: createMailer({ outboxDir, from: 'Pizzeria <test@pizzeria.local>', logger: silent }),
    appUrl: 'http://pizzeria.test',
    mediaDir,
    postgresUrl: handle.postgresUrl,
    ...options.app,
  });
  const answers = watchDeclaredAnswers(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    services,
    handle,
    clock,
    baseUrl: `http://127.0.0.1:${port}`,
    outbox: outboxAt(outboxDir, () => services.mail.flush()),
    mediaDir,
    async close() {
      await app.close();
      await handle.close();
      await drop();
      fs.rmSync(outboxDir, { recursive: true, force: true });
      fs.rmSync(mediaDir, { recursive: true, force: true });
      const violations = answers.violations();
      if (violations.length > 0) {
        throw new Error(`The server answered what its operations do not declare in openapi.yaml: ${violations.join(', ')}`);
      }
    },
  };
}

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/**
 * A browser-like client over real HTTP: keeps cookies, echoes the XSRF cookie on unsafe requests and
 * sends the bearer token once logged in.
 */
export class ApiClient {
  private cookies = new Map<string, string>();
  token: string | null = null;

  constructor(private readonly baseUrl: string) {}

  private storeCookies(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (/max-age=0|expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  dropCookie(name: string): void {
    this.cookies.delete(name);
  }

  async request<T = any>(
    method: string,
    url: string,
    body?: unknown,
    options: { headers?: Record<string, string>; raw?: string | Uint8Array; xsrf?: boolean; redirect?: RequestRedirect } = {},
  ): Promise<ApiResponse<T>> {
    const unsafe = !['GET', 'HEAD'].includes(method);
    if (unsafe && options.xsrf !== false && !this.cookies.has('XSRF-TOKEN')) await this.request('GET', '/api/csrf-cookie');
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (unsafe && options.xsrf !== false) headers['x-xsrf-token'] = this.cookies.get('XSRF-TOKEN')!;
    // Raw bytes (an uploaded file) go as they are, copied into a plain ArrayBuffer view fetch accepts.
    const raw = typeof options.raw === 'object' ? new Uint8Array(options.raw) : options.raw;
    const payload = raw ?? (body === undefined ? undefined : JSON.stringify(body));
    if (payload !== undefined) headers['content-type'] ??= 'application/json';
    const response = await fetch(this.baseUrl + url, { method, headers, body: payload, redirect: options.redirect ?? 'manual' });
    this.storeCookies(response.headers);
    const type = response.headers.get('content-type') ?? '';
    // A stream never ends: its status and headers are the answer (tests read streams with openStream).
    if (type.includes('event-stream')) {
      await response.body?.cancel();
      return { status: response.status, body: '' as T, headers: response.headers };
    }
    const parsed = type.includes('json')
      ? await response.json()
      : type.includes('pdf')
        ? Buffer.from(await response.arrayBuffer())
        : await response.text();
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  get<T = any>(url: string, options?: Parameters<ApiClient['request']>[3]) {
    return this.request<T>('GET', url, undefined, options);
  }
  post<T = any>(url: string, body?: unknown, options?: Parameters<ApiClient['request']>[3]) {
    return this.request<T>('POST', url, body ?? {}, options);
  }
  put<T = any>(url: string, body?: unknown, options?: Parameters<ApiClient['request']>[3]) {
    return this.request<T>('PUT', url, body ?? {}, options);
  }
  patch<T = any>(url: string, body?: unknown, options?: Parameters<ApiClient['request']>[3]) {
    return this.request<T>('PATCH', url, body ?? {}, options);
  }
  delete<T = any>(url: string, options?: Parameters<ApiClient['request']>[3]) {
    return this.request<T>('DELETE', url, undefined, options);
  }
}

let userCounter = 0;

/** A verified customer (or admin), logged in through the real login endpoint. */
export async function loggedInClient(
  server: TestServer,
  options: { role?: 'admin' | 'customer'; staffRole?: StaffRole; verified?: boolean; name?: string } = {},
): Promise<{ client: ApiClient; email: string; password: string; id: number }> {
  userCounter += 1;
  const email = `utente${userCounter}-${randomBytes(3).toString('hex')}@example.it`;
  const password = 'Password-sicura-1';
  const user = await server.services.auth.createUser({
    name: options.name ?? `Cliente ${userCounter}`,
    email,
    password,
    role: options.role ?? 'customer',
    ...(options.staffRole ? { staffRole: options.staffRole } : {}),
    verified: options.verified ?? true,
  });
  const client = new ApiClient(server.baseUrl);
  if (options.verified === false) {
    // An unverified user cannot log in; a token issued directly checks the guards behind login.
    client.token = await server.services.auth.issueToken({ id: user.id, role: user.role_name });
  } else {
    const login = await client.post('/api/login', { email, password });
    if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
    client.token = login.body.token;
  }
  return { client, email, password, id: user.id };
}

/** A test file's (or describe block's) server and one anonymous client of it. */
export interface ServerSuite {
  server: TestServer;
  api: ApiClient;
}

/** Starts the server before the tests of the file or block it is called in, and closes it after them. */
export function serverSuite(): ServerSuite {
  const suite = {} as ServerSuite;
  beforeAll(async () => {
    suite.server = await startTestServer();
    suite.api = new ApiClient(suite.server.baseUrl);
  });
  afterAll(() => suite.server.close());
  return suite;
}

/** A back-office test file's shared fixture: its server, the owner logged in, and new anonymous visitors. */
export interface AdminSuite extends ServerSuite {
  owner: ApiClient;
  ownerId: number;
  visitor(): ApiClient;
}

/** A server suite whose owner (Giuseppe Titolare) is logged in before the file's tests. */
export function adminSuite(): AdminSuite {
  const suite = serverSuite() as AdminSuite;
  suite.visitor = () => new ApiClient(suite.server.baseUrl);
  beforeAll(async () => {
    const logged = await loggedInClient(suite.server, { role: 'admin', name: 'Giuseppe Titolare' });
    suite.owner = logged.client;
    suite.ownerId = logged.id;
  });
  return suite;
}

/** A product id by name from the seeded menu. */
export async function productId(server: TestServer, name: string): Promise<number> {
  const row = await server.handle.db.selectFrom('products').select('id').where('name', '=', name).executeTakeFirstOrThrow();
  return row.id;
}

/** A dough id by name from the seeded menu (the base doughs too). */
export async function doughId(server: TestServer, name: string): Promise<number> {
  const row = await server.handle.db.selectFrom('variants').select('id').where('name', '=', name).executeTakeFirstOrThrow();
  return row.id;
}

/** How many orders the database holds, cancelled ones included. */
export async function orderCount(server: TestServer): Promise<number> {
  const { n } = await server.handle.db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** The owner's product form as the back office fills it from `product` (its admin answer), with `price` typed in. */
export function productForm(product: Record<string, unknown>, price = String(product.price).replace('.', ',')) {
  return {
    category_id: product.category_id,
    name: product.name,
    description: product.description,
    price,
    note: product.note,
    image_url: product.image_url,
    visible: product.visible,
    is_upsell: product.is_upsell,
    allow_variants: product.allow_variants,
    variant_ids: product.variant_ids,
    version: product.version,
  };
}

/** The owner's discount-code form: 10 % off any order, no minimum, no validity window, active; `overrides` change it. */
export const discountCodeForm = (overrides: Record<string, unknown> = {}) => ({
  code: 'autunno-10',
  kind: 'percent',
  amount: '10',
  min_order: '',
  delivery: 'any',
  valid_from: null,
  valid_until: null,
  label: 'Sconto autunno 10%',
  active: true,
  ...overrides,
});

/** Sets a product's price through the back office (as staff `owner`), as the owner's form saves it. */
export async function setPriceByForm(owner: ApiClient, id: number, cents: number): Promise<void> {
  const product = (await owner.get(`/api/v1/admin/products/${id}`)).body.product;
  const saved = await owner.put(
    `/api/v1/admin/products/${id}`,
    productForm(product, `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`),
  );
  if (saved.status !== 200) throw new Error(`price not saved: ${saved.status} ${JSON.stringify(saved.body)}`);
}

/**
 * A second real server process (tests/server/fixtures/second-process.ts) on `server`'s database: the
 * SQLite file, or the PostgreSQL database. `stop()` ends it and deletes its outbox.
 */
export async function startSecondProcess(server: TestServer): Promise<{ url: string; stop(): Promise<void> }> {
  const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pizzeria-second-'));
  const database = server.handle.file ?? server.handle.postgresUrl!;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'fixtures/second-process.ts'), database, TEST_NOW, outboxDir],
    { env: { ...process.env }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(outboxDir, { recursive: true, force: true });
  };
  try {
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        const port = /PORT (\d+)/.exec(String(chunk))?.[1];
        if (port) resolve(`http://127.0.0.1:${port}`);
      });
      child.once('exit', (code) => reject(new Error(`second process exited ${code}`)));
    });
    return { url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** A test server and a second process on its database, for a file's beforeAll; `stop()` ends both. */
export async function startTwoProcesses(options?: Parameters<typeof startTestServer>[0]) {
  const server = await startTestServer(options);
  const second = await startSecondProcess(server).catch(async (error: unknown) => {
    await server.close();
    throw error;
  });
  const stop = async () => {
    await second.stop();
    await server.close();
  };
  return { server, secondUrl: second.url, stop };
}

/** Marks product `id` sold out for today (or back) through the back office, as staff `owner`. */
export async function setSoldOut(owner: ApiClient, id: number, soldOut: boolean): Promise<void> {
  const items = (await owner.get('/api/v1/admin/sold-out')).body.items as { id: number; version: number }[];
  const marked = await owner.post(`/api/v1/admin/sold-out/${id}`, { sold_out: soldOut, version: items.find((i) => i.id === id)!.version });
  if (marked.status !== 200) throw new Error(`sold-out not saved: ${marked.status} ${JSON.stringify(marked.body)}`);
}

/** The stored catalogue version (the one a change's stream event names). */
export async function catalogueVersionOf(server: TestServer): Promise<number> {
  const row = await server.handle.db.selectFrom('meta').select('value').where('key', '=', 'catalogue_version').executeTakeFirstOrThrow();
  return Number(row.value);
}

/** The price of product `id` on the menu `baseUrl` answers (in euros, as the menu gives it). */
export async function menuPriceAt(baseUrl: string, id: number): Promise<number | undefined> {
  const webapp = await new ApiClient(baseUrl).get('/api/v1/ecommerce/webapp');
  if (webapp.status !== 200) throw new Error(`menu answered ${webapp.status}`);
  return (webapp.body.products as { id: number; price: number }[]).find((p) => p.id === id)?.price;
}

/** The ms until the menu at `baseUrl` shows product `id` at `price` (polled every 20 ms; Infinity after `giveUpMs`). */
export async function msUntilMenuPrice(baseUrl: string, id: number, price: number, giveUpMs = 3000): Promise<number> {
  const start = performance.now();
  while (performance.now() - start < giveUpMs) {
    if ((await menuPriceAt(baseUrl, id)) === price) return performance.now() - start;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Infinity;
}

/** An online pickup order booked for `date` at `time`, written straight to the database (a test's fixture). */
export async function insertBookedOrder(server: TestServer, date: string, time: string, name: string): Promise<void> {
  await server.handle.db
    .insertInto('orders')
    .values({
      order_num: Math.floor(Math.random() * 100000),
      delivery_date: date,
      delivery_time: time,
      source_id: 1,
      status: 0,
      delivered: 0,
      delivery: 'ritiro',
      payment_type: 'Contanti',
      name,
      original_price_cents: 650,
      total_price_cents: 650,
      created_at: '2026-11-18T10:00:00.000Z',
      updated_at: '2026-11-18T10:00:00.000Z',
    })
    .execute();
}

/** One message of a Server-Sent Events stream. */
export interface StreamEvent {
  id: string | null;
  /** the event's name ('catalogue'); null for an order's */
  event: string | null;
  data: any;
}

export interface EventStream {
  status: number;
  headers: Headers;
  /**
   * The next `count` events named `name` (null, the default: the orders' unnamed ones), heartbeat comments
   * skipped and events of other names kept for their own call; fails after `timeoutMs`.
   */
  next(count?: number, timeoutMs?: number, name?: string | null): Promise<StreamEvent[]>;
  /** true once the server has ended the stream */
  ended(timeoutMs?: number): Promise<boolean>;
  /** the events read and not yet taken by next(), oldest first */
  untaken(): StreamEvent[];
  close(): void;
}

/** Opens the cassa's Server-Sent Events stream as a logged-in client, optionally resuming after `lastEventId`. */
export function openEventStream(baseUrl: string, token: string, lastEventId?: string): Promise<EventStream> {
  return openStreamAt(`${baseUrl}/api/v1/ecommerce/cassa/events`, { authorization: `Bearer ${token}` }, lastEventId);
}

/** Opens an order's tracking stream by its link's token alone, optionally resuming after `lastEventId`. */
export function openTrackingStream(baseUrl: string, token: string, lastEventId?: string): Promise<EventStream> {
  return openStreamAt(`${baseUrl}/api/v1/ecommerce/orders/track/${token}/events`, {}, lastEventId);
}

/** Opens a print agent's wake-up stream with its printer token. */
export function openPrintAgentStream(baseUrl: string, token: string): Promise<EventStream> {
  return openStreamAt(`${baseUrl}/api/v1/print-agent/events`, { authorization: `Bearer ${token}` });
}

async function openStreamAt(url: string, credentials: Record<string, string>, lastEventId?: string): Promise<EventStream> {
  const abort = new AbortController();
  const headers: Record<string, string> = { ...credentials, accept: 'text/event-stream' };
  if (lastEventId) headers['last-event-id'] = lastEventId;
  const response = await fetch(url, { headers, signal: abort.signal });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let done = false;
  const queue: StreamEvent[] = [];
  const read = async () => {
    const chunk = await reader.read();
    if (chunk.done) done = true;
    buffer += chunk.value ?? '';
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, end).split('\n');
      buffer = buffer.slice(end + 2);
      const data = block.filter((l) => l.startsWith('data: ')).map((l) => l.slice(6));
      if (data.length === 0) continue;
      const field = (name: string) => block.find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2) ?? null;
      queue.push({ id: field('id'), event: field('event'), data: JSON.parse(data.join('\n')) });
    }
  };
  const withTimeout = async <T>(work: Promise<T>, timeoutMs: number, what: string): Promise<T> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: timed out`)), timeoutMs)));
    try {
      return await Promise.race([work, timeout]);
    } finally {
      clearTimeout(timer);
    }
  };
  return {
    status: response.status,
    headers: response.headers,
    next: (count = 1, timeoutMs = 5000, name: string | null = null) => {
      const named = () => queue.filter((e) => e.event === name);
      return withTimeout(
        (async () => {
          while (named().length < count && !done) await read();
          const taken = named().slice(0, count);
          if (taken.length < count) throw new Error(`stream ended after ${taken.length} of ${count} events`);
          for (const event of taken) queue.splice(queue.indexOf(event), 1);
          return taken;
        })(),
        timeoutMs,
        `waiting for ${count} events (${named().length} so far)`,
      );
    },
    ended: (timeoutMs = 5000) =>
      withTimeout(
        (async () => {
          while (!done) await read();
          return true;
        })(),
        timeoutMs,
        'waiting for the stream to end',
      ),
    untaken: () => [...queue],
    close: () => abort.abort(),
  };
}

/** The body the cassa stores an order with: paid in cash, no note and no code unless `data` says otherwise. */
export const cassaOrderBody = (data: Record<string, unknown>, cart: unknown[]) => ({
  data: { payment_type: 'Contanti', note: null, codiceSconto: null, ...data },
  cart,
  discount: null,
});

/** A cassa order for the counter (pickup at 21:00, cash) of one `product`, on `date`: the body of cassa/orders/store. */
export const counterOrder = (product: number, date = TODAY) => ({
  data: {
    client_id: 0,
    delivery: 'ritiro',
    nomeCliente: 'Cliente al banco',
    telefono: '3339876543',
    fascia: '21:00',
    payment_type: 'Contanti',
    delivery_date: date,
  },
  cart: [{ id: product, qty: 1 }],
});
