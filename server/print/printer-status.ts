import type { Selectable } from 'kysely';
import { PRINTER_SILENCE_MS } from '../../src/domain';
import type { Clock } from '../clock';
import { isForeignKeyViolation, type Db } from '../db/database';
import { notifyOnCommit } from '../db/engine';
import type { PgListener } from '../db/pg-listener';
import type { PrinterStatusTable } from '../db/schema';
import { transaction } from '../db/transaction';
import { AppError } from '../errors';

/** What the cassa's header shows of one paired printer (the stream's `event: printer`). */
export interface PrinterState {
  printer_id: number;
  name: string;
  reachable: boolean;
  paper: PrinterStatusTable['paper'];
  /** when the current reachable state began */
  since: string;
  reported_at: string;
}

export interface StatusReport {
  reachable: boolean;
  paper: PrinterStatusTable['paper'];
  detail?: string;
}

type StatusRow = Selectable<PrinterStatusTable>;

/** The PostgreSQL channel that carries the id of a printer whose state changed, to every process. */
const PRINTER_STATUS_CHANNEL = 'printer_status';
/** How often this process looks for agents gone silent. */
const SILENCE_CHECK_MS = 5_000;

/** The owner deleted the printer after its agent's token was checked: the agent must pair again, as for a revoked token. */
function printerDeleted(error: unknown): never {
  if (isForeignKeyViolation(error)) throw new AppError('unauthenticated', 'Questa stampante è stata eliminata in /admin → Stampanti.');
  throw error;
}

/**
 * The stored state as it holds now: an agent silent for 30 s, or no longer paired (its token revoked),
 * leaves its printer unreachable since its last report.
 */
export function effectiveStatus(
  row: StatusRow,
  now: Date,
  paired = true,
): Pick<PrinterState, 'reachable' | 'paper' | 'since' | 'reported_at'> {
  const silent = !paired || now.getTime() - Date.parse(row.reported_at) > PRINTER_SILENCE_MS;
  const reachable = row.reachable === 1 && !silent;
  return {
    reachable,
    paper: row.paper,
    since: reachable || row.reachable === 0 ? row.since : row.reported_at,
    reported_at: row.reported_at,
  };
}

/**
 * The printers' states as their agents report them. A report that changes what the cassa shows
 * (reachable or paper) is told to every process's cassa streams (PostgreSQL: a NOTIFY; SQLite: here);
 * a report that changes nothing is only stored. Each process also looks every few seconds for agents
 * gone silent: the first to mark one unreachable tells everybody.
 */
export class PrinterStatusService {
  readonly #listeners = new Set<(state: PrinterState) => void>();
  #timer: NodeJS.Timeout | null = null;
  #unsubscribe: (() => void) | null = null;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly listener?: PgListener,
  ) {}

  /** Stores an agent's report; tells the cassas when what they show changed. */
  async report(printerId: number, report: StatusReport): Promise<void> {
    const now = this.clock.now();
    const at = now.toISOString();
    const changed = await transaction(this.db, 'printer_status.report', async (tx) => {
      const stored = await tx.selectFrom('printer_status').selectAll().where('printer_id', '=', printerId).executeTakeFirst();
      const before = stored ? effectiveStatus(stored, now) : null;
      const since = before && before.reachable === report.reachable ? before.since : at;
      const values = { reachable: report.reachable ? 1 : 0, paper: report.paper, detail: report.detail ?? null, since, reported_at: at };
      await tx
        .insertInto('printer_status')
        .values({ printer_id: printerId, ...values })
        .onConflict((oc) => oc.column('printer_id').doUpdateSet(values))
        .execute();
      const isChange = !before || before.reachable !== report.reachable || before.paper !== report.paper;
      if (isChange) await notifyOnCommit(tx, PRINTER_STATUS_CHANNEL, String(printerId));
      return isChange;
    }).catch(printerDeleted);
    if (changed && !this.listener) await this.#tell([printerId]);
  }

  /** Marks the printers whose agent has been silent for 30 s unreachable since their last report, and tells the cassas. */
  async checkSilence(): Promise<void> {
    const cutoff = new Date(this.clock.now().getTime() - PRINTER_SILENCE_MS).toISOString();
    const silent = await transaction(this.db, 'printer_status.silence', async (tx) => {
      const rows = await tx
        .updateTable('printer_status')
        .set((eb) => ({ reachable: 0, since: eb.ref('reported_at') }))
        .where('reachable', '=', 1)
        .where('reported_at', '<', cutoff)
        .returning('printer_id')
        .execute();
      for (const { printer_id } of rows) await notifyOnCommit(tx, PRINTER_STATUS_CHANNEL, String(printer_id));
      return rows.map((r) => r.printer_id);
    });
    if (silent.length > 0 && !this.listener) await this.#tell(silent);
  }

  /**
   * The state of every paired printer now, and of every printer whose agent once reported and whose
   * token was revoked since (unreachable: nothing prints its online orders until it is paired again).
   */
  async states(printerIds?: readonly number[]): Promise<PrinterState[]> {
    let query = this.db
      .selectFrom('printers')
      .leftJoin(
        (eb) =>
          eb
            .selectFrom('printer_tokens')
            .select('printer_id')
            .select((e) => e.fn.min('created_at').as('paired_at'))
            .groupBy('printer_id')
            .as('paired'),
        (join) => join.onRef('paired.printer_id', '=', 'printers.id'),
      )
      .leftJoin('printer_status', 'printer_status.printer_id', 'printers.id')
      .where((eb) => eb.or([eb('paired.paired_at', 'is not', null), eb('printer_status.reported_at', 'is not', null)]))
      .select(['printers.id', 'printers.name', 'paired.paired_at'])
      .select([
        'printer_status.reachable',
        'printer_status.paper',
        'printer_status.detail',
        'printer_status.since',
        'printer_status.reported_at',
      ])
      .orderBy('printers.id');
    if (printerIds) query = query.where('printers.id', 'in', printerIds.length > 0 ? [...printerIds] : [0]);
    const now = this.clock.now();
    return (await query.execute()).map((row) => {
      const pairedAt = String(row.paired_at);
      // Paired, never reported yet: unreachable since its pairing.
      const status =
        row.reported_at === null
          ? { reachable: false, paper: 'unknown' as const, since: pairedAt, reported_at: pairedAt }
          : effectiveStatus(
              {
                printer_id: row.id,
                reachable: row.reachable!,
                paper: row.paper!,
                detail: row.detail,
                since: row.since!,
                reported_at: row.reported_at,
              },
              now,
              row.paired_at !== null,
            );
      return { printer_id: row.id, name: row.name, ...status };
    });
  }

  /** Hears every change of a printer's state, after the current state of each printer `states` lists. */
  follow(listener: (state: PrinterState) => void): () => void {
    this.#listeners.add(listener);
    void this.states()
      .then((states) => {
        if (this.#listeners.has(listener)) for (const state of states) listener(state);
      })
      .catch(() => undefined);
    return () => this.#listeners.delete(listener);
  }

  start(onError: (error: unknown) => void): void {
    this.#unsubscribe =
      this.listener?.subscribe(PRINTER_STATUS_CHANNEL, {
        notify: (payload) => void this.#tell([Number(payload)]).catch(onError),
        // Changes told to nobody here meanwhile: every printer's state again.
        reconnected: () => void this.states().then((states) => this.#emit(states), onError),
      }) ?? null;
    this.#timer = setInterval(() => void this.checkSilence().catch(onError), SILENCE_CHECK_MS);
    this.#timer.unref();
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    this.#listeners.clear();
  }

  async #tell(printerIds: number[]): Promise<void> {
    if (this.#listeners.size > 0) this.#emit(await this.states(printerIds));
  }

  #emit(states: PrinterState[]): void {
    for (const state of states) for (const listener of this.#listeners) listener(state);
  }
}
