import type { Db } from '../db/database';
import { notifyOnCommit } from '../db/engine';
import type { PgListener } from '../db/pg-listener';
import { PRINT_JOBS_CHANNEL } from './print-queue';

type Wake = () => void;

/**
 * Tells the print agents' streams of this process that their printer has jobs to claim. A transaction
 * that writes jobs calls `written` (PostgreSQL: a NOTIFY delivered to every process at commit, this one
 * too) and, once committed, `committed` (SQLite, one process: told here). A lost NOTIFY is caught up by
 * the streams' own periodic check.
 */
export class PrintWakeups {
  readonly #streams = new Map<number, Set<Wake>>();
  #unsubscribe: (() => void) | null = null;

  constructor(private readonly listener?: PgListener) {}

  /** A stream of `printerId`'s agent; returns its unsubscription. */
  subscribe(printerId: number, wake: Wake): () => void {
    const streams = this.#streams.get(printerId) ?? new Set();
    streams.add(wake);
    this.#streams.set(printerId, streams);
    return () => {
      streams.delete(wake);
      if (streams.size === 0) this.#streams.delete(printerId);
    };
  }

  /** In the transaction that wrote jobs for these printers (or ended a lease). */
  async written(tx: Db, printerIds: readonly number[]): Promise<void> {
    if (printerIds.length > 0) await notifyOnCommit(tx, PRINT_JOBS_CHANNEL, [...new Set(printerIds)].join(','));
  }

  /** After that transaction committed: on SQLite the streams (of these printers, or all) are told now (PostgreSQL's hear the NOTIFY). */
  committed(printerIds: readonly number[] = [...this.#streams.keys()]): void {
    if (!this.listener) this.wake(printerIds);
  }

  /** Wakes the streams of these printers in this process now (a lease ran out here). */
  wake(printerIds: readonly number[]): void {
    for (const id of new Set(printerIds)) for (const wake of this.#streams.get(id) ?? []) wake();
  }

  /** Before the listener starts (PostgreSQL): hears the jobs written by any process. */
  start(): void {
    this.#unsubscribe =
      this.listener?.subscribe(PRINT_JOBS_CHANNEL, {
        notify: (payload) => this.wake(payload.split(',').map(Number).filter(Number.isSafeInteger)),
        // What was written meanwhile was told to nobody here: every stream looks again.
        reconnected: () => this.wake([...this.#streams.keys()]),
      }) ?? null;
  }

  stop(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = null;
  }
}
