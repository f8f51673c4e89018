/**
 * One catalogue, everywhere (issue 19): several apps on one database drop their catalogue cache within
 * a second of a change made through any of them — PostgreSQL's NOTIFY at once, the stored version read
 * on a timer as the backstop (and the only way on SQLite) — and the menu answer carries an ETag, so a
 * browser revalidates with 304 and never keeps a stale menu.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type AppOptions } from '../../server/app';
import { openDatabase } from '../../server/db/database';
import { createMailer } from '../../server/mail/mailer';
import {
  ApiClient,
  ENGINE,
  loggedInClient,
  menuPriceAt,
  msUntilMenuPrice,
  productId,
  setPriceByForm,
  startTestServer,
  TEST_NOW,
  type TestServer,
} from './harness';

let server: TestServer;
let owner: ApiClient;
let margherita: number;
const others: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  server = await startTestServer();
  owner = (await loggedInClient(server, { role: 'admin', name: 'Giuseppe Titolare' })).client;
  margherita = await productId(server, 'Margherita');
});
afterAll(async () => {
  for (const other of others) await other.close();
  await server.close();
});

/** Another app on the first one's database, with its own pool, cache and (PostgreSQL) listener. */
async function secondApp(
  options: Pick<AppOptions, 'catalogueCheckMs' | 'postgresUrl'>,
): Promise<{ baseUrl: string; listenerPid: () => number | null }> {
  const handle = openDatabase(server.handle.file ?? server.handle.postgresUrl!);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pizzeria-other-'));
  const silent = { info: () => undefined, error: () => undefined };
  const { app, services } = await buildApp({
    db: handle.db,
    clock: server.clock,
    mailer: createMailer({ outboxDir: dir, from: 'Pizzeria <test@pizzeria.local>', logger: silent }),
    appUrl: 'http://pizzeria.test',
    mediaDir: path.join(dir, 'media'),
    ...options,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  others.push({
    async close() {
      await app.close();
      await handle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  });
  const address = app.server.address();
  return {
    baseUrl: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    listenerPid: () => services.listener?.pid ?? null,
  };
}

const menuPrice = (baseUrl: string) => menuPriceAt(baseUrl, margherita);
const msUntilPrice = (baseUrl: string, price: number) => msUntilMenuPrice(baseUrl, margherita, price);

let cents = 900;
/** Margherita's price changed through the first app, a new one each time: what it costs now. */
async function changePrice(): Promise<number> {
  cents += 10;
  await setPriceByForm(owner, margherita, cents);
  return cents / 100;
}

/** The other app's menu is cached with the current price (so only a dropped cache can show a new one). */
async function warm(baseUrl: string): Promise<void> {
  expect(await menuPrice(baseUrl)).toBe(await menuPrice(server.baseUrl));
}

describe('a change made through one app, answered by another on the same database', () => {
  // Building an app takes seconds on a busy machine: the two PostgreSQL tests share theirs.
  let notifying: ReturnType<typeof secondApp> | undefined;
  const notifyOnly = () => (notifying ??= secondApp({ catalogueCheckMs: 0, postgresUrl: server.handle.postgresUrl }));

  it('with neither NOTIFY nor the timer, the other keeps its cached menu: what the tests below measure is real', async () => {
    const other = await secondApp({ catalogueCheckMs: 0 });
    await warm(other.baseUrl);
    const before = await menuPrice(other.baseUrl);
    const price = await changePrice();
    expect(await menuPrice(server.baseUrl)).toBe(price);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(await menuPrice(other.baseUrl)).toBe(before);
  });

  it('the version check alone (no NOTIFY, as on SQLite) shows the new price within a second', async () => {
    const other = await secondApp({});
    await warm(other.baseUrl);
    const price = await changePrice();
    expect(await msUntilPrice(other.baseUrl, price)).toBeLessThan(1000);
  });

  it.skipIf(ENGINE !== 'postgres')('PostgreSQL NOTIFY alone (no timer) shows the new price within a second', async () => {
    const other = await notifyOnly();
    await warm(other.baseUrl);
    for (let round = 0; round < 3; round++) {
      const price = await changePrice();
      expect(await msUntilPrice(other.baseUrl, price)).toBeLessThan(1000);
    }
  });

  it.skipIf(ENGINE !== 'postgres')('a change made while the LISTEN connection was down shows once it is back', async () => {
    const other = await notifyOnly();
    await warm(other.baseUrl);
    const pid = other.listenerPid();
    expect(pid).toBeGreaterThan(0);
    await sql`select pg_terminate_backend(${pid})`.execute(server.handle.db);
    await expect.poll(() => other.listenerPid()).toBeNull();
    const price = await changePrice();
    // Reconnected after 0.5 s: the notification sent meanwhile is lost, the cache is dropped anyway.
    expect(await msUntilPrice(other.baseUrl, price)).toBeLessThan(2000);
    expect(other.listenerPid()).not.toBe(pid);
  });
});

describe('the menu answer revalidates with its ETag', () => {
  const webapp = (headers: Record<string, string> = {}) => new ApiClient(server.baseUrl).get('/api/v1/ecommerce/webapp', { headers });

  it('carries a weak ETag of the catalogue version; sent back it gets 304 without a body, gzipped or not', async () => {
    const first = await webapp();
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(new RegExp(`^W/"${first.body.catalogue_version}-[A-Za-z0-9_-]+"$`));
    expect(first.headers.get('cache-control')).toBe('no-cache');

    const asked: Record<string, string>[] = [{ 'if-none-match': etag }, { 'if-none-match': `"other", ${etag}`, 'accept-encoding': 'gzip' }];
    for (const headers of asked) {
      const again = await webapp(headers);
      expect(again.status).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.get('etag')).toBe(etag);
    }
    expect((await webapp({ 'if-none-match': 'W/"0-other"' })).status).toBe(200);
  });

  it('is sent in brotli when the client takes it, else gzip, never in a coding it refuses: the same bytes and ETag', async () => {
    const url = '/api/v1/ecommerce/webapp';
    const plain = await server.app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const sizes: Record<string, number> = {};
    const asked: [string, 'br' | 'gzip' | undefined][] = [
      ['gzip, deflate, br', 'br'],
      ['gzip, deflate', 'gzip'],
      ['br;q=0, gzip;q=0.8', 'gzip'],
      ['*', 'gzip'],
      ['identity', undefined],
    ];
    for (const [acceptEncoding, coding] of asked) {
      const answer = await server.app.inject({ url, headers: { 'accept-encoding': acceptEncoding } });
      expect(answer.headers['content-encoding'], acceptEncoding).toBe(coding);
      const bytes = answer.rawPayload;
      const decoded = coding === 'br' ? brotliDecompressSync(bytes) : coding === 'gzip' ? gunzipSync(bytes) : bytes;
      expect(decoded.equals(plain.rawPayload), acceptEncoding).toBe(true);
      expect(answer.headers.etag).toBe(plain.headers.etag);
      expect(answer.headers.vary).toBe('accept-encoding');
      if (coding) sizes[coding] = bytes.length;
    }
    expect(sizes.br).toBeLessThan(sizes.gzip! * 0.9);
  });

  it('after a change the old ETag gets 200 with the new price and a new ETag', async () => {
    const before = await webapp();
    const price = await changePrice();
    const after = await webapp({ 'if-none-match': before.headers.get('etag')! });
    expect(after.status).toBe(200);
    expect((after.body.products as { id: number; price: number }[]).find((p) => p.id === margherita)!.price).toBe(price);
    expect(after.body.catalogue_version).toBe(before.body.catalogue_version + 1);
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    expect((await webapp({ 'if-none-match': after.headers.get('etag')! })).status).toBe(304);
  });

  it('a new day that closes the shop changes the ETag without a catalogue change: no 304 for yesterday’s menu', async () => {
    const created = await owner.post('/api/v1/admin/special-days', {
      date_from: '2026-11-19',
      date_until: '2026-11-19',
      closed: true,
      first_slot: null,
      last_slot: null,
      message: 'Chiuso per inventario.',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const today = await webapp();
    expect(today.body.closed).toBe(false);
    try {
      server.clock.advance(24 * 60 * 60 * 1000);
      const tomorrow = await webapp({ 'if-none-match': today.headers.get('etag')! });
      expect(tomorrow.status).toBe(200);
      expect(tomorrow.body).toMatchObject({ closed: true, catalogue_version: today.body.catalogue_version });
      expect(tomorrow.headers.get('etag')).not.toBe(today.headers.get('etag'));
    } finally {
      server.clock.set(TEST_NOW);
      server.services.catalog.invalidate();
    }
  });
});
