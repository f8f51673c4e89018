import net from 'node:net';
import type { components } from '../../openapi/schema';

export type PaperState = components['schemas']['PaperState'];

export interface PrinterAddress {
  host: string;
  port: number;
}

/** DLE EOT n: the printer answers one status byte at once, after what it received before. */
const STATUS_REQUEST = { printer: [0x10, 0x04, 0x01], paper: [0x10, 0x04, 0x04] } as const;

export function parseAddress(value: string): PrinterAddress {
  const match = /^([^:\s]+)(?::(\d{1,5}))?$/.exec(value);
  const port = Number(match?.[2] ?? 9100);
  if (!match || port < 1 || port > 65535) throw new Error(`Indirizzo della stampante non valido: '${value}' (atteso HOST:PORTA)`);
  return { host: match[1]!, port };
}

/** The printer kept the connection open and said nothing to a status request (some clones never answer). */
export class NoStatusAnswer extends Error {
  constructor() {
    super('la stampante non risponde alla richiesta di stato');
  }
}

/** One TCP connection to the printer, opened per job (printers drop idle ones after about 90 s). */
export class PrinterConnection {
  private answers: number[] = [];
  private waiting: ((byte: number) => void) | null = null;
  private failure: Error | null = null;

  private constructor(private readonly socket: net.Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.answers.push(...chunk);
      this.deliver();
    });
    socket.on('error', (error) => (this.failure = error));
    socket.on('close', () => (this.failure ??= new Error('connessione chiusa dalla stampante')));
  }

  static open(address: PrinterAddress, timeoutMs: number): Promise<PrinterConnection> {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ host: address.host, port: address.port });
      const timer = setTimeout(() => socket.destroy(new Error(`ETIMEDOUT ${address.host}:${address.port}`)), timeoutMs);
      socket.once('connect', () => {
        clearTimeout(timer);
        socket.removeListener('error', reject);
        socket.setNoDelay(true);
        resolve(new PrinterConnection(socket));
      });
      socket.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
  }

  write(bytes: Uint8Array): Promise<void> {
    return new Promise((resolve, reject) => this.socket.write(bytes, (error) => (error ? reject(error) : resolve())));
  }

  /** Sends DLE EOT n and waits for the printer's status byte: it answers once it has read all sent before. */
  async status(kind: keyof typeof STATUS_REQUEST, timeoutMs: number): Promise<number> {
    await this.write(Uint8Array.from(STATUS_REQUEST[kind]));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting = null;
        reject(this.failure ?? new NoStatusAnswer());
      }, timeoutMs);
      this.waiting = (byte) => {
        clearTimeout(timer);
        resolve(byte);
      };
      this.deliver();
    });
  }

  close(): void {
    this.socket.end();
    this.socket.destroy();
  }

  private deliver(): void {
    if (!this.waiting || this.answers.length === 0) return;
    const waiting = this.waiting;
    this.waiting = null;
    waiting(this.answers.shift()!);
  }
}

/** DLE EOT 4 (roll paper sensor): bits 5–6 paper out, bits 2–3 near its end; a byte not shaped 0xx1xx10 is not an answer. */
export function paperFromStatus(byte: number | null): PaperState {
  if (byte === null || (byte & 0x93) !== 0x12) return 'unknown';
  if (byte & 0x60) return 'out';
  if (byte & 0x0c) return 'near_end';
  return 'ok';
}

export interface PrinterState {
  reachable: boolean;
  paper: PaperState;
  detail?: string;
}

export interface PrinterProbe {
  state: PrinterState;
  /** connected and asked, did it answer the status request: null when not connected or not asked */
  answered: boolean | null;
}

/**
 * Reachable when it accepts a connection; paper from DLE EOT 4 where it answers. `askStatus` false for a
 * printer known never to answer: the probe would only hold the printer for the whole timeout.
 */
export async function probePrinter(address: PrinterAddress, timeoutMs: number, askStatus = true): Promise<PrinterProbe> {
  let connection: PrinterConnection;
  try {
    connection = await PrinterConnection.open(address, timeoutMs);
  } catch (error) {
    return { state: { reachable: false, paper: 'unknown', detail: describe(error, address) }, answered: null };
  }
  try {
    if (!askStatus) return { state: { reachable: true, paper: 'unknown' }, answered: null };
    const answer = await connection.status('paper', timeoutMs).catch((error: unknown) => (error instanceof NoStatusAnswer ? false : null));
    if (typeof answer === 'number') return { state: { reachable: true, paper: paperFromStatus(answer) }, answered: true };
    return { state: { reachable: true, paper: 'unknown' }, answered: answer };
  } finally {
    connection.close();
  }
}

/** One line for the log and the server: 'ECONNREFUSED 192.168.1.50:9100'. */
export function describe(error: unknown, address: PrinterAddress): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const text = code ? `${code} ${address.host}:${address.port}` : error instanceof Error ? error.message : String(error);
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001F\u007F]/g, ' ').slice(0, 255);
}
