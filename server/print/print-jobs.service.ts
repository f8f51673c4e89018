import { sql, type ExpressionBuilder } from 'kysely';
import { ORDER_STATUS, type PaperWidthMm } from '../../src/domain';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { transaction } from '../db/transaction';
import { AppError, conflict, notFound } from '../errors';
import { loadOrders } from '../orders/order-store';
import type { OrderWriter } from '../orders/order-writer';
import { printTicket, type PrintTicket } from './print-ticket';
import { isPaired, queuePrintJobs } from './print-queue';
import type { AgentPrinter } from './printers.service';
import type { PrintWakeups } from './print-wakeups';

/** How long an agent holds a job it claimed. */
export const LEASE_SECONDS = 30;
/** Tries of a claim whose job another agent took between the look and the lease. */
const CLAIM_TRIES = 5;

export interface LeasedJob {
  id: number;
  order_id: number;
  reprint_label: boolean;
  copies: number;
  paper_width_mm: PaperWidthMm;
  lease_seconds: number;
  ticket: PrintTicket;
}

const LEASE_LOST = "Questo lavoro di stampa non è più tuo: un altro l'ha preso o è concluso. Non stamparlo.";
const JOB_NOT_FOUND = 'Lavoro di stampa non trovato.';
/**
 * A job an agent may claim at `at`: waiting, or leased by an agent whose lease ran out; never one whose
 * order was cancelled meanwhile (the kitchen would bake it).
 */
const claimableAt = (at: string) => (eb: ExpressionBuilder<Database, 'print_jobs'>) =>
  eb.and([
    eb.or([eb('state', '=', 'waiting'), eb.and([eb('state', '=', 'leased'), eb('lease_until', '<', at)])]),
    eb.not(
      eb.exists(
        eb
          .selectFrom('orders')
          .select('orders.id')
          .whereRef('orders.id', '=', 'print_jobs.order_id')
          .where('orders.status', '=', ORDER_STATUS.cancelled),
      ),
    ),
  ]);

/** The printer's job `jobId`, leased by this agent. */
const heldBy = (printer: AgentPrinter, jobId: number) => (eb: ExpressionBuilder<Database, 'print_jobs'>) =>
  eb.and([eb('id', '=', jobId), eb('printer_id', '=', printer.id), eb('state', '=', 'leased'), eb('lease_token_id', '=', printer.tokenId)]);

const leaseLost = () => conflict(LEASE_LOST, 'print.lease_lost');

export interface PrintJobsDeps {
  db: Db;
  clock: Clock;
  orders: OrderWriter;
  wakeups: PrintWakeups;
  shopName: () => Promise<string>;
}

/**
 * The print queue: jobs written with their order (checkout, order-rules.ts) or at the cassa's print,
 * claimed by a printer's agent with a lease, acknowledged as sent and done. A job is never dropped:
 * a lease that runs out makes it claimable again, labelled as a possible double when its agent had
 * said it was sending.
 */
export class PrintJobsService {
  readonly #leaseTimers = new Set<NodeJS.Timeout>();

  constructor(private readonly deps: PrintJobsDeps) {}

  /** The cassa's print (and 'Ristampa'): a job per paired printer (its pending one if it has it), or 409 `print.no_printer`. */
  async printOrder(orderId: number): Promise<{ id: number; printer_id: number }[]> {
    const jobs = await transaction(this.deps.db, 'print.order', async (tx) => {
      const order = await tx.selectFrom('orders').select(['status']).where('id', '=', orderId).executeTakeFirst();
      if (!order) throw notFound('Ordine non trovato.');
      if (order.status === ORDER_STATUS.cancelled) {
        throw new AppError('conflict', 'Questo ordine è stato annullato e non è modificabile.', { code: 'order.cancelled' });
      }
      const reprint = await tx.selectFrom('print_jobs').select('id').where('order_id', '=', orderId).executeTakeFirst();
      // A paired printer still holding this order's ticket (waiting, or printing now) gets no second one:
      // a press again while the printer is off, or a double tap, would print it twice, unlabelled.
      const pending = await tx
        .selectFrom('print_jobs')
        .innerJoin('printers', 'printers.id', 'print_jobs.printer_id')
        .select(['print_jobs.id', 'print_jobs.printer_id'])
        .where('print_jobs.order_id', '=', orderId)
        .where('print_jobs.state', 'in', ['waiting', 'leased'])
        .where(isPaired)
        .execute();
      const written = await queuePrintJobs(tx, orderId, this.deps.clock.now().toISOString(), {
        autoPrintOnly: false,
        reprint: reprint !== undefined,
        exceptPrinters: pending.map((job) => job.printer_id),
      });
      return [...pending, ...written];
    });
    if (jobs.length === 0) throw conflict('Nessuna stampante abbinata: stampa dal PDF.', 'print.no_printer');
    this.deps.wakeups.committed(jobs.map((j) => j.printer_id));
    return jobs;
  }

  /** How many jobs of the printer wait for a claim now (the agent's wake-up tells it). */
  async claimable(printerId: number): Promise<number> {
    const row = await this.deps.db
      .selectFrom('print_jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('printer_id', '=', printerId)
      .where(claimableAt(this.deps.clock.now().toISOString()))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Leases the printer's oldest waiting job, or one whose lease ran out, to this agent. Race-safe on
   * both engines: the lease is a conditional update of the row seen, which one claim wins (PostgreSQL
   * re-reads the row after a concurrent update; SQLite has one writer); a loser looks again.
   */
  async claim(printer: AgentPrinter): Promise<LeasedJob | null> {
    for (let attempt = 0; attempt < CLAIM_TRIES; attempt += 1) {
      const now = this.deps.clock.now();
      const at = now.toISOString();
      const leaseUntil = new Date(now.getTime() + LEASE_SECONDS * 1000).toISOString();
      const claimable = claimableAt(at);
      const leased = await transaction(this.deps.db, 'print.claim', async (tx) => {
        const candidate = await tx
          .selectFrom('print_jobs')
          .select('id')
          .where('printer_id', '=', printer.id)
          .where(claimable)
          .orderBy('id')
          .limit(1)
          .executeTakeFirst();
        if (!candidate) return null;
        const row = await tx
          .updateTable('print_jobs')
          .set({
            state: 'leased',
            lease_token_id: printer.tokenId,
            lease_until: leaseUntil,
            sending_at: null,
            attempts: sql`attempts + 1`,
            // The agent that lost this lease had said it was sending: the ticket may be out already.
            possible_double: sql`case when state = 'leased' and sending_at is not null then 1 else possible_double end`,
          })
          .where('id', '=', candidate.id)
          .where(claimable)
          .returning(['id', 'order_id', 'possible_double'])
          .executeTakeFirst();
        return row ?? 'taken';
      });
      if (leased === null) return null;
      if (leased === 'taken') continue;
      this.#wakeAtLeaseEnd(printer.id);
      const [order] = await loadOrders(this.deps.db, { ids: [leased.order_id] });
      return {
        id: leased.id,
        order_id: leased.order_id,
        reprint_label: leased.possible_double === 1,
        copies: printer.copies,
        paper_width_mm: printer.paper_width_mm,
        lease_seconds: LEASE_SECONDS,
        ticket: printTicket(order!, await this.deps.shopName()),
      };
    }
    return null;
  }

  /** The agent is about to write the ticket: from now on a lost lease prints it again, labelled. */
  async sending(printer: AgentPrinter, jobId: number): Promise<void> {
    const at = this.deps.clock.now().toISOString();
    const updated = await this.deps.db
      .updateTable('print_jobs')
      .set({ sending_at: at })
      .where(heldBy(printer, jobId))
      .where('lease_until', '>=', at)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) await this.#refuse(printer, jobId);
  }

  /**
   * The printer took the ticket: the job ends and its order becomes 'Stampato' (a cancelled one stays
   * cancelled) in one transaction, whose order event the cassa hears. A second `done` changes nothing.
   */
  async done(printer: AgentPrinter, jobId: number): Promise<void> {
    const at = this.deps.clock.now().toISOString();
    const outcome = await this.deps.orders.write('print.done', async (orders) => {
      const ended = await orders.tx
        .updateTable('print_jobs')
        .set({ state: 'done', done_at: at, lease_until: null })
        .where(heldBy(printer, jobId))
        .returning('order_id')
        .executeTakeFirst();
      if (!ended) return 'refused';
      // 'final': a cancelled order keeps its status; the ticket was printed all the same.
      await orders.changeState(ended.order_id, { status: ORDER_STATUS.printed });
      return 'done';
    });
    if (outcome === 'refused') await this.#refuse(printer, jobId, { doneIsFine: true });
  }

  /** The printer could not be reached: the job waits again (labelled later only if bytes had gone out). */
  async release(printer: AgentPrinter, jobId: number): Promise<void> {
    const released = await transaction(this.deps.db, 'print.release', async (tx) => {
      const row = await tx
        .updateTable('print_jobs')
        .set({
          state: 'waiting',
          lease_token_id: null,
          lease_until: null,
          sending_at: null,
          possible_double: sql`case when sending_at is not null then 1 else possible_double end`,
        })
        .where(heldBy(printer, jobId))
        .returning('id')
        .executeTakeFirst();
      if (row) await this.deps.wakeups.written(tx, [printer.id]);
      return row !== undefined;
    });
    if (!released) await this.#refuse(printer, jobId);
    this.deps.wakeups.committed([printer.id]);
  }

  stop(): void {
    for (const timer of this.#leaseTimers) clearTimeout(timer);
    this.#leaseTimers.clear();
  }

  /** Why a job's acknowledgement was refused: not this printer's (404), or its lease is not this agent's (409). */
  async #refuse(printer: AgentPrinter, jobId: number, options: { doneIsFine?: boolean } = {}): Promise<void> {
    const job = await this.deps.db
      .selectFrom('print_jobs')
      .select(['state'])
      .where('id', '=', jobId)
      .where('printer_id', '=', printer.id)
      .executeTakeFirst();
    if (!job) throw notFound(JOB_NOT_FOUND);
    if (options.doneIsFine && job.state === 'done') return;
    throw leaseLost();
  }

  /** The printer's agents of this process look again once the lease may have run out. */
  #wakeAtLeaseEnd(printerId: number): void {
    const timer = setTimeout(
      () => {
        this.#leaseTimers.delete(timer);
        this.deps.wakeups.wake([printerId]);
      },
      LEASE_SECONDS * 1000 + 500,
    );
    timer.unref();
    this.#leaseTimers.add(timer);
  }
}
