import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app';
import { createMailer, type Mailer } from '../../server/mail/mailer';
import { MailQueue } from '../../server/mail/queue';
import { ApiClient, loggedInClient, outboxAt, productId, startTestServer, type TestServer } from './harness';

const PASSWORD = 'Forno-a-legna-42';
const silent = { info: () => undefined, error: () => undefined };

let server: TestServer;
let margherita: number;
const folders: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pizzeria-mail-'));
  folders.push(dir);
  return dir;
};

beforeAll(async () => {
  server = await startTestServer();
  margherita = await productId(server, 'Margherita');
});
afterAll(async () => {
  await server?.close();
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

/** Another app on the same database, as a restarted process (or a second one) would be. */
async function appOnSameDatabase(mailer: Mailer) {
  const { app, services } = await buildApp({
    db: server.handle.db,
    clock: server.clock,
    mailer,
    appUrl: 'http://pizzeria.test',
    mediaDir: server.mediaDir,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, services, baseUrl: `http://127.0.0.1:${port}` };
}

const order = (client: ApiClient) =>
  client.post('/api/v1/ecommerce/checkout', {
    data: { tipoConsegna: 'ritiro', addressSelector: 0, nomeCliente: 'Rossi', telefono: '3331234567', fascia: '20:30' },
    cart: [{ id: margherita, qty: 1 }],
  });

const queued = () => server.handle.db.selectFrom('mail_queue').selectAll().where('sent_at', 'is', null).execute();

describe('the mail queue', () => {
  it('an order committed just before the process stopped gets its confirmation at the next start, exactly once', async () => {
    // The first process stops its mail worker (it is about to die) right after the order commits.
    await server.services.mail.stop();
    const { client, email } = await loggedInClient(server);
    const placed = await order(client);
    expect(placed.status).toBe(201);
    expect((await queued()).filter((m) => m.recipient === email)).toHaveLength(1);

    const outboxDir = tempDir();
    const restarted = await appOnSameDatabase(createMailer({ outboxDir, from: 'Pizzeria <test@pizzeria.local>', logger: silent }));
    const outbox = outboxAt(outboxDir, () => restarted.services.mail.flush());
    const mails = (await outbox.messages()).filter((m) => m.to.includes(email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(`Ordine n. ${placed.body.order.order_num} confermato`);
    await restarted.app.close();

    // A third start sends nothing again.
    const again = await appOnSameDatabase(createMailer({ outboxDir, from: 'Pizzeria <test@pizzeria.local>', logger: silent }));
    await again.services.mail.flush();
    expect((await outbox.messages()).filter((m) => m.to.includes(email))).toHaveLength(1);
    await again.app.close();
    server.services.mail.start();
  });

  it('with the outbox unwritable, register, resend and forgot still answer 2xx, and the mail goes out once it is back', async () => {
    await server.services.mail.stop(); // only the app with the broken outbox sends, here
    const base = tempDir();
    const outboxDir = path.join(base, 'outbox');
    fs.writeFileSync(outboxDir, 'not a folder'); // mkdir fails, whoever runs the test
    const broken = await appOnSameDatabase(createMailer({ outboxDir, from: 'Pizzeria <test@pizzeria.local>', logger: silent }));
    const client = new ApiClient(broken.baseUrl);
    const email = `giù-${Date.now()}@example.it`.replace('ù', 'u');

    const registered = await client.post('/api/register', { name: 'Lia', email, password: PASSWORD, password_confirmation: PASSWORD });
    expect(registered.status).toBe(201);
    server.clock.advance(61_000);
    expect((await client.post('/api/email/resend', { email })).status).toBe(200);
    expect((await client.post('/api/forgot-password', { email })).status).toBe(200);
    await broken.services.mail.flush();
    const waiting = (await queued()).filter((m) => m.recipient === email);
    expect(waiting.length).toBeGreaterThanOrEqual(2);
    for (const mail of waiting) {
      expect(mail.attempts).toBeGreaterThanOrEqual(1);
      expect(mail.last_error).toMatch(/EEXIST|ENOTDIR/);
    }

    // The folder is fixed; the next try (after the back-off) delivers each mail once.
    fs.rmSync(outboxDir);
    server.clock.advance(5 * 60_000);
    const outbox = outboxAt(outboxDir, () => broken.services.mail.flush());
    const delivered = (await outbox.messages()).filter((m) => m.to.includes(email));
    expect(delivered).toHaveLength(waiting.length);
    expect((await queued()).filter((m) => m.recipient === email)).toHaveLength(0);
    expect((await outbox.messages()).filter((m) => m.to.includes(email))).toHaveLength(waiting.length);
    await broken.app.close();
    server.services.mail.start();
  });

  it('two workers on one database send each mail once, and a worker stopped mid-batch hands the rest back', async () => {
    await server.services.mail.stop();
    const { client, email } = await loggedInClient(server);
    for (let i = 0; i < 6; i++) expect((await order(client)).status).toBe(201);
    const confirmations = async () =>
      (await server.handle.db.selectFrom('mail_queue').selectAll().where('recipient', '=', email).execute()).filter((m) =>
        m.subject.startsWith('Ordine'),
      );
    expect(await confirmations()).toHaveLength(6);

    // A worker is stopped while it sends the first mail of its batch: that one is sent, the rest given back.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const sentBy: Record<string, string[]> = { stopped: [], a: [], b: [] };
    const mailer = (name: string): Mailer => ({
      send: async (mail) => {
        if (mail.to === email) sentBy[name]!.push(mail.subject);
        if (name === 'stopped') await gate;
        else await new Promise((resolve) => setTimeout(resolve, 2));
      },
    });
    const queueOf = (name: string) => new MailQueue(server.handle.db, server.clock, mailer(name), () => undefined);
    const stopped = queueOf('stopped');
    stopped.start();
    await vi.waitFor(() => expect(sentBy.stopped).toHaveLength(1));
    const stopping = stopped.stop();
    release();
    await stopping;
    const afterStop = await confirmations();
    expect(afterStop.filter((m) => m.sent_at !== null)).toHaveLength(1);
    expect(afterStop.filter((m) => m.sent_at === null && m.attempts === 0)).toHaveLength(5);

    // Two workers race for what is left: every mail goes out once, by one of them.
    await Promise.all([queueOf('a').flush(), queueOf('b').flush()]);
    expect(sentBy.a!.length + sentBy.b!.length).toBe(5);
    expect(new Set([...sentBy.stopped!, ...sentBy.a!, ...sentBy.b!]).size).toBe(6);
    expect((await confirmations()).every((m) => m.sent_at !== null && m.attempts === 1)).toBe(true);
    server.services.mail.start();
  });

  it('keeps sent mail a week, then deletes it; mail not yet sent is never deleted', async () => {
    const db = server.handle.db;
    const now = server.clock.now().getTime();
    const daysAgo = (days: number) => new Date(now - days * 24 * 60 * 60_000).toISOString();
    const row = (recipient: string, sentAt: string | null, createdAt: string) => ({
      recipient,
      subject: 'Conferma ordine',
      text: 'Grazie',
      html: '<p>Grazie</p>',
      attempts: 1,
      next_attempt_at: daysAgo(-1),
      sent_at: sentAt,
      last_error: null,
      created_at: createdAt,
    });
    await db
      .insertInto('mail_queue')
      .values([
        row('vecchia@example.it', daysAgo(8), daysAgo(8)),
        row('recente@example.it', daysAgo(6), daysAgo(6)),
        row('in-attesa@example.it', null, daysAgo(9)),
      ])
      .execute();
    const worker = new MailQueue(db, server.clock, { send: async () => undefined }, () => undefined);
    await worker.flush();
    const left = await db.selectFrom('mail_queue').select('recipient').where('recipient', 'like', '%@example.it').execute();
    const recipients = left.map((m) => m.recipient);
    expect(recipients).not.toContain('vecchia@example.it');
    expect(recipients).toEqual(expect.arrayContaining(['recente@example.it', 'in-attesa@example.it']));
  });

  it('a mail server that never answers does not hold up the request', async () => {
    const hanging = await appOnSameDatabase({ send: () => new Promise((resolve) => setTimeout(resolve, 3_000)) });
    const client = new ApiClient(hanging.baseUrl);
    const started = Date.now();
    const email = `lento-${Date.now()}@example.it`;
    const registered = await client.post('/api/register', { name: 'Lento', email, password: PASSWORD, password_confirmation: PASSWORD });
    expect(registered.status).toBe(201);
    expect(Date.now() - started).toBeLessThan(1_000);
    await hanging.app.close();
  });
});

/** A real clock the test moves: what the claims read, while the shop's clock stays frozen. */
function movableClock() {
  let offset = 0;
  return { now: () => new Date(Date.now() + offset), advance: (ms: number) => (offset += ms) };
}

describe('claims (the crash drill: kill -9 mid-batch)', () => {
  /** Drinks take no room in the oven: these orders never meet a slot's capacity. */
  const drinkOrder = async (client: ApiClient) =>
    client.post('/api/v1/ecommerce/checkout', {
      data: { tipoConsegna: 'ritiro', addressSelector: 0, nomeCliente: 'Rossi', telefono: '3331234567', fascia: '21:00' },
      cart: [{ id: await productId(server, 'Acqua naturale 50 cl'), qty: 1 }],
    });
  const confirmationsTo = async (email: string) =>
    (await server.handle.db.selectFrom('mail_queue').selectAll().where('recipient', '=', email).orderBy('id').execute()).filter((m) =>
      m.subject.startsWith('Ordine'),
    );

  it('a killed worker’s mails go out 30 s later by the real clock, with the shop’s clock frozen, each once in the outbox', async () => {
    await server.services.mail.stop();
    const { client, email } = await loggedInClient(server);
    for (let i = 0; i < 4; i++) expect((await drinkOrder(client)).status).toBe(201);

    // The first worker writes its first mail to the outbox, then dies before marking it sent.
    const outboxDir = tempDir();
    const outboxMailer = createMailer({ outboxDir, from: 'Pizzeria <test@pizzeria.local>', logger: silent });
    const real = movableClock();
    let dying!: () => void;
    const death = new Promise<void>((_, reject) => (dying = () => reject(new Error('killed'))));
    let wrote = 0;
    const killed = new MailQueue(
      server.handle.db,
      server.clock,
      {
        resendReplaces: true,
        send: async (mail) => {
          await outboxMailer.send(mail);
          if (mail.to !== email) return;
          wrote++;
          await death;
        },
      },
      () => undefined,
      { realClock: real },
    );
    killed.start();
    await vi.waitFor(() => expect(wrote).toBe(1));

    const successor = () => new MailQueue(server.handle.db, server.clock, outboxMailer, () => undefined, { realClock: real });
    const outbox = outboxAt(outboxDir);
    const mine = async () => (await outbox.messages()).filter((m) => m.to.includes(email));
    real.advance(29_000);
    await successor().flush();
    expect(await mine()).toHaveLength(1);
    expect((await confirmationsTo(email)).filter((m) => m.sent_at === null)).toHaveLength(4);

    real.advance(2_000);
    await successor().flush();
    expect(await mine()).toHaveLength(4);
    expect((await confirmationsTo(email)).every((m) => m.sent_at !== null)).toBe(true);

    // The dead worker's leftovers change nothing.
    await Promise.all([killed.stop(), dying()]);
    expect(await mine()).toHaveLength(4);
    expect((await confirmationsTo(email)).every((m) => m.sent_at !== null)).toBe(true);
    server.services.mail.start();
  });

  it('a worker sending slowly renews its claim: another worker never takes its mails meanwhile', async () => {
    await server.services.mail.stop();
    const { client, email } = await loggedInClient(server);
    for (let i = 0; i < 4; i++) expect((await drinkOrder(client)).status).toBe(201);
    const sent: string[] = [];
    const mailer = (name: string, delayMs: number): Mailer => ({
      send: async (mail) => {
        if (mail.to === email) sent.push(`${name}:${mail.id}`);
        await new Promise((resolve) => setTimeout(resolve, delayMs));
      },
    });
    // Claims of 600 ms, renewed every 200 ms; the slow worker takes 1,6 s for the batch.
    const slow = new MailQueue(server.handle.db, server.clock, mailer('slow', 400), () => undefined, { claimMs: 600 });
    const sending = slow.flush();
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    const other = new MailQueue(server.handle.db, server.clock, mailer('other', 0), () => undefined, { claimMs: 600 });
    while (sent.length < 4) {
      await other.flush();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await sending;
    await other.flush();
    expect(sent.every((entry) => entry.startsWith('slow:'))).toBe(true);
    expect(new Set(sent).size).toBe(4);
    expect((await confirmationsTo(email)).every((m) => m.sent_at !== null && m.attempts === 1)).toBe(true);
    server.services.mail.start();
  });

  it('a transport that cannot replace a repeat (SMTP) has each mail marked sent as soon as the server took it', async () => {
    await server.services.mail.stop();
    const { client, email } = await loggedInClient(server);
    for (let i = 0; i < 2; i++) expect((await drinkOrder(client)).status).toBe(201);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let accepted = 0;
    const smtp = new MailQueue(
      server.handle.db,
      server.clock,
      {
        send: async (mail) => {
          if (mail.to !== email) return;
          if (++accepted === 2) await gate;
        },
      },
      () => undefined,
    );
    const sending = smtp.flush();
    await vi.waitFor(() => expect(accepted).toBe(2));
    // The second mail is still with the server: the first one, accepted, is already marked.
    expect((await confirmationsTo(email)).map((m) => m.sent_at !== null)).toEqual([true, false]);
    release();
    await sending;
    expect((await confirmationsTo(email)).every((m) => m.sent_at !== null)).toBe(true);
    server.services.mail.start();
  });

  it('the outbox writes one file per mail: sent again, it replaces the first copy', async () => {
    const outboxDir = tempDir();
    const mailer = createMailer({ outboxDir, from: 'Pizzeria <test@pizzeria.local>', logger: silent });
    const mail = {
      id: 41,
      createdAt: '2026-11-18T16:00:00.000Z',
      to: 'a@example.it',
      subject: 'Ordine n. 7 confermato',
      text: 'Grazie',
      html: '<p>Grazie</p>',
    };
    await mailer.send(mail);
    await mailer.send(mail);
    await mailer.send({ ...mail, id: 42 });
    expect(fs.readdirSync(outboxDir).filter((name) => name.endsWith('.eml'))).toHaveLength(2);
    expect(mailer.resendReplaces).toBe(true);
  });
});
