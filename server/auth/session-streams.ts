import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { PgListener } from '../db/pg-listener';

/** The sessions whose streams end: one (a logout, a password change's others), or all of a user's (disabled, reset). */
export type EndedSessions = { sessionId: number } | { userId: number };

/**
 * Open streams per session. A cassa tab holds one; a second screen on the same login, or a reconnect
 * whose old connection the server has not yet seen drop, holds another for a while. Five leaves room
 * for those; past it the oldest is closed, never the new one, so a tab that reconnects is not locked
 * out by its own dead connections.
 */
export const STREAMS_PER_SESSION = 5;

const SESSIONS_CHANNEL = 'ended_sessions';

/** What the registry does with a stream: end it, or have it ask whether its session still holds. */
export interface SessionBound {
  close(): void;
  recheck(): void;
}

interface BoundStream extends SessionBound {
  sessionId: number;
  userId: number;
}

/**
 * The open streams bound to their session, so a logout, a disabled account or a password reset closes
 * them at once. SQLite (one process): closed here. PostgreSQL: a NOTIFY on the sessions channel tells
 * every process (this one too) through the shared `PgListener`; when its connection comes back, every
 * stream re-checks its session. And each heartbeat re-checks it too (an expired session, a lost NOTIFY).
 */
export class SessionStreams {
  /** per session, oldest first */
  readonly #streams = new Map<number, BoundStream[]>();
  #unsubscribe: (() => void) | null = null;

  constructor(
    private readonly db: Db,
    private readonly listener?: PgListener,
  ) {}

  /** Binds a stream to its session; returns the unbinding, for when the stream ends by itself. */
  bind(session: { id: number; userId: number }, bound: SessionBound): () => void {
    const stream: BoundStream = { ...bound, sessionId: session.id, userId: session.userId };
    const open = this.#streams.get(session.id) ?? [];
    open.push(stream);
    this.#streams.set(session.id, open);
    while (open.length > STREAMS_PER_SESSION) open.shift()!.close();
    return () => this.#unbind(stream);
  }

  /** The sessions' streams end, in every process; called once their tokens are deleted. */
  async ended(sessions: EndedSessions): Promise<void> {
    if (this.listener) await sql`select pg_notify(${SESSIONS_CHANNEL}, ${JSON.stringify(sessions)})`.execute(this.db);
    else this.#close(sessions);
  }

  /** Before the listener starts (PostgreSQL): hears the sessions ended through any process. */
  start(): void {
    this.#unsubscribe =
      this.listener?.subscribe(SESSIONS_CHANNEL, {
        notify: (payload) => this.#close(JSON.parse(payload) as EndedSessions),
        // What was ended meanwhile was told to nobody here: every stream re-checks its session now.
        reconnected: () => {
          for (const stream of [...this.#streams.values()].flat()) stream.recheck();
        },
      }) ?? null;
  }

  stop(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = null;
  }

  #close(sessions: EndedSessions): void {
    const ending =
      'sessionId' in sessions
        ? (this.#streams.get(sessions.sessionId) ?? [])
        : [...this.#streams.values()].flat().filter((s) => s.userId === sessions.userId);
    for (const stream of [...ending]) stream.close();
  }

  #unbind(stream: BoundStream): void {
    const open = this.#streams.get(stream.sessionId);
    const at = open?.indexOf(stream) ?? -1;
    if (at >= 0) open!.splice(at, 1);
    if (open?.length === 0) this.#streams.delete(stream.sessionId);
  }
}
