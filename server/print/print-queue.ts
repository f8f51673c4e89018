import { sql } from 'kysely';
import type { Db } from '../db/database';
import { notifyOnCommit } from '../db/engine';

/** The PostgreSQL channel that carries the printer ids whose jobs were written, to every process. */
export const PRINT_JOBS_CHANNEL = 'print_jobs';

/** A printer is paired while an agent holds a live token for it. */
export const isPaired = sql<boolean>`exists (select 1 from printer_tokens t where t.printer_id = printers.id)`;

/**
 * Writes one waiting job per paired printer (only those printing new online orders by themselves when
 * `autoPrintOnly`; none for `exceptPrinters`) for the order, in the caller's transaction; their agents hear of it at commit
 * (PostgreSQL; SQLite's writer wakes them after its commit). Returns the jobs written.
 */
export async function queuePrintJobs(
  tx: Db,
  orderId: number,
  at: string,
  options: { autoPrintOnly: boolean; reprint?: boolean; exceptPrinters?: readonly number[] },
): Promise<{ id: number; printer_id: number }[]> {
  let printers = tx.selectFrom('printers').select('id').where(isPaired);
  if (options.autoPrintOnly) printers = printers.where('auto_print', '=', 1);
  if (options.exceptPrinters?.length) printers = printers.where('id', 'not in', [...options.exceptPrinters]);
  const ids = (await printers.orderBy('id').execute()).map((p) => p.id);
  if (ids.length === 0) return [];
  const jobs = await tx
    .insertInto('print_jobs')
    .values(
      ids.map((printerId) => ({
        printer_id: printerId,
        order_id: orderId,
        state: 'waiting' as const,
        reprint: options.reprint ? 1 : 0,
        created_at: at,
      })),
    )
    .returning(['id', 'printer_id'])
    .execute();
  await notifyOnCommit(tx, PRINT_JOBS_CHANNEL, ids.join(','));
  return jobs;
}
