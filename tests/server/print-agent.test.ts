import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  loggedInClient,
  openEventStream,
  openPrintAgentStream,
  productId,
  startTestServer,
  type ApiClient,
  type TestServer,
} from './harness';
import { AgentClient, createPrinter, pairedAgent, printerForm } from './print-helpers';

/**
 * The print agent's side (issue 33): pairing, the token's scope and revocation, the wake-up stream,
 * the printer's state on the cassa's stream, and 'Stampanti' refusing bad input in Italian.
 */
let server: TestServer;
let owner: ApiClient;
let ownerToken: string;
let customer: ApiClient;
let margherita: number;

/** Every line the app logged, as JSON text. */
const logLines: string[] = [];

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  server = await startTestServer({ settings: { slot_capacity: '1000' }, app: { logger: { level: 'info', stream } } });
  const admin = await loggedInClient(server, { role: 'admin', name: 'Titolare Agenti' });
  owner = admin.client;
  ownerToken = owner.token!;
  customer = (await loggedInClient(server, { name: 'Cliente Agenti' })).client;
  margherita = await productId(server, 'Margherita');
});
afterAll(() => server?.close());

/** An agent paired from another shop PC's address: this file pairs more agents than one address may in 15 minutes. */
async function pairedElsewhere(code: string, address: string): Promise<AgentClient> {
  return new AgentClient(server.baseUrl, (await server.services.printers.pair(code, address)).token);
}

const checkout = (name: string) =>
  customer.post('/api/v1/ecommerce/checkout', {
    data: { tipoConsegna: 'ritiro', addressSelector: 0, nomeCliente: name, telefono: '+39 333 123 4567', fascia: '20:00' },
    cart: [{ id: margherita, qty: 1 }],
  });

describe('pairing and the token', () => {
  it('the code works once; a wrong or used one is 401 in Italian', async () => {
    const printer = await createPrinter(owner, { name: 'Cucina una volta' });
    const agent = await pairedAgent(server.baseUrl, printer.code);
    expect(agent.token).toMatch(/^prt_/);
    const again = await new AgentClient(server.baseUrl).request('POST', '/api/v1/print-agent/pair', { pairing_code: printer.code });
    expect(again.status).toBe(401);
    expect(again.body.message).toBe('Codice di abbinamento non valido o già usato.');
    // Only hashes are stored.
    const row = await server.handle.db
      .selectFrom('printer_tokens')
      .select('token_hash')
      .where('printer_id', '=', printer.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).not.toContain(agent.token!.slice(4));
  });

  it('a wrong pairing code is logged as a warning with its address, never the code nor a token', async () => {
    const printer = await createPrinter(owner, { name: 'Cucina nel registro' });
    const guess = 'ZZZZ-ZZZZ-ZZ99';
    const logged = logLines.length;
    const wrong = await new AgentClient(server.baseUrl).request('POST', '/api/v1/print-agent/pair', { pairing_code: guess });
    expect(wrong.status).toBe(401);
    const agent = await pairedElsewhere(printer.code, '192.0.2.12');
    const warnings = logLines
      .slice(logged)
      .map((line) => JSON.parse(line))
      .filter((entry) => entry.msg === 'print agent: wrong, used or revoked pairing code');
    expect(warnings).toEqual([expect.objectContaining({ level: 40, address: '127.0.0.1' })]);
    const log = logLines.join('');
    for (const secret of [guess, printer.code, printer.code.replace(/-/g, ''), agent.token!]) expect(log).not.toContain(secret);
  });

  it('the printer token reaches only its own operations; a staff token reaches none of them', async () => {
    const printer = await createPrinter(owner, { name: 'Cucina ambito' });
    const agent = await pairedAgent(server.baseUrl, printer.code);
    for (const url of ['/api/v1/ecommerce/cassa/orders', '/api/v1/admin/printers', '/api/user']) {
      const refused = await agent.request('GET', url);
      expect(refused.status, url).toBe(401);
      expect(refused.body.message).toBe('Devi accedere per continuare.');
    }
    expect((await agent.claim()).status).toBe(200);
    const staff = new AgentClient(server.baseUrl, ownerToken);
    expect((await staff.claim()).status).toBe(401);
    expect((await staff.report({ reachable: true, paper: 'ok' })).status).toBe(401);
    // Nor does a staff cookie: the agent's routes read the bearer header alone.
    expect((await owner.post('/api/v1/print-agent/jobs/claim', {})).status).toBe(401);
  });

  it('a new pairing code revokes the old token: 401, and its stream ends', async () => {
    const printer = await createPrinter(owner, { name: 'Cucina revocata' });
    const agent = await pairedElsewhere(printer.code, '192.0.2.11');
    const stream = await openPrintAgentStream(server.baseUrl, agent.token!);
    try {
      expect((await stream.next(1, 5000, 'jobs'))[0]!.data).toBe(0);
      const renewed = await owner.post(`/api/v1/admin/printers/${printer.id}/pairing-code`);
      expect(renewed.status).toBe(200);
      expect(renewed.body.pairing_code).not.toBe(printer.code);
      expect((await agent.claim()).status).toBe(401);
      expect(await stream.ended(8000)).toBe(true);
      // The old code is gone too; the new one pairs.
      expect(
        (await new AgentClient(server.baseUrl).request('POST', '/api/v1/print-agent/pair', { pairing_code: printer.code })).status,
      ).toBe(401);
      expect((await (await pairedAgent(server.baseUrl, renewed.body.pairing_code)).claim()).status).toBe(200);
    } finally {
      stream.close();
    }
  });
});

describe('the wake-up stream', () => {
  it('tells the agent at once when an online order writes its job', async () => {
    const printer = await createPrinter(owner, { name: 'Cucina sveglia' });
    const agent = await pairedAgent(server.baseUrl, printer.code);
    const stream = await openPrintAgentStream(server.baseUrl, agent.token!);
    try {
      expect((await stream.next(1, 5000, 'jobs'))[0]!.data).toBe(0);
      const started = Date.now();
      expect((await checkout('Olga Sveglia')).status).toBe(201);
      expect((await stream.next(1, 3000, 'jobs'))[0]!.data).toBeGreaterThanOrEqual(1);
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      stream.close();
      await server.handle.db.deleteFrom('printers').where('id', '=', printer.id).execute();
    }
  });
});

describe("the printer's state on the cassa's stream", () => {
  it('on connect, on a change (not on a same report), and unreachable after 30 s of silence since the last report', async () => {
    const printer = await createPrinter(owner, { name: 'Cucina stato' });
    const agent = await pairedAgent(server.baseUrl, printer.code);
    expect((await agent.report({ reachable: true, paper: 'ok' })).status).toBe(204);
    const stream = await openEventStream(server.baseUrl, ownerToken);
    try {
      // Every paired printer's state comes on connect: this test's is among them.
      let first = (await stream.next(1, 5000, 'printer'))[0]!;
      while (first.data.printer_id !== printer.id) first = (await stream.next(1, 5000, 'printer'))[0]!;
      expect(first.data).toMatchObject({ printer_id: printer.id, name: 'Cucina stato', reachable: true, paper: 'ok' });
      expect(first.id).toBeNull();
      const reportedAt = first.data.reported_at;

      server.clock.advance(5_000);
      expect((await agent.report({ reachable: true, paper: 'ok' })).status).toBe(204);
      expect((await agent.report({ reachable: true, paper: 'out' })).status).toBe(204);
      const [paperOut] = await stream.next(1, 5000, 'printer');
      expect(paperOut!.data).toMatchObject({ printer_id: printer.id, reachable: true, paper: 'out', since: first.data.since });

      server.clock.advance(31_000);
      await server.services.printerStatus.checkSilence();
      // Each change once, on both engines (on PostgreSQL it also comes back through NOTIFY).
      const [silent] = await stream.next(1, 5000, 'printer');
      expect(silent!.data).toMatchObject({ printer_id: printer.id, reachable: false });
      expect(silent!.data.since).toBe(paperOut!.data.reported_at);
      expect(silent!.data.since > reportedAt).toBe(true);

      const listed = (await owner.get('/api/v1/admin/printers')).body.items.find((p: { id: number }) => p.id === printer.id);
      expect(listed).toMatchObject({ paired: true, reachable: false, paper: 'out' });
    } finally {
      stream.close();
    }
  });
});

describe("a revoked agent on the cassa's stream", () => {
  /** The next `event: printer` of the stream about `printerId`, skipping the other printers'. */
  async function nextOf(stream: Awaited<ReturnType<typeof openEventStream>>, printerId: number) {
    for (;;) {
      const [event] = await stream.next(1, 5000, 'printer');
      if (event!.data.printer_id === printerId) return event!.data;
    }
  }

  it("a printer whose token a new code revoked turns unreachable after 30 s of silence, never 'pronta' for ever", async () => {
    const printer = await createPrinter(owner, { name: 'Cucina revocata' });
    const agent = await pairedAgent(server.baseUrl, printer.code);
    expect((await agent.report({ reachable: true, paper: 'ok' })).status).toBe(204);
    const stream = await openEventStream(server.baseUrl, ownerToken);
    let reopened: Awaited<ReturnType<typeof openEventStream>> | undefined;
    try {
      expect(await nextOf(stream, printer.id)).toMatchObject({ reachable: true });
      expect((await owner.post(`/api/v1/admin/printers/${printer.id}/pairing-code`, {})).status).toBe(200);
      expect((await agent.report({ reachable: true, paper: 'ok' })).status).toBe(401);

      server.clock.advance(31_000);
      await server.services.printerStatus.checkSilence();
      expect(await nextOf(stream, printer.id)).toMatchObject({ name: 'Cucina revocata', reachable: false });
      // A cassa opened later sees it unreachable too (no agent prints its online orders).
      reopened = await openEventStream(server.baseUrl, ownerToken);
      expect(await nextOf(reopened, printer.id)).toMatchObject({ reachable: false });
    } finally {
      stream.close();
      reopened?.close();
    }
  });
});

describe("'Stampanti' refuses bad input in Italian, naming the field, and stores nothing", () => {
  it.each([
    ['paper_width_mm', { paper_width_mm: 70 }, 'Larghezza carta deve essere 58 o 80 mm.'],
    ['copies', { copies: 0 }, 'Copie deve essere un numero da 1 a 5.'],
    ['name', { name: '  ' }, 'Nome è obbligatorio.'],
  ])('%s', async (field, overrides, message) => {
    const before = await server.handle.db.selectFrom('printers').select('id').execute();
    const refused = await owner.post('/api/v1/admin/printers', printerForm({ name: 'Cucina rifiutata', ...overrides }));
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ [field]: [message] });
    expect(await server.handle.db.selectFrom('printers').select('id').execute()).toHaveLength(before.length);
  });

  it('deleting a printer cancels its waiting jobs and ends its token', async () => {
    const printer = await createPrinter(owner, { name: 'Cucina eliminata' });
    const agent = await pairedAgent(server.baseUrl, printer.code);
    const order = (await checkout('Pia Eliminata')).body.order;
    const removed = await owner.delete(`/api/v1/admin/printers/${printer.id}?version=${printer.version}`);
    expect(removed.status).toBe(200);
    const jobs = await server.handle.db
      .selectFrom('print_jobs')
      .select('state')
      .where('order_id', '=', order.id)
      .where('printer_id', '=', printer.id)
      .execute();
    expect(jobs.map((j) => j.state)).toEqual(['cancelled']);
    expect((await agent.claim()).status).toBe(401);
    const audit = await server.handle.db
      .selectFrom('audit_log')
      .select(['action', 'label'])
      .where('entity', '=', 'printer')
      .where('entity_id', '=', String(printer.id))
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['create', 'delete']);
  });

  it("an agent's report that crosses the printer's deletion is 401 in Italian, never a 5xx", async () => {
    const printer = await createPrinter(owner, { name: 'Cucina eliminata in corsa' });
    const agent = await pairedElsewhere(printer.code, '192.0.2.10');
    // The owner deletes the printer between the token's check and the report's write.
    const lookup = server.services.printers.printerForToken.bind(server.services.printers);
    const spy = vi.spyOn(server.services.printers, 'printerForToken').mockImplementation(async (token) => {
      const found = await lookup(token);
      await owner.delete(`/api/v1/admin/printers/${printer.id}?version=${printer.version}`);
      return found;
    });
    try {
      const report = await agent.report({ reachable: true, paper: 'ok' });
      expect(report.status).toBe(401);
      expect(report.body.message).toBe('Questa stampante è stata eliminata in /admin → Stampanti.');
    } finally {
      spy.mockRestore();
    }
    expect(await server.handle.db.selectFrom('printers').select('id').where('id', '=', printer.id).execute()).toEqual([]);
    expect(await server.handle.db.selectFrom('printer_status').select('printer_id').where('printer_id', '=', printer.id).execute()).toEqual(
      [],
    );
  });
});
