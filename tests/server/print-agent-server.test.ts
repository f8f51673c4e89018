import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentApi } from '../../server/print-agent/api';
import { startAgent } from '../../server/print-agent/agent';
import { DEFAULT_LAYOUT } from '../../server/print-agent/ticket';
import { loggedInClient, productId, startTestServer, type TestServer } from './harness';
import { fakePrinter, until } from './print-agent-fakes';
import { createPrinter } from './print-helpers';

/**
 * The print agent against the real server (issue 33): an online order's ticket as the agent prints it,
 * and an agent killed between `sending` and `done`: its job comes back after the lease and prints
 * again, labelled as a possible double.
 */
let server: TestServer;
let margherita: number;

beforeAll(async () => {
  server = await startTestServer({ settings: { slot_capacity: '1000' } });
  margherita = await productId(server, 'Margherita');
});
afterAll(() => server?.close());

const occurrences = (text: string, part: string) => text.split(part).length - 1;

describe('the print agent and the server', () => {
  it(
    "prints an online order's ticket in cp858, and prints it again with 'RISTAMPA - possibile doppione' when its agent died after sending",
    { timeout: 60_000 },
    async () => {
      const owner = (await loggedInClient(server, { role: 'admin', name: 'Titolare Stampa' })).client;
      const { code } = await createPrinter(owner);
      const printer = await fakePrinter();
      // The printer takes the bytes but does not answer yet: the agent waits between `sending` and `done`.
      printer.state.answering = false;
      const tokenFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'print-agent-')), 'print-agent.token');
      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          'server/print-agent/main.ts',
          '--server',
          server.baseUrl,
          '--code',
          code,
          '--printer',
          `127.0.0.1:${printer.port}`,
          '--token-file',
          tokenFile,
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += String(chunk)));
      child.stderr.on('data', (chunk: Buffer) => (output += String(chunk)));
      const exited = new Promise((resolve) => child.on('exit', resolve));
      let agent: ReturnType<typeof startAgent> | undefined;
      try {
        // Jobs are written for paired printers: the order comes once the agent has paired and follows its jobs.
        await until(() => output.includes('Flusso dei lavori collegato'), 20_000);
        const customer = (await loggedInClient(server, { name: 'Niccolò Bàrberi' })).client;
        const placed = await customer.post('/api/v1/ecommerce/checkout', {
          data: {
            tipoConsegna: 'ritiro',
            addressSelector: 0,
            nomeCliente: 'Niccolò Bàrberi',
            telefono: '3331234567',
            fascia: '21:30',
            note: 'Più basilico, però poco sale',
            allergy_note: 'noci',
          },
          cart: [{ id: margherita, qty: 2 }],
        });
        expect(placed.status, JSON.stringify(placed.body)).toBe(201);
        const order = placed.body.order as { id: number; order_num: number; total_price: number };
        const ticket = `Ordine #${order.order_num}`;
        await until(() => printer.text().includes('Pagamento: '), 20_000);
        child.kill('SIGKILL');
        await exited;

        const first = printer.text();
        expect(first).toContain(ticket);
        expect(first).toContain('ALLERGIE: noci');
        expect(first).toContain('Niccolò Bàrberi');
        expect(first).toContain(`Totale: ${order.total_price.toFixed(2).replace('.', ',')} €`);
        expect(first).toContain('Ritiro in pizzeria');
        expect(first).toContain('Note: Più basilico, però poco sale');
        expect(first).not.toContain('RISTAMPA');
        const stored = () => server.handle.db.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow();
        expect((await stored()).status).toBe(0);

        // The lease runs out; another agent of the printer (same token) claims the job back, labelled.
        server.clock.advance(31_000);
        printer.state.answering = true;
        const token = fs.readFileSync(tokenFile, 'utf8');
        expect(fs.statSync(tokenFile).mode & 0o777).toBe(0o600);
        // One line per event, never the token nor the code.
        expect(output).toContain('Flusso dei lavori collegato');
        expect(output).not.toContain(token);
        expect(output).not.toContain(code);
        agent = startAgent({
          api: agentApi(server.baseUrl, token),
          printer: printer.address,
          layout: DEFAULT_LAYOUT,
          log: () => undefined,
        });
        await until(() => occurrences(printer.text(), ticket) === 2, 20_000);
        await until(() => occurrences(printer.text(), '\x1dV') === 2);
        const second = printer.text().slice(first.length);
        expect(second).toContain('RISTAMPA - possibile doppione');
        expect(second.indexOf('RISTAMPA')).toBeLessThan(second.indexOf(ticket));
        await expect.poll(async () => (await stored()).status).toBe(1);
      } finally {
        child.kill('SIGKILL');
        await agent?.stop();
        await printer.stop();
      }
    },
  );
});
