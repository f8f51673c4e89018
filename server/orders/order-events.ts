import type { Clock } from '../clock';
import type { Db } from '../db/database';
import type { PgListener } from '../db/pg-listener';
import { ORDER_EVENTS_CHANNEL } from './order-store';
import { OrderEventStream, type OrderEvent, type OrderEventFilter, type StreamOptions } from './order-event-stream';

export type { OrderEvent } from './order-event-stream';

type Listener = (event: OrderEvent) => void;

/**
 * Events are kept a day: a cassa that was away longer reloads its list anyway. The cassa's request
 * keys go with them: its offline outbox resends within the day, never later.
 */
const KEEP_MS = 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;
/** Under the 25 s after which some proxies and browsers give up on a quiet stream. */
const SSE_HEARTBEAT_MS = 20_000;
/** The most a replay or a catch-up reads at once. */
const BATCH = 500;
/** The largest id of `order_events` (a PostgreSQL `serial`, 32 bits). */
const MAX_EVENT_ID = 2_147_483_647;

const toEvent = (row: { id: number; order_id: number; kind: OrderEvent['kind']; delivery_date: string }): OrderEvent => ({
  id: row.id,
  orderId: row.order_id,
  kind: row.kind,
  deliveryDate: row.delivery_date,
});

/**
 * The order events of this process's streams. SQLite (one process): a writer calls `committed()` after
 * its commit. PostgreSQL: the writers' transactions NOTIFY the id, and the process's LISTEN connection
 * (`PgListener`) hears every process's events. Either way the table is read from the last id fanned
 * out: ids become visible in commit order (a writer allocates its event id under a lock held to
 * commit), so that read misses nothing and repeats nothing, and after a dropped LISTEN connection the
 * same read catches up on what was notified to nobody here.
 */
export class OrderEvents {
  readonly #listeners = new Set<Listener>();
  /** the highest id fanned out */
  #lastId = 0;
  /** reads of the table, one after another, so events fan out in order */
  #queue: Promise<void> = Promise.resolve();
  /** a read is queued and not started: what is committed meanwhile, it reads too */
  #readQueued = false;
  #pruneTimer: NodeJS.Timeout | null = null;
  #unsubscribe: (() => void) | null = null;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly options: { listener?: PgListener; onError?: (error: unknown) => void; heartbeatMs?: number } = {},
  ) {}

  subscribe(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The events after `lastId`, oldest first (a stream's replay from `Last-Event-ID`). */
  since(lastId: number, limit = BATCH): Promise<OrderEvent[]> {
    return this.#read(lastId, { orders: 'all' }, limit);
  }

  /** Whether the filter has an event after `afterId` (a stream that ends sends those first). */
  async hasAfter(afterId: number, filter: OrderEventFilter): Promise<boolean> {
    return (await this.#read(afterId, filter, 1)).length > 0;
  }

  /**
   * A stream of the filter's events for one client: the replay after its `lastId` (its Last-Event-ID,
   * or null for none), then the live ones, with heartbeats; see `OrderEventStream`.
   */
  stream(lastId: number | null, filter: OrderEventFilter, options: Omit<StreamOptions, 'heartbeatMs'> = {}): OrderEventStream {
    const source = {
      subscribe: (listener: Listener) => this.subscribe(listener),
      read: (afterId: number, which: OrderEventFilter) => this.#read(afterId, which, BATCH),
      latestId: () => this.#latestId(),
      pageSize: BATCH,
    };
    return new OrderEventStream(source, lastId, filter, { heartbeatMs: this.options.heartbeatMs ?? SSE_HEARTBEAT_MS, ...options });
  }

  /** A writer's transaction committed: on SQLite its events fan out now (PostgreSQL's arrive by LISTEN). */
  committed(): void {
    if (!this.options.listener) this.#catchUp();
  }

  /** Before the listener starts: the last id is known before the first notification arrives. */
  async start(): Promise<void> {
    this.#lastId = await this.#latestId();
    await this.prune();
    this.#pruneTimer = setInterval(() => void this.prune().catch((error) => this.options.onError?.(error)), PRUNE_EVERY_MS);
    this.#pruneTimer.unref();
    this.#unsubscribe =
      this.options.listener?.subscribe(ORDER_EVENTS_CHANNEL, {
        notify: (payload) => {
          const id = Number(payload);
          if (!Number.isSafeInteger(id)) return;
          // No stream here to tell: nothing to read (a stream opened later replays from its Last-Event-ID).
          if (this.#listeners.size === 0) this.#lastId = Math.max(this.#lastId, id);
          else this.#catchUp();
        },
        // Back after a drop: what was committed meanwhile was notified to nobody here.
        reconnected: () => this.#catchUp(),
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
    await this.db.deleteFrom('cassa_request_keys').where('created_at', '<', cutoff).execute();
  }

  async #read(lastId: number, filter: OrderEventFilter, limit: number): Promise<OrderEvent[]> {
    // Past the largest id a `serial` holds there is nothing yet, and PostgreSQL refuses to compare one.
    if (lastId >= MAX_EVENT_ID) return [];
    let query = this.db.selectFrom('order_events').selectAll().where('id', '>', lastId);
    if (filter.orders === 'one') query = query.where('order_id', '=', filter.orderId);
    const rows = await query.orderBy('id').limit(limit).execute();
    return rows.map(toEvent);
  }

  async #latestId(): Promise<number> {
    const last = await this.db
      .selectFrom('order_events')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    return Number(last?.id ?? 0);
  }

  /** Reads what was committed after the last id fanned out; calls meanwhile share the next read. */
  #catchUp(): void {
    if (this.#readQueued) return;
    this.#readQueued = true;
    this.#queue = this.#queue
      .then(async () => {
        this.#readQueued = false;
        for (let events = await this.since(this.#lastId); events.length > 0; events = await this.since(this.#lastId)) {
          for (const event of events) this.#emit(event);
          if (events.length < BATCH) return;
        }
      })
      .catch((error) => this.options.onError?.(error));
  }

  #emit(event: OrderEvent): void {
    if (event.id <= this.#lastId) return;
    this.#lastId = event.id;
    for (const listener of this.#listeners) listener(event);
  }
}
