import type SQLite from 'better-sqlite3';
import { SelectQueryNode, type CompiledQuery, type DatabaseConnection, type Driver, type QueryResult } from 'kysely';

interface Member {
  resolve(): void;
  reject(error: unknown): void;
}

/** The one connection, as handed to each user of it: a transaction, or a single statement. */
class Handle implements DatabaseConnection {
  /** between its BEGIN and its COMMIT or ROLLBACK */
  inTransaction = false;
  /** its transaction is done and waits for the group's COMMIT: the connection already serves others */
  handedOn = false;

  constructor(private readonly driver: GroupCommitSqliteDriver) {}

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const statement = this.driver.prepare(compiledQuery.sql);
    // A write of its own commits the transactions done so far first, so that it commits on its own.
    if (!this.inTransaction && !statement.readonly) this.driver.commitGroup();
    if (statement.reader) return Promise.resolve({ rows: statement.all(compiledQuery.parameters) as R[] });
    const { changes, lastInsertRowid } = statement.run(compiledQuery.parameters);
    return Promise.resolve({ numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] });
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(compiledQuery.query)) throw new Error('SQLite streams select queries only');
    for (const row of this.driver.prepare(compiledQuery.sql).iterate(compiledQuery.parameters)) yield { rows: [row as R] };
  }
}

/**
 * The SQLite driver, with group commit. A commit writes every page the transaction changed to the
 * log (≈ 120 µs for a checkout: the order, its indexes, the counters, the queued mail), and most of
 * those pages are the same ones for the next order. So the transactions that run one after another
 * within one turn of the event loop share one write transaction: each is a savepoint inside it
 * (a failure rolls back that one only), and each learns it committed only once the shared COMMIT
 * is done — no answer ever reports a commit that has not happened.
 *
 * - The write lock is taken when the group begins (BEGIN IMMEDIATE): another process waits for it up
 *   to the busy timeout instead of failing with "database is locked" halfway through.
 * - A single statement outside a transaction that writes commits the open group first, then runs on
 *   its own; one that only reads runs at once and sees the group's work.
 * - If SQLite gives up the whole transaction (an I/O error, a full disk), every transaction of the
 *   group fails.
 * - The connection is handed to its users in arrival order.
 */
export class GroupCommitSqliteDriver implements Driver {
  readonly #sqlite: SQLite.Database;
  readonly #prepare: (sql: string) => SQLite.Statement;
  readonly #free: Handle[] = [];
  readonly #waiting: (() => void)[] = [];
  #locked = false;
  /** the done transactions of the open group; null when no group is open */
  #group: Member[] | null = null;
  #commitScheduled = false;

  constructor(sqlite: SQLite.Database, prepare: (sql: string) => SQLite.Statement) {
    this.#sqlite = sqlite;
    this.#prepare = prepare;
  }

  prepare(sql: string): SQLite.Statement {
    return this.#prepare(sql);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#lock();
    // Handles are reused: Kysely remembers every connection object it was given.
    return this.#free.pop() ?? new Handle(this);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const handle = connection as Handle;
    if (!handle.handedOn) this.#unlock();
    handle.handedOn = false;
    handle.inTransaction = false;
    this.#free.push(handle);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.#group && !this.#sqlite.inTransaction) this.#fail(new Error('SQLite rolled back the group transaction'));
    if (!this.#group) {
      this.#prepare('begin immediate').run();
      this.#group = [];
    }
    this.#prepare('savepoint grouped').run();
    (connection as Handle).inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const handle = connection as Handle;
    this.#prepare('release grouped').run();
    handle.inTransaction = false;
    const committed = new Promise<void>((resolve, reject) => this.#group!.push({ resolve, reject }));
    handle.handedOn = true;
    this.#unlock();
    this.#scheduleCommit();
    await committed;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const handle = connection as Handle;
    // Its group's COMMIT failed: SQLite already undid everything.
    if (handle.handedOn) return;
    handle.inTransaction = false;
    if (!this.#sqlite.inTransaction) return this.#fail(new Error('SQLite rolled back the group transaction'));
    this.#prepare('rollback to grouped').run();
    this.#prepare('release grouped').run();
    // The group's only transaction: end it now rather than hold the write lock for nothing.
    if (this.#group!.length === 0) this.commitGroup();
  }

  /** Commits the open group; the caller holds the connection. */
  commitGroup(): void {
    const members = this.#group;
    if (!members) return;
    this.#group = null;
    try {
      this.#prepare('commit').run();
    } catch (error) {
      if (this.#sqlite.inTransaction) this.#prepare('rollback').run();
      for (const member of members) member.reject(error);
      return;
    }
    for (const member of members) member.resolve();
  }

  async destroy(): Promise<void> {
    await this.#lock();
    this.commitGroup();
    this.#sqlite.close();
  }

  /** The whole transaction is gone: every transaction of the group fails with it. */
  #fail(error: Error): void {
    const members = this.#group ?? [];
    this.#group = null;
    for (const member of members) member.reject(error);
  }

  /** After this turn's transactions: those already waiting for the connection still join the group. */
  #scheduleCommit(): void {
    if (this.#commitScheduled) return;
    this.#commitScheduled = true;
    setImmediate(async () => {
      await this.#lock();
      this.#commitScheduled = false;
      try {
        this.commitGroup();
      } finally {
        this.#unlock();
      }
    });
  }

  #lock(): Promise<void> | void {
    if (!this.#locked) {
      this.#locked = true;
      return;
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  #unlock(): void {
    const next = this.#waiting.shift();
    // Handed straight to the next in line: #locked stays set, so nobody overtakes it.
    if (next) next();
    else this.#locked = false;
  }
}
