/**
 * The one place that asks which engine a database runs on. Outside server/db only the two order
 * writers may import it (eslint.config.js): every other file writes the same queries for both.
 */
import { PostgresAdapter, sql } from 'kysely';
import type { Db } from './database';

/** The database (or transaction) is PostgreSQL's. */
export const isPostgres = (db: Db): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/** The implementation for `db`'s engine, built once where the database is wired to the services. */
export function byEngine<T>(db: Db, build: { sqlite: () => T; postgres: () => T }): T {
  return isPostgres(db) ? build.postgres() : build.sqlite();
}

/**
 * Tells every process `payload` on `channel` when `tx` commits (never for a rollback): a PostgreSQL
 * NOTIFY. SQLite is one process, whose cache the change has already told: nothing to send.
 */
export async function notifyOnCommit(tx: Db, channel: string, payload: string): Promise<void> {
  if (isPostgres(tx)) await sql`select pg_notify(${channel}, ${payload})`.execute(tx);
}
