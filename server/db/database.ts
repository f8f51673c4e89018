import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, type Driver, type PostgresPool, type PostgresPoolClient } from 'kysely';
import { FALLBACK_CHECKPOINT_PAGES, startCheckpointer } from './checkpointer';
import { GroupCommitSqliteDriver } from './group-commit';
import { statementName } from './statement-names';
import type { Database } from './schema';

export type DialectName = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  dialect: DialectName;
  /** the SQLite file, when it is one */
  file?: string;
  /** the PostgreSQL connection string, when it is one (the order events' LISTEN connection opens its own) */
  postgresUrl?: string;
  close(): Promise<void>;
}

// COUNT/SUM come back as int8/numeric strings from pg; everything they count fits a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number.parseFloat(value));

export interface OpenOptions {
  /** A pooled connection died (server restart, admin kill): its query failed, the pool replaces it on next use. */
  onIdleConnectionError?: (error: Error) => void;
}

export interface StatementCache {
  prepare(sql: string): SQLite.Statement;
  close(): void;
}

/** How many distinct statements stay prepared; `in (…)` lists of every length make the set open-ended. */
export const STATEMENT_CACHE_SIZE = 200;

/**
 * Preparing a statement costs more than running most of them, and Kysely's own SQLite driver prepares
 * every query anew. The same SQL text is a statement SQLite has already compiled: keep the most
 * recently used ones. A
 * statement still busy (an iteration left open) is never handed out twice; SQLite itself recompiles
 * a cached statement when the schema changes.
 */
export function cachingStatements(sqlite: SQLite.Database, size = STATEMENT_CACHE_SIZE): StatementCache {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      const cached = statements.get(sql);
      if (cached && !cached.busy) {
        // Map order is the recency order: move it to the end.
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      if (!cached) {
        statements.set(sql, statement);
        if (statements.size > size) statements.delete(statements.keys().next().value!);
      }
      return statement;
    },
  };
}

/** Kysely's SQLite dialect (query compiler, adapter), with the group-commit driver. */
class GroupCommitSqliteDialect extends SqliteDialect {
  readonly #driver: Driver;
  constructor(sqlite: SQLite.Database) {
    const statements = cachingStatements(sqlite);
    super({ database: statements });
    this.#driver = new GroupCommitSqliteDriver(sqlite, (sql) => statements.prepare(sql));
  }
  override createDriver(): Driver {
    return this.#driver;
  }
}

/** The connection underneath a Db: the pg pool, or the one better-sqlite3 connection. */
export type RawConnection = { dialect: 'postgres'; pool: pg.Pool } | { dialect: 'sqlite'; sqlite: SQLite.Database };
const rawConnections = new WeakMap<Db, RawConnection>();

/** What openDatabase opened for this Db: a library that needs the driver itself reuses it rather than open more. */
export function rawConnectionOf(db: Db): RawConnection {
  const raw = rawConnections.get(db);
  if (!raw) throw new Error('The database was not opened with openDatabase');
  return raw;
}

/**
 * The pool as Kysely sees it, whose connections run the hot paths' `prepared` queries as named
 * statements: PostgreSQL parses and plans each once per connection, not at every run.
 */
function namingStatements(pool: pg.Pool, onConnectionError: (error: Error) => void): PostgresPool {
  const clients = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    /** statements whose result columns changed since this connection prepared them (a `select *` after a migration) */
    const stale = new Set<string>();
    const run = async (sql: string, values: unknown[]) => {
      const name = statementName(sql);
      if (!name || stale.has(name)) return client.query(sql, values);
      try {
        return await client.query({ name, text: sql, values });
      } catch (error) {
        // "cached plan must not change result type": another process migrated; run it unnamed from now on.
        if ((error as { code?: string }).code !== '0A000') throw error;
        stale.add(name);
        return client.query(sql, values);
      }
    };
    let broken = false;
    const query = async (sql: string, values: unknown[]) => {
      try {
        return await run(sql, values);
      } catch (error) {
        broken ||= isConnectionLost(error);
        throw error;
      }
    };
    return {
      // A cursor (Kysely's streams) passes through as it is.
      query: ((sql: unknown, values: unknown[]) =>
        typeof sql === 'string' ? query(sql, values) : client.query(sql as never)) as unknown as PostgresPoolClient['query'],
      // A lost connection is dropped, not pooled: its end may arrive after the next user took it.
      release: () => client.release(broken),
    };
  };
  return {
    async connect() {
      const client = await pool.connect();
      let wrapped = clients.get(client);
      if (!wrapped) {
        clients.set(client, (wrapped = wrap(client)));
        // A connection killed while checked out (an admin's pg_terminate_backend mid-transaction) fails
        // its query, then emits 'error' as it ends: without a listener that would end the process.
        client.on('error', onConnectionError);
      }
      return wrapped;
    },
    end: () => pool.end(),
  };
}

/** The connection itself failed (terminated by an admin, a server shutting down, the socket gone), not a statement. */
const isConnectionLost = (error: unknown): boolean => {
  const code = (error as { code?: string }).code;
  return code === undefined || code.startsWith('57P') || code.startsWith('08');
};

/** `postgres://…` → PostgreSQL; anything else is a SQLite file path (or ":memory:"). */
export function openDatabase(url: string, options: OpenOptions = {}): DatabaseHandle {
  if (/^postgres(ql)?:\/\//.test(url)) {
    // Sized for the cores: concurrent checkouts queue on the same slot and counter rows, so more
    // connections than PostgreSQL can run at once only wait on those locks (bench:checkout, 2 cores:
    // 4 connections beat 8, 10 and 16).
    const pool = new pg.Pool({ connectionString: url, max: Math.max(4, 2 * os.availableParallelism()) });
    // Without a listener, pg re-throws an idle client's error and takes the whole process down.
    const onConnectionError = options.onIdleConnectionError ?? (() => {});
    pool.on('error', onConnectionError);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: namingStatements(pool, onConnectionError) }) });
    rawConnections.set(db, { dialect: 'postgres', pool });
    return { db, dialect: 'postgres', postgresUrl: url, close: () => db.destroy() };
  }
  if (url !== ':memory:') {
    // Customers' names, addresses and password hashes: only the server's own user may read them.
    fs.mkdirSync(path.dirname(path.resolve(url)), { recursive: true, mode: 0o700 });
    fs.closeSync(fs.openSync(url, 'a', 0o600));
    fs.chmodSync(url, 0o600);
  }
  const sqlite = new SQLite(url);
  sqlite.pragma('journal_mode = WAL');
  // SQLite's advice for WAL: a commit appends to the log without an fsync (≈ 0.3 ms each here, most
  // of a checkout); the log is synced at checkpoints, every 250 ms (startCheckpointer). A killed
  // process loses nothing and the file never corrupts; a power cut or OS crash may roll back the
  // commits of the last quarter second.
  sqlite.pragma('synchronous = NORMAL');
  // The rollback journals of savepoints and statements (group commit makes every transaction a
  // savepoint) stay in memory: they only undo a part of an open transaction, so a crash never needs
  // them, and as temp files they cost two write calls per changed page (≈ 20 a checkout).
  sqlite.pragma('temp_store = MEMORY');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new GroupCommitSqliteDialect(sqlite) });
  rawConnections.set(db, { dialect: 'sqlite', sqlite });
  if (url === ':memory:') return { db, dialect: 'sqlite', close: () => db.destroy() };
  sqlite.pragma(`wal_autocheckpoint = ${FALLBACK_CHECKPOINT_PAGES}`);
  const checkpointer = startCheckpointer(path.resolve(url));
  const close = async () => {
    await db.destroy();
    await checkpointer.stop();
  };
  return { db, dialect: 'sqlite', file: path.resolve(url), close };
}

/** A row still referenced elsewhere (a delete racing an insert that names it). */
export function isForeignKeyViolation(error: unknown): boolean {
  const err = error as { code?: string; message?: string };
  return err?.code === '23503' || err?.code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || /FOREIGN KEY constraint failed/.test(err?.message ?? '');
}

/** Unique-constraint violations on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  const err = error as { code?: string; message?: string };
  return err?.code === '23505' || err?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(err?.message ?? '');
}
