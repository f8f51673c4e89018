import pg from 'pg';

/** What a consumer of one channel is told. */
export interface ChannelHandler {
  /** a NOTIFY on the channel, with its payload */
  notify(payload: string): void;
  /** the connection came back after a drop: what was notified meanwhile reached nobody here */
  reconnected(): void;
}

const RECONNECT_DELAYS_MS = [500, 1000, 2000, 5000];

/**
 * PostgreSQL only: the one LISTEN connection of this process, shared by every consumer (the order
 * events, the catalogue). When it drops it reconnects with growing delays, listens again on every
 * channel and tells each consumer, so each catches up in its own way.
 */
export class PgListener {
  readonly #handlers = new Map<string, Set<ChannelHandler>>();
  #client: pg.Client | null = null;
  #stopped = true;
  #reconnects = 0;
  #reconnectTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly url: string,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  /** Channels are plain identifiers of our own, never user input: they are written into LISTEN as they are. */
  subscribe(channel: string, handler: ChannelHandler): () => void {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
    const handlers = this.#handlers.get(channel) ?? new Set();
    const isNew = handlers.size === 0;
    handlers.add(handler);
    this.#handlers.set(channel, handlers);
    if (isNew && this.#client) void this.#client.query(`LISTEN ${channel}`).catch((error) => this.onError(error));
    return () => handlers.delete(handler);
  }

  async start(): Promise<void> {
    this.#stopped = false;
    await this.#listen();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#reconnectTimer) clearTimeout(this.#reconnectTimer);
    this.#reconnectTimer = null;
    const client = this.#client;
    this.#client = null;
    await client?.end().catch(() => undefined);
  }

  /** The backend pid of the LISTEN connection (tests drop it), or null while there is none. */
  get pid(): number | null {
    return (this.#client as unknown as { processID?: number } | null)?.processID ?? null;
  }

  async #listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (message) => {
      for (const handler of this.#handlers.get(message.channel) ?? []) handler.notify(message.payload ?? '');
    });
    const lost = (error?: unknown) => {
      if (this.#client !== client) return;
      this.#client = null;
      if (error) this.onError(error);
      this.#scheduleReconnect();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      for (const channel of this.#handlers.keys()) await client.query(`LISTEN ${channel}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      if (this.#stopped) return;
      this.onError(error);
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
    if (wasReconnect) for (const handlers of this.#handlers.values()) for (const handler of handlers) handler.reconnected();
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
}
