/**
 * The one way a business operation opens its transaction. On PostgreSQL two transactions may
 * deadlock (two cashiers moving orders across the same two days in opposite order, whose deferred
 * order-facts trigger bumps both days at COMMIT) or fail serialization: PostgreSQL aborts one of
 * them, and running it again from the start succeeds. SQLite runs one writer at a time: never again.
 */
import type { Transaction } from 'kysely';
import type { Db } from './database';
import type { Database } from './schema';
import { isPostgres } from './engine';

/** A retry as it is logged: which operation, why, which attempt failed; never the operation's values. */
export interface TransactionRetry {
  operation: string;
  code: string;
  attempt: number;
}

/** deadlock_detected, serialization_failure: the transaction was aborted so that another could go on. */
const RETRYABLE_CODES = new Set(['40P01', '40001']);
/** Runs at most, the first included. */
export const TRANSACTION_ATTEMPTS = 4;

const retryLogs = new WeakMap<Db, (retry: TransactionRetry) => void>();
/** The effects each running attempt registered (see afterCommit), by its transaction. */
const commitEffects = new WeakMap<Db, (() => void)[]>();

/** Where the retries of operations on `db` are logged (console.warn until told). */
export function logTransactionRetries(db: Db, log: (retry: TransactionRetry) => void): void {
  retryLogs.set(db, log);
}

const defaultLog = ({ operation, code, attempt }: TransactionRetry) =>
  console.warn(`Transaction ${operation} aborted by PostgreSQL (${code}) at attempt ${attempt}: running it again`);

/** A pause that grows with each attempt (10–20 ms, 20–40 ms, 40–80 ms), random so the two rivals do not meet again. */
const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, 10 * 2 ** (attempt - 1) * (1 + Math.random())));

/**
 * Runs `run` (a transaction, or a statement that is one by itself) again, whole, while PostgreSQL
 * aborts it to break a deadlock or a serialization failure, at any statement or at COMMIT; after
 * TRANSACTION_ATTEMPTS runs, or at any other error, the error is thrown as it came.
 */
export async function retried<T>(db: Db, operation: string, run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      const retryable = typeof code === 'string' && RETRYABLE_CODES.has(code) && isPostgres(db);
      if (!retryable || attempt >= TRANSACTION_ATTEMPTS) throw error;
      (retryLogs.get(db) ?? defaultLog)({ operation, code, attempt });
      await pause(attempt);
    }
  }
}

/**
 * One business operation's transaction, run again whole when PostgreSQL aborts it (see `retried`).
 * `work` may therefore run more than once: it writes only through `tx`, and what must happen once,
 * after the commit (telling streams, waking a worker), is done with its result or registered with
 * `afterCommit`.
 */
export function transaction<T>(db: Db, operation: string, work: (tx: Transaction<Database>) => Promise<T>): Promise<T> {
  return retried(db, operation, async () => {
    const effects: (() => void)[] = [];
    const result = await db.transaction().execute((tx) => {
      commitEffects.set(tx, effects);
      return work(tx);
    });
    for (const effect of effects) effect();
    return result;
  });
}

/**
 * Runs `effect` once `tx`'s transaction has committed: never for an attempt rolled back, once for
 * the attempt that commits. Outside a `transaction` (a statement that commits by itself) it runs now.
 */
export function afterCommit(tx: Db, effect: () => void): void {
  const effects = commitEffects.get(tx);
  if (effects) effects.push(effect);
  else effect();
}
