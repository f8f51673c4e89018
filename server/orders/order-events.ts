import pg from 'pg';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { ORDER_EVENTS_CHANNEL, type OrderEventKind } from './order-store';

/** One change of an order as the cassa's stream sends it: ids and small facts, nothing personal. */
export interface OrderEvent {
  id: number;
  orderId: number;
  kind: OrderEventKind;
  deliveryDate: string;
}

type Listener = (event: OrderEvent) => void;

/** Events are kept a day: a cassa that was away longer reloads its list anyway. */
const KEEP_MS = 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;
/** The most a replay or a catch-up reads at once. */
const BATCH = 500;
/**
 * PostgreSQL hands out sequence ids at insert and commits in any order: after the LISTEN connection
 * comes back, the catch-up re-reads a little below the last id sent, and skips what was sent.
 */
const CATCH_UP_MARGIN = 100;
const SENT_REMEMBERED = 1000;
const RECONNECT_DELAYS_MS = [500, 1000, 2000, 5000];

const toEvent = (row: { id: number; order_id: number; kind: OrderEventKind; delivery_date: string }): OrderEvent => ({
  id: row.id,
  orderId: row.order_id,
  kind: row.kind,
  deliveryDate: row.delivery_date,
});

/**
 * The order events of this process's streams. SQLite (one process): a writer calls `committed()` after
 * its commit, and the new rows fan out. PostgreSQL: the writers' transactions NOTIFY the id, and one
 * LISTEN connection per process hears every process's events; when it drops, it reconnects and
 * re-reads the table from the last id it sent, so nothing is lost in between.
 */
export class OrderEvents {
  readonly #listeners = new Set<Listener>();
  /** the highest id fanned out */
  #lastId = 0;
  readonly #sent = new Set<number>();
  /** reads of the table, one after another, so events fan out in order */
  #queue: Promise<void> = Promise.resolve();
  /** ids notified and not yet read */
  #heard: number[] = [];
  #client: pg.Client | null = null;
  #stopped = true;
  #reconnects = 0;
  #reconnectTimer: NodeJS.Timeout | null = null;
  #pruneTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly options: { postgresUrl?: string; onError?: (error: unknown) => void } = {},
  ) {}

  subscribe(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The events after `lastId`, oldest first (a stream's replay from `Last-Event-ID`). */
  async since(lastId: number, limit = BATCH): Promise<OrderEvent[]> {
    const rows = await this.db.selectFrom('order_events').selectAll().where('id', '>', lastId).orderBy('id').limit(limit).execute();
    return rows.map(toEvent);
  }

  /** A writer's transaction committed: on SQLite its events fan out now (PostgreSQL's arrive by LISTEN). */
  committed(): void {
    if (!this.options.postgresUrl) this.#enqueue(() => this.#fanOutSince(this.#lastId));
  }

  async start(): Promise<void> {
    this.#stopped = false;
    const last = await this.db
      .selectFrom('order_events')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    this.#lastId = Number(last?.id ?? 0);
    await this.prune();
    this.#pruneTimer = setInterval(() => void this.prune().catch((error) => this.options.onError?.(error)), PRUNE_EVERY_MS);
    this.#pruneTimer.unref();
    if (this.options.postgresUrl) await this.#listen();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#pruneTimer) clearInterval(this.#pruneTimer);
    if (this.#reconnectTimer) clearTimeout(this.#reconnectTimer);
    const client = this.#client;
    this.#client = null;
    await client?.end().catch(() => undefined);
    await this.#queue;
    this.#listeners.clear();
  }

  /** The backend pid of the LISTEN connection (tests drop it), or null. */
  get listenerPid(): number | null {
    return (this.#client as unknown as { processID?: number } | null)?.processID ?? null;
  }

  async prune(): Promise<void> {
    const cutoff = new Date(this.clock.now().getTime() - KEEP_MS).toISOString();
    await this.db.deleteFrom('order_events').where('at', '<', cutoff).execute();
  }

  async #listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.options.postgresUrl });
    client.on('notification', (message) => {
      const id = Number(message.payload);
      if (!Number.isSafeInteger(id)) return;
      // No stream here to tell: nothing to read (a stream opened later replays from its Last-Event-ID).
      if (this.#listeners.size === 0) {
        this.#lastId = Math.max(this.#lastId, id);
        return;
      }
      // The ids heard while a read is under way are read together by the next one.
      this.#heard.push(id);
      if (this.#heard.length === 1) this.#enqueue(() => this.#fanOutIds(this.#heard.splice(0)));
    });
    const lost = (error?: unknown) => {
      if (this.#client !== client) return;
      this.#client = null;
      if (error) this.options.onError?.(error);
      this.#scheduleReconnect();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      await client.query(`LISTEN ${ORDER_EVENTS_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      if (this.#stopped) return;
      this.options.onError?.(error);
      this.#scheduleReconnect();
      return;
    }
    if (this.#stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    const wasReconnect = this.#reconnects > 0;
    this.#client = client;
    this.#reconnects = 0;
    // Back after a drop: what was committed meanwhile was notified to nobody here.
    if (wasReconnect) this.#enqueue(() => this.#fanOutSince(Math.max(0, this.#lastId - CATCH_UP_MARGIN)));
  }

  #scheduleReconnect(): void {
    if (this.#stopped || this.#reconnectTimer) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(this.#reconnects, RECONNECT_DELAYS_MS.length - 1)]!;
    this.#reconnects += 1;
    this.#reconnectTimer = setTimeout(() => {
      this.#reconnectTimer = null;
      void this.#listen();
    }, delay);
    this.#reconnectTimer.unref();
  }

  #enqueue(task: () => Promise<void>): void {
    this.#queue = this.#queue.then(task).catch((error) => this.options.onError?.(error));
  }

  async #fanOutSince(lastId: number): Promise<void> {
    for (let after = lastId; ;) {
      const events = await this.since(after);
      for (const event of events) this.#emit(event);
      if (events.length < BATCH) return;
      after = events.at(-1)!.id;
    }
  }

  async #fanOutIds(ids: number[]): Promise<void> {
    const rows = await this.db.selectFrom('order_events').selectAll().where('id', 'in', ids).orderBy('id').execute();
    for (const row of rows) this.#emit(toEvent(row));
  }

  #emit(event: OrderEvent): void {
    if (this.#sent.has(event.id)) return;
    this.#sent.add(event.id);
    if (this.#sent.size > SENT_REMEMBERED) this.#sent.delete(this.#sent.values().next().value!);
    this.#lastId = Math.max(this.#lastId, event.id);
    for (const listener of this.#listeners) listener(event);
  }
}
