import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, ENGINE, loggedInClient, productId, startTestServer, TEST_NOW, type TestServer } from './harness';

let server: TestServer;
let second: ChildProcess | undefined;
let secondUrl = '';
const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pizzeria-second-'));

beforeAll(async () => {
  if (ENGINE !== 'sqlite') return;
  server = await startTestServer({ settings: { slot_capacity: '1000' } });
  const file = server.handle.file!;
  second = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'fixtures/second-process.ts'), file, TEST_NOW, outboxDir],
    {
      env: { ...process.env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  secondUrl = await new Promise<string>((resolve, reject) => {
    second!.stdout!.on('data', (chunk: Buffer) => {
      const port = /PORT (\d+)/.exec(String(chunk))?.[1];
      if (port) resolve(`http://127.0.0.1:${port}`);
    });
    second!.once('exit', (code) => reject(new Error(`second process exited ${code}`)));
  });
}, 60_000);
afterAll(async () => {
  if (second && second.exitCode === null) {
    const exited = new Promise((resolve) => second!.once('exit', resolve));
    second.kill('SIGTERM');
    await exited;
  }
  await server?.close();
  fs.rmSync(outboxDir, { recursive: true, force: true });
});

describe.skipIf(ENGINE !== 'sqlite')('two server processes on one SQLite file', () => {
  it('parallel checkouts from both serialise: every one placed, no "database is locked", no number twice', async () => {
    const margherita = await productId(server, 'Margherita');
    const customers = await Promise.all(Array.from({ length: 10 }, () => loggedInClient(server)));
    const checkout = (token: string, baseUrl: string) => {
      const client = new ApiClient(baseUrl);
      client.token = token;
      return client.post('/api/v1/ecommerce/checkout', {
        data: { tipoConsegna: 'ritiro', addressSelector: 0, nomeCliente: 'Rossi', telefono: '3331234567', fascia: '21:00' },
        cart: [{ id: margherita, qty: 1 }],
      });
    };
    const results = await Promise.all(
      customers.flatMap(({ client }) => [0, 1, 2, 3].map((i) => checkout(client.token!, i % 2 ? secondUrl : server.baseUrl))),
    );
    expect(results.map((r) => r.status)).toEqual(results.map(() => 201));
    const numbers = results.map((r) => r.body.order.order_num as number);
    expect(new Set(numbers).size).toBe(40);
    const load = await server.handle.db
      .selectFrom('slot_locks')
      .select('oven_items')
      .where('delivery_time', '=', '21:00')
      .executeTakeFirstOrThrow();
    expect(load.oven_items).toBe(40);
  });
});
