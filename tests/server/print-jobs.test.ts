import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pricedOrder } from '../../server/ecommerce/quote';
import type { OrderDraft } from '../../server/orders/order-store';
import { loggedInClient, openEventStream, productId, startTestServer, TODAY, type ApiClient, type TestServer } from './harness';
import { AgentClient, createPrinter, pairedAgent, printerForm } from './print-helpers';

/**
 * The print queue (issue 33): a job is written in the order's own transaction for each paired
 * printer that prints online orders by itself, claimed with a lease, printed again with the reprint
 * label only when its agent died after saying it was sending, and 'done' makes the order 'Stampato'.
 */
let server: TestServer;
let owner: ApiClient;
let customer: ApiClient;
let margherita: number;
let kitchen: { id: number; code: string };
let agent: AgentClient;

beforeAll(async () => {
  server = await startTestServer({ settings: { slot_capacity: '1000' } });
  const admin = await loggedInClient(server, { role: 'admin', name: 'Titolare Stampe' });
  owner = admin.client;
  customer = (await loggedInClient(server, { name: 'Cliente Stampe' })).client;
  margherita = await productId(server, 'Margherita');
  kitchen = await createPrinter(owner, { name: 'Cucina' });
  agent = await pairedAgent(server.baseUrl, kitchen.code);
});
afterAll(() => server?.close());

const checkout = (name: string) =>
  customer.post('/api/v1/ecommerce/checkout', {
    data: { tipoConsegna: 'ritiro', addressSelector: 0, nomeCliente: name, telefono: '+39 333 123 4567', fascia: '20:00' },
    cart: [{ id: margherita, qty: 1 }],
  });

const jobsOf = (orderId: number) => server.handle.db.selectFrom('print_jobs').selectAll().where('order_id', '=', orderId).execute();
const statusOf = async (orderId: number) =>
  (await server.handle.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status;

/** Claims until the queue is empty, acknowledging each job: a clean slate for the next test. */
async function drain(): Promise<void> {
  for (let claimed = await agent.claim(); claimed.body.job; claimed = await agent.claim()) await agent.done(claimed.body.job.id);
}

describe('a job is written with the online order', () => {
  it('checkout writes one waiting job for the auto-print printer, whose agent claims it with the ticket', async () => {
    await drain();
    const placed = await checkout('Ada Stampa');
    expect(placed.status).toBe(201);
    const order = placed.body.order;
    const jobs = await jobsOf(order.id);
    expect(jobs.map((j) => [j.printer_id, j.state])).toEqual([[kitchen.id, 'waiting']]);

    const claimed = await agent.claim();
    expect(claimed.status).toBe(200);
    expect(claimed.body.job).toMatchObject({ id: jobs[0]!.id, order_id: order.id, reprint_label: false, copies: 1, lease_seconds: 30 });
    expect(claimed.body.job.ticket).toMatchObject({
      order_num: order.order_num,
      name: 'Ada Stampa',
      delivery_label: 'Ritiro in pizzeria',
      payment_label: 'Contanti / Da pagare',
      edited: false,
    });
    expect(claimed.body.job.ticket.lines[0]).toMatchObject({ qty: 1, description: 'Margherita' });
    // Leased: nobody else gets it meanwhile.
    expect((await agent.claim()).body.job).toBeNull();
    await agent.done(claimed.body.job.id);
  });

  it('no job when the order is not written (a full slot rolls the order back)', async () => {
    await drain();
    const before = await server.handle.db.selectFrom('print_jobs').select('id').execute();
    const full = await customer.post('/api/v1/ecommerce/checkout', {
      data: { tipoConsegna: 'ritiro', addressSelector: 0, nomeCliente: 'Troppe Pizze', telefono: '+39 333 123 4567', fascia: '20:00' },
      cart: [{ id: margherita, qty: 500 }],
    });
    expect(full.status).toBeGreaterThanOrEqual(400);
    expect(await server.handle.db.selectFrom('print_jobs').select('id').execute()).toHaveLength(before.length);
    expect((await agent.claim()).body.job).toBeNull();
  });

  it("none when the order's transaction rolls back after writing them", async () => {
    await drain();
    const before = await server.handle.db.selectFrom('print_jobs').select('id').execute();
    const quote = await server.services.quotes.quote({
      cart: [{ id: margherita, qty: 1 }],
      code: null,
      delivery: 'ritiro',
      zoneId: null,
      audience: 'staff',
    });
    const draft: OrderDraft = {
      ...{ sourceId: 1, delivery: 'ritiro', paymentType: 'Contanti', name: 'Mai Stampato', nomeCitofono: null, address: null },
      ...{ telephone: '3331234567', zoneId: null, clientId: null, userId: null, note: null, allergyNote: null },
      ...{ deliveryDate: TODAY, deliveryTime: '20:00', ...pricedOrder(quote) },
    };
    await expect(
      server.services.orders.write('test', async (orders) => {
        const { id } = await orders.insert(draft, { autoPrint: true });
        expect(await orders.tx.selectFrom('print_jobs').select('id').where('order_id', '=', id).execute()).toHaveLength(1);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await server.handle.db.selectFrom('print_jobs').select('id').execute()).toHaveLength(before.length);
    expect((await agent.claim()).body.job).toBeNull();
  });

  it('a printer that does not print by itself, or is not paired, gets no job', async () => {
    await drain();
    const manual = await createPrinter(owner, { name: 'Banco', auto_print: false });
    await pairedAgent(server.baseUrl, manual.code);
    await createPrinter(owner, { name: 'Forno non abbinato', auto_print: true });
    const order = (await checkout('Bice Stampa')).body.order;
    expect((await jobsOf(order.id)).map((j) => j.printer_id)).toEqual([kitchen.id]);
    await drain();
  });
});

describe('done makes the order Stampato, with the event the cassa hears', () => {
  it('done → status 1, a "printed" event on the cassa stream; done again is a no-op 204', async () => {
    await drain();
    const order = (await checkout('Carla Stampa')).body.order;
    const stream = await openEventStream(server.baseUrl, (await loggedInClient(server, { role: 'admin' })).client.token!);
    try {
      const job = (await agent.claim()).body.job;
      expect((await agent.sending(job.id)).status).toBe(204);
      expect(await statusOf(order.id)).toBe(0);
      expect((await agent.done(job.id)).status).toBe(204);
      expect(await statusOf(order.id)).toBe(1);
      const [event] = await stream.next(1);
      expect(event!.data).toMatchObject({ order_id: order.id, kind: 'printed' });
      expect((await agent.done(job.id)).status).toBe(204);
      expect((await jobsOf(order.id))[0]!.state).toBe('done');
    } finally {
      stream.close();
    }
  });

  it('a cancelled order stays cancelled when its ticket comes out', async () => {
    await drain();
    const order = (await checkout('Dario Annullato')).body.order;
    const job = (await agent.claim()).body.job;
    const cancelled = await owner.patch(`/api/v1/ecommerce/cassa/orders/${order.id}`, { status: 3 });
    expect(cancelled.status).toBe(200);
    expect((await agent.done(job.id)).status).toBe(204);
    expect(await statusOf(order.id)).toBe(3);
  });
});

describe("the paper width set in 'Stampanti'", () => {
  it('comes with each job, as the printer is set when the job is claimed', async () => {
    await drain();
    const setPaper = async (paper_width_mm: number) => {
      const { version } = (await owner.get('/api/v1/admin/printers')).body.items.find((p: { id: number }) => p.id === kitchen.id);
      const saved = await owner.put(`/api/v1/admin/printers/${kitchen.id}`, {
        ...printerForm({ name: 'Cucina' }),
        paper_width_mm,
        version,
      });
      expect(saved.status).toBe(200);
    };
    await checkout('Lia Carta');
    await setPaper(58);
    try {
      const narrow = (await agent.claim()).body.job;
      expect(narrow).toMatchObject({ paper_width_mm: 58 });
      await agent.done(narrow.id);
    } finally {
      await setPaper(80);
    }
    await drain();
    await checkout('Leo Carta');
    const claimed = (await agent.claim()).body.job;
    expect(claimed).toMatchObject({ paper_width_mm: 80 });
    await agent.done(claimed.id);
  });
});

describe('an order cancelled before its ticket is out', () => {
  it('is not printed: its waiting job is never claimed, nor counted for the agent', async () => {
    await drain();
    const order = (await checkout('Ezio Ripensato')).body.order;
    expect((await jobsOf(order.id)).map((j) => j.state)).toEqual(['waiting']);
    // The customer phones to cancel while the kitchen printer is off.
    expect((await owner.patch(`/api/v1/ecommerce/cassa/orders/${order.id}`, { status: 3 })).status).toBe(200);

    expect((await agent.claim()).body.job).toBeNull();
    expect(await server.services.printJobs.claimable(kitchen.id)).toBe(0);
    expect(await statusOf(order.id)).toBe(3);
  });
});

describe('lease and re-claim', () => {
  it('a lease lost before sending comes back without the label; after sending, with it', async () => {
    await drain();
    const order = (await checkout('Elsa Lease')).body.order;
    const first = (await agent.claim()).body.job;
    expect(first.order_id).toBe(order.id);
    server.clock.advance(31_000);
    const second = (await agent.claim()).body.job;
    expect(second).toMatchObject({ id: first.id, reprint_label: false });
    expect((await agent.sending(second.id)).status).toBe(204);
    server.clock.advance(31_000);
    // The agent died after sending: its late acknowledgement is refused once the job is leased again.
    const third = (await agent.claim()).body.job;
    expect(third).toMatchObject({ id: first.id, reprint_label: true });
    const row = (await jobsOf(order.id))[0]!;
    expect(row.attempts).toBe(3);
    expect((await agent.done(third.id)).status).toBe(204);
    expect(await statusOf(order.id)).toBe(1);
  });

  it('release gives the job back unlabelled; sending on a job not leased is 409 print.lease_lost', async () => {
    await drain();
    await checkout('Fabio Rilascio');
    const job = (await agent.claim()).body.job;
    expect((await agent.release(job.id)).status).toBe(204);
    const late = await agent.sending(job.id);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('print.lease_lost');
    const again = (await agent.claim()).body.job;
    expect(again).toMatchObject({ id: job.id, reprint_label: false });
    await agent.done(again.id);
  });

  it("another printer's job is 404 to this agent", async () => {
    const other = await createPrinter(owner, { name: 'Pizzeria 2', auto_print: false });
    const otherAgent = await pairedAgent(server.baseUrl, other.code);
    await drain();
    await checkout('Gino Altrui');
    const job = (await agent.claim()).body.job;
    for (const answer of [await otherAgent.sending(job.id), await otherAgent.done(job.id), await otherAgent.release(job.id)]) {
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe('Lavoro di stampa non trovato.');
    }
    await agent.done(job.id);
  });
});

describe('two agents racing for one job', () => {
  it('only one of them gets it, every time', async () => {
    await drain();
    const twin = new AgentClient(server.baseUrl, agent.token);
    for (let round = 0; round < 20; round += 1) {
      await checkout(`Gara ${round}`);
      const answers = await Promise.all([agent.claim(), twin.claim(), agent.claim(), twin.claim()]);
      const got = answers.map((a) => a.body.job).filter(Boolean);
      expect(got, `round ${round}`).toHaveLength(1);
      await agent.done(got[0].id);
    }
  });
});

describe("the cassa's print", () => {
  it('pressed again while the ticket still waits (the printer is off) answers that job and adds no second ticket', async () => {
    await drain();
    const order = (await checkout('Gino Insistente')).body.order;
    const [auto] = await jobsOf(order.id);
    for (let press = 0; press < 3; press += 1) {
      const printed = await owner.post(`/api/v1/ecommerce/cassa/orders/${order.id}/print`);
      expect(printed.status).toBe(202);
      expect(printed.body.jobs).toContainEqual({ id: auto!.id, printer_id: kitchen.id });
    }
    expect((await jobsOf(order.id)).filter((j) => j.printer_id === kitchen.id)).toHaveLength(1);
    const claimed = (await agent.claim()).body.job;
    expect(claimed.id).toBe(auto!.id);
    await agent.done(claimed.id);
    expect((await agent.claim()).body.job).toBeNull();
  });

  it('writes a job per paired printer (202); the ticket of a reprint is not labelled', async () => {
    await drain();
    const order = (await checkout('Ida Cassa')).body.order;
    const auto = (await agent.claim()).body.job;
    await agent.done(auto.id);
    const printed = await owner.post(`/api/v1/ecommerce/cassa/orders/${order.id}/print`);
    expect(printed.status).toBe(202);
    const paired = await server.handle.db.selectFrom('printer_tokens').select('printer_id').distinct().orderBy('printer_id').execute();
    expect(printed.body.jobs.map((j: { printer_id: number }) => j.printer_id)).toEqual(paired.map((p) => p.printer_id));
    const reprint = (await agent.claim()).body.job;
    expect(reprint).toMatchObject({ order_id: order.id, reprint_label: false });
    await agent.done(reprint.id);
  });
});
