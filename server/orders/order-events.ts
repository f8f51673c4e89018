import type { Clock } from '../clock';
import type { Db } from '../db/database';
import type { PgListener } from '../db/pg-listener';
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
/** The largest id of `order_events` (a PostgreSQL `serial`, 32 bits). */
const MAX_EVENT_ID = 2_147_483_647;
/**
 * PostgreSQL hands out sequence ids at insert and commits in any order: after the LISTEN connection
 * comes back, the catch-up re-reads a little below the last id sent, and skips what was sent.
 */
const CATCH_UP_MARGIN = 100;
const SENT_REMEMBERED = 1000;

const toEvent = (row: { id: number; order_id: number; kind: OrderEventKind; delivery_date: string }): OrderEvent => ({
  id: row.id,
  orderId: row.order_id,
  kind: row.kind,
  deliveryDate: row.delivery_date,
});

/**
 * The order events of this process's streams. SQLite (one process): a writer calls `committed()` after
 * its commit, and the new rows fan out. PostgreSQL: the writers' transactions NOTIFY the id, and the
 * process's LISTEN connection (`PgListener`) hears every process's events; when it comes back after a
 * drop, the table is re-read from the last id sent, so nothing is lost in between.
 */
export class OrderEvents {
  readonly #listeners = new Set<Listener>();
  /** the highest id fanned out */
  #lastId = 0;
  readonly #sent = new Set<number>();
  /** reads of the table, one after another, so events fan out in order */
  #queue: Promise<void> = Promise.resolve();
  #pruneTimer: NodeJS.Timeout | null = null;
  #unsubscribe: (() => void) | null = null;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly options: { listener?: PgListener; onError?: (error: unknown) => void } = {},
  ) {}

  subscribe(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The events after `lastId`, oldest first (a stream's replay from `Last-Event-ID`). */
  async since(lastId: number, limit = BATCH): Promise<OrderEvent[]> {
    // Past the largest id a `serial` holds there is nothing yet, and PostgreSQL refuses to compare one.
    if (lastId >= MAX_EVENT_ID) return [];
    const rows = await this.db.selectFrom('order_events').selectAll().where('id', '>', lastId).orderBy('id').limit(limit).execute();
    return rows.map(toEvent);
  }

  /** A writer's transaction committed: on SQLite its events fan out now (PostgreSQL's arrive by LISTEN). */
  committed(): void {
    if (!this.options.listener) this.#enqueue(() => this.#fanOutSince(this.#lastId));
  }

  /** Before the listener starts: the last id is known before the first notification arrives. */
  async start(): Promise<void> {
    const last = await this.db
      .selectFrom('order_events')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    this.#lastId = Number(last?.id ?? 0);
    await this.prune();
    this.#pruneTimer = setInterval(() => void this.prune().catch((error) => this.options.onError?.(error)), PRUNE_EVERY_MS);
    this.#pruneTimer.unref();
    this.#unsubscribe =
      this.options.listener?.subscribe(ORDER_EVENTS_CHANNEL, {
        notify: (payload) => {
          const id = Number(payload);
          if (Number.isSafeInteger(id)) this.#enqueue(() => this.#fanOutIds([id]));
        },
        // Back after a drop: what was committed meanwhile was notified to nobody here.
        reconnected: () => this.#enqueue(() => this.#fanOutSince(Math.max(0, this.#lastId - CATCH_UP_MARGIN))),
      }) ?? null;
  }

  async stop(): Promise<void> {
    if (this.#pruneTimer) clearInterval(this.#pruneTimer);
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    await this.#queue;
    this.#listeners.clear();
  }

  /** The backend pid of the LISTEN connection (tests drop it), or null. */
  get listenerPid(): number | null {
    return this.options.listener?.pid ?? null;
  }

  async prune(): Promise<void> {
    const cutoff = new Date(this.clock.now().getTime() - KEEP_MS).toISOString();
    await this.db.deleteFrom('order_events').where('at', '<', cutoff).execute();
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
