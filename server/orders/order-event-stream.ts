import type { OrderEventsTable } from '../db/schema';
import type { PrinterState } from '../print/printer-status';

/** One change of an order as a stream sends it: ids and small facts, nothing personal. */
export interface OrderEvent {
  id: number;
  orderId: number;
  kind: OrderEventsTable['kind'];
  deliveryDate: string;
}

/** Which events a stream carries: the cassa's every order, a customer's page one order. */
export type OrderEventFilter = { orders: 'all' } | { orders: 'one'; orderId: number };

export const allOrders: OrderEventFilter = { orders: 'all' };
export const oneOrder = (orderId: number): OrderEventFilter => ({ orders: 'one', orderId });

export const matchesFilter = (filter: OrderEventFilter, event: OrderEvent): boolean =>
  filter.orders === 'all' || event.orderId === filter.orderId;

/**
 * What a stream hands its client, in order: an event, a new catalogue version or a kitchen printer's
 * state (the cassa's stream), or a heartbeat that keeps a quiet connection open.
 */
export type StreamMessage =
  | { type: 'event'; event: OrderEvent }
  | { type: 'catalogue'; version: number }
  | { type: 'printer'; state: PrinterState }
  | { type: 'heartbeat' };

/** Why a stream ended: its client left or the server closed, the client fell too far behind, the session ended. */
export type StreamEnd = 'closed' | 'overflow' | 'revoked';

export interface StreamOptions {
  heartbeatMs: number;
  /** asked before each heartbeat: false ends the stream ('revoked'), e.g. a session that expired */
  stillValid?: () => Promise<boolean>;
  /**
   * The most live events waiting for a slow client. Past it the stream ends ('overflow'): the client
   * reconnects with its Last-Event-ID and replays from the table, so memory stays bounded.
   */
  bufferLimit?: number;
  /**
   * Subscribes to the committed catalogue versions the stream tells too (the cassa reloads its products).
   * Only the newest waits for a slow client, and none is replayed: a client that reconnects reloads anyway.
   */
  catalogue?: (listener: (version: number) => void) => () => void;
  /** Subscribes to the printers' states the stream tells too (current ones first); only each printer's newest waits. */
  printers?: (listener: (state: PrinterState) => void) => () => void;
}

/** Where a stream reads from: the process's fan-out and the table. */
export interface StreamSource {
  subscribe(listener: (event: OrderEvent) => void): () => void;
  /** the filter's events after `afterId`, oldest first, at most a page */
  read(afterId: number, filter: OrderEventFilter): Promise<OrderEvent[]>;
  /** the highest id in the table */
  latestId(): Promise<number>;
  pageSize: number;
}

const DEFAULT_BUFFER_LIMIT = 1000;

/**
 * Replay then follow: it listens first, replays what came after the client's last id, then hands over
 * the live events it heard meanwhile, skipping those the replay already gave. Ids become visible in
 * commit order (each writer allocates its event id under a lock held to commit), so "every id above
 * the last one given" is exact: no gap, no repeat.
 */
export class OrderEventStream implements AsyncIterable<StreamMessage> {
  readonly #live: OrderEvent[] = [];
  #end: StreamEnd | null = null;
  #heartbeatDue = false;
  /** a catalogue version heard and not yet given */
  #catalogueVersion: number | null = null;
  /** per printer, the state heard and not yet given */
  readonly #printerStates = new Map<number, PrinterState>();
  /** per printer, what the client was last told (reachable, paper, since): a state heard again is not news */
  readonly #printerGiven = new Map<number, string>();
  #wake: (() => void) | null = null;
  readonly #unsubscribe: () => void;
  readonly #unsubscribeCatalogue: () => void;
  readonly #unsubscribePrinters: () => void;
  readonly #heartbeat: NodeJS.Timeout;
  readonly #ended: Promise<StreamEnd>;
  #resolveEnded: (reason: StreamEnd) => void = () => undefined;

  constructor(
    private readonly source: StreamSource,
    private readonly lastId: number | null,
    private readonly filter: OrderEventFilter,
    private readonly options: StreamOptions,
  ) {
    this.#ended = new Promise((resolve) => (this.#resolveEnded = resolve));
    const limit = options.bufferLimit ?? DEFAULT_BUFFER_LIMIT;
    this.#unsubscribe = source.subscribe((event) => {
      if (!matchesFilter(filter, event)) return;
      if (this.#live.length >= limit) return this.close('overflow');
      this.#live.push(event);
      this.#signal();
    });
    this.#unsubscribeCatalogue =
      options.catalogue?.((version) => {
        this.#catalogueVersion = version;
        this.#signal();
      }) ?? (() => undefined);
    this.#unsubscribePrinters =
      options.printers?.((state) => {
        this.#printerStates.set(state.printer_id, state);
        this.#signal();
      }) ?? (() => undefined);
    this.#heartbeat = setInterval(() => void this.#beat(), options.heartbeatMs);
    this.#heartbeat.unref();
  }

  /** Resolves with the reason once the stream has ended. */
  get ended(): Promise<StreamEnd> {
    return this.#ended;
  }

  /** Ends the stream now; what was waiting is dropped (a client that comes back replays it). */
  close(reason: StreamEnd = 'closed'): void {
    if (this.#end) return;
    this.#end = reason;
    clearInterval(this.#heartbeat);
    this.#unsubscribe();
    this.#unsubscribeCatalogue();
    this.#unsubscribePrinters();
    this.#live.length = 0;
    this.#resolveEnded(reason);
    this.#signal();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<StreamMessage> {
    try {
      const replayFrom = await this.#replayFrom();
      let given = replayFrom ?? 0;
      // The replay reads a page at a time, as the client takes them.
      for (let more = replayFrom !== null; more && !this.#end;) {
        const page = await this.source.read(given, this.filter);
        for (const event of page) {
          if (this.#end) return;
          yield { type: 'event', event };
          given = event.id;
        }
        more = page.length === this.source.pageSize;
      }
      while (!this.#end) {
        const event = this.#live.shift();
        if (event) {
          if (event.id <= given) continue;
          given = event.id;
          yield { type: 'event', event };
        } else if (this.#catalogueVersion !== null) {
          const version = this.#catalogueVersion;
          this.#catalogueVersion = null;
          yield { type: 'catalogue', version };
        } else if (this.#printerStates.size > 0) {
          const [id, state] = this.#printerStates.entries().next().value!;
          this.#printerStates.delete(id);
          // On PostgreSQL a change also comes back through NOTIFY, read again with a later report time.
          const told = `${state.reachable} ${state.paper} ${state.since}`;
          if (this.#printerGiven.get(id) === told) continue;
          this.#printerGiven.set(id, told);
          yield { type: 'printer', state };
        } else if (this.#heartbeatDue) {
          this.#heartbeatDue = false;
          yield { type: 'heartbeat' };
        } else {
          await new Promise<void>((resolve) => (this.#wake = resolve));
        }
      }
    } finally {
      this.close();
    }
  }

  /**
   * The id the client has everything up to: its Last-Event-ID; none (nothing to replay) without one or
   * when it is past every id the table holds (a database restored or reset).
   */
  async #replayFrom(): Promise<number | null> {
    if (this.lastId === null) return null;
    return this.lastId <= (await this.source.latestId()) ? this.lastId : null;
  }

  /** Asks now whether the stream may go on (`stillValid`), and ends it if not. */
  async recheck(): Promise<boolean> {
    // A failed check (the database away) keeps the stream: only a session known to be over ends it.
    if (!this.options.stillValid || (await this.options.stillValid().catch(() => true))) return true;
    this.close('revoked');
    return false;
  }

  async #beat(): Promise<void> {
    if (!(await this.recheck())) return;
    this.#heartbeatDue = true;
    this.#signal();
  }

  #signal(): void {
    const wake = this.#wake;
    this.#wake = null;
    wake?.();
  }
}
