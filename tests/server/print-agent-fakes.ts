import http from 'node:http';
import net from 'node:net';
import type { PrintJob, PrintTicket } from '../../server/print-agent/ticket';

/** cp858's upper half, as Python's codec decodes it (cp850 with '€' at 0xD5): an oracle apart from the encoder. */
const CP858_HIGH =
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜø£Ø×ƒáíóúñÑªº¿®¬½¼¡«»░▒▓│┤ÁÂÀ©╣║╗╝¢¥┐└┴┬├─┼ãÃ╚╔╩╦╠═╬¤ðÐÊËÈ€ÍÎÏ┘┌█▄¦Ì▀ÓßÔÒõÕµþÞÚÛÙýÝ¯´\u00AD±‗¾¶§÷¸°¨·¹³²■\u00A0';

export function decodeCp858(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => (b < 0x80 ? String.fromCharCode(b) : CP858_HIGH[b - 0x80])).join('');
}

export const CUT = Buffer.from([0x1d, 0x56]);

/**
 * A network thermal printer on loopback: keeps what it receives and answers DLE EOT status requests
 * (unless told to hold its answers, like a printer that took the data but never says so).
 */
export async function fakePrinter() {
  const received: Buffer[] = [];
  const sockets = new Set<net.Socket>();
  const state = { connections: 0, answering: true, paper: 0x12, lastByteAt: 0 };
  const server = net.createServer((socket) => {
    state.connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let seen = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      state.lastByteAt = Date.now();
      received.push(chunk);
      seen = Buffer.concat([seen, chunk]);
      for (let i = seen.indexOf(0x10); i >= 0 && i + 2 < seen.length; i = seen.indexOf(0x10, i + 1)) {
        if (seen[i + 1] !== 0x04 || !state.answering) continue;
        socket.write(Buffer.from([seen[i + 2] === 4 ? state.paper : 0x16]));
      }
      seen = seen.subarray(Math.max(0, seen.length - 2));
    });
  });
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    address: { host: '127.0.0.1', port },
    state,
    bytes: () => new Uint8Array(Buffer.concat(received)),
    text: () => decodeCp858(Buffer.concat(received)),
    /** switched off: connections are refused */
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
    start: () => listen(port),
  };
}

export type FakePrinter = Awaited<ReturnType<typeof fakePrinter>>;

export function ticket(overrides: Partial<PrintTicket> = {}): PrintTicket {
  return {
    shop_name: 'Pizzeria Da Romolo',
    order_num: 123,
    delivery_date: '2026-11-18',
    delivery_time: '20:15',
    delivery_label: 'Consegna a domicilio',
    allergy_note: 'noci, latte',
    name: 'Niccolò Bàrberi',
    intercom_name: null,
    address: 'Via della Città 5',
    zone_name: 'Centro',
    telephone: '3331234567',
    lines: [
      { qty: 2, description: 'Margherita', total: 12.5 },
      { qty: 1, description: 'Capricciosa, impasto integrale (+ 1,50 €)', total: 9 },
    ],
    delivery_fee: 2,
    note: 'Suonare forte',
    discount_code: null,
    subtotal: 23.5,
    total: 23.5,
    payment_label: 'Contanti',
    edited: false,
    ...overrides,
  };
}

interface FakeJob {
  id: number;
  ticket: PrintTicket;
  copies: number;
  state: 'waiting' | 'leased' | 'sending' | 'done';
  leaseUntil: number;
}

/**
 * The agent's side of the contract in a few lines (pairing, wake-ups, leases, acknowledgements, status),
 * recording what it was told (the real server's leases: tests/server/print-agent-server.test.ts).
 */
export async function fakeServer() {
  const leaseSeconds = 30;
  const code = 'ABCD-2345';
  const token = 'printer-token-0123456789abcdef';
  const jobs: FakeJob[] = [];
  const calls: string[] = [];
  const reports: { reachable: boolean; paper: string }[] = [];
  const streams = new Set<http.ServerResponse>();
  const state = { paired: false, revoked: false, leasesLost: false, failedDones: 0 };

  const waiting = () => jobs.filter((j) => j.state === 'waiting' || (j.state !== 'done' && j.leaseUntil < Date.now()));
  const wakeUp = () => {
    for (const stream of streams) stream.write(`event: jobs\ndata: ${waiting().length}\n\n`);
  };
  const send = (res: http.ServerResponse, status: number, body?: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(body === undefined ? undefined : JSON.stringify(body));
  };

  const server = http.createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += String(chunk);
    const url = req.url ?? '';
    calls.push(`${req.method} ${url}`);
    if (url.endsWith('/pair')) {
      const ok = !state.paired && (JSON.parse(raw) as { pairing_code: string }).pairing_code === code;
      state.paired ||= ok;
      return ok
        ? send(res, 200, { token, printer: { id: 1, name: 'Cucina', paper_width_mm: 80, copies: 1 } })
        : send(res, 401, { code: 'auth.unauthenticated', message: 'Codice non valido.' });
    }
    if (state.revoked || req.headers.authorization !== `Bearer ${token}`)
      return send(res, 401, { code: 'auth.unauthenticated', message: 'No.' });
    if (url.endsWith('/events')) {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      streams.add(res);
      req.on('close', () => streams.delete(res));
      return res.write(`event: jobs\ndata: ${waiting().length}\n\n`);
    }
    if (url.endsWith('/status')) {
      reports.push(JSON.parse(raw) as { reachable: boolean; paper: string });
      return send(res, 204);
    }
    if (url.endsWith('/claim')) {
      const job = waiting()[0];
      if (!job) return send(res, 200, { job: null });
      job.state = 'leased';
      job.leaseUntil = Date.now() + leaseSeconds * 1000;
      const wire: PrintJob = {
        id: job.id,
        order_id: job.id,
        reprint_label: false,
        copies: job.copies,
        paper_width_mm: 80,
        lease_seconds: leaseSeconds,
        ticket: job.ticket,
      };
      return send(res, 200, { job: wire });
    }
    const [, id, action] = /\/jobs\/(\d+)\/(\w+)$/.exec(url) ?? [];
    const job = jobs.find((j) => j.id === Number(id));
    if (!job) return send(res, 404, { code: 'not_found', message: 'Non trovato.' });
    // A server restarting: the next few 'done' get no useful answer.
    if (action === 'done' && state.failedDones > 0) {
      state.failedDones--;
      return send(res, 503, { message: 'Riavvio in corso.' });
    }
    if (action === 'done' && job.state === 'done') return send(res, 204);
    if (state.leasesLost || job.leaseUntil < Date.now() || job.state === 'done')
      return send(res, 409, { code: 'print.lease_lost', message: 'Lease scaduto.' });
    job.state = action === 'sending' ? 'sending' : action === 'done' ? 'done' : 'waiting';
    send(res, 204);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;

  return {
    url,
    code,
    token,
    jobs,
    calls,
    reports,
    state,
    addJob(overrides: Partial<PrintTicket> = {}, copies = 1): FakeJob {
      const job: FakeJob = { id: jobs.length + 1, ticket: ticket(overrides), copies, state: 'waiting', leaseUntil: 0 };
      jobs.push(job);
      wakeUp();
      return job;
    },
    count: (pattern: RegExp) => calls.filter((c) => pattern.test(c)).length,
    close: () =>
      new Promise<void>((resolve) => {
        for (const stream of streams) stream.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type FakeServer = Awaited<ReturnType<typeof fakeServer>>;

/** Polls until the check holds (the agent works on real time). */
export async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
