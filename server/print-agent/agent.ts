import { setTimeout as sleep } from 'node:timers/promises';
import { Unpaired, type Acknowledged, type AgentApi } from './api';
import { describe, NoStatusAnswer, PrinterConnection, probePrinter, type PrinterAddress, type PrinterState } from './printer';
import { readEvents } from './sse';
import { renderTicket, type PrinterLayout, type PrintJob } from './ticket';

export interface AgentTiming {
  /** the printer's state is probed and reported this often (the server's 30 s rule needs a heartbeat) */
  statusEveryMs: number;
  /** claims are polled this often while the wake-up stream is down */
  pollEveryMs: number;
  connectTimeoutMs: number;
  /** how long the printer may take to answer the status request sent after a ticket */
  confirmTimeoutMs: number;
  /** reconnect and printer retry backoff: from min, doubling, up to max, with jitter */
  backoffMinMs: number;
  backoffMaxMs: number;
}

export const DEFAULT_TIMING: AgentTiming = {
  statusEveryMs: 5_000,
  pollEveryMs: 5_000,
  connectTimeoutMs: 5_000,
  confirmTimeoutMs: 10_000,
  backoffMinMs: 1_000,
  backoffMaxMs: 30_000,
};

export interface AgentOptions {
  api: AgentApi;
  printer: PrinterAddress;
  layout: PrinterLayout;
  timing?: Partial<AgentTiming>;
  /** one line per event; never given the token or the pairing code */
  log?: (line: string) => void;
}

type Outcome = 'printed' | 'unreachable' | 'skipped';

/** 1 s, 2 s, 4 s … up to the cap, each with up to a fifth of jitter so many agents do not retry in step. */
class Backoff {
  private attempt = 0;
  constructor(private readonly timing: AgentTiming) {}
  next(): number {
    const base = Math.min(this.timing.backoffMaxMs, this.timing.backoffMinMs * 2 ** this.attempt++);
    return Math.round(base * (1 + Math.random() * 0.2));
  }
  reset(): void {
    this.attempt = 0;
  }
}

/** Status requests left unanswered, none ever answered, before a printer counts as one that never answers. */
const SILENT_AFTER = 3;

/**
 * Whether the printer answers status requests (DLE EOT). Most do, and then only its answer after a ticket
 * confirms the ticket. A clone that never answers cannot confirm: once silent SILENT_AFTER times and never
 * heard, its tickets count as printed when their bytes are sent, or each would print again after every lease.
 */
class StatusAnswers {
  private heard = false;
  private silences = 0;
  /** true when this observation made the printer count as silent */
  observe(answered: boolean | null): boolean {
    const before = this.silent;
    if (answered === true) this.heard = true;
    if (answered === false) this.silences++;
    return !before && this.silent;
  }
  get silent(): boolean {
    return !this.heard && this.silences >= SILENT_AFTER;
  }
}

/**
 * The print agent: follows its printer's wake-ups (polling while the stream is down), claims jobs until
 * none waits and prints each over TCP, one at a time; reports the printer's state every few seconds.
 * `finished` rejects with Unpaired when the server no longer accepts the token.
 */
export function startAgent(options: AgentOptions) {
  const timing = { ...DEFAULT_TIMING, ...options.timing };
  const { api, printer, layout } = options;
  const log = options.log ?? ((line: string) => console.log(`${new Date().toISOString()} ${line}`));
  const stopping = new AbortController();
  const printerBackoff = new Backoff(timing);
  /** while the printer is away: when the waiting jobs are tried again (0: no retry pending) */
  let printerRetryAt = 0;
  let retryTimer: NodeJS.Timeout | undefined;
  let streamUp = false;
  let draining: Promise<void> | null = null;
  let wokenWhileDraining = false;
  let fail: (error: Error) => void = () => {};
  const failed = new Promise<never>((_, reject) => (fail = reject));
  let lastState: PrinterState | null = null;
  const statusAnswers = new StatusAnswers();
  const observeStatus = (answered: boolean | null) => {
    if (statusAnswers.observe(answered))
      log('La stampante non risponde alle richieste di stato (DLE EOT): ogni biglietto conta come stampato appena inviato');
  };

  /** The printer takes one connection at a time: a job and a probe never overlap. */
  let printerQueue: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(use: () => Promise<T>): Promise<T> => {
    const turn = printerQueue.then(use);
    printerQueue = turn.catch(() => undefined);
    return turn;
  };

  const guard = (error: unknown) => {
    if (error instanceof Unpaired) fail(error);
    else log(`Errore: ${error instanceof Error ? error.message : String(error)}`);
  };

  async function printJob(job: PrintJob): Promise<Outcome> {
    const label = `Lavoro ${job.id} (ordine #${job.ticket.order_num})`;
    const bytes = renderTicket(job, layout);
    let connection: PrinterConnection;
    try {
      connection = await PrinterConnection.open(printer, timing.connectTimeoutMs);
    } catch (error) {
      const reason = describe(error, printer);
      log(`${label}: stampante non raggiungibile (${reason}), il lavoro resta in coda`);
      await api.release(job.id, reason);
      await report({ reachable: false, paper: 'unknown', detail: reason });
      return 'unreachable';
    }
    try {
      if ((await api.sending(job.id)) === 'lease_lost') {
        log(`${label}: preso da un altro agente, non stampato`);
        return 'skipped';
      }
      await connection.write(bytes);
      const confirmed = await confirm(connection);
      const done = await acknowledge(job.id, label);
      const how = `${job.reprint_label ? ' (RISTAMPA)' : ''}${confirmed ? '' : ', senza conferma della stampante'}`;
      log(done === 'ok' ? `${label}: stampato${how}` : `${label}: stampato${how}, ma il lease era scaduto`);
      return 'printed';
    } catch (error) {
      if (error instanceof Unpaired) throw error;
      // Sent, not confirmed: the server prints it again, labelled, when the lease runs out.
      log(`${label}: stampa non confermata (${describe(error, printer)})`);
      return 'unreachable';
    } finally {
      connection.close();
    }
  }

  /**
   * Tells the server the printer took the job, until it answers: a server restarting mid-job (a deployment at
   * 20:30) must not leave the ticket to print again, labelled, after its lease. This agent claims nothing
   * meanwhile, and the job stays held by its token, so a late `done` still ends it.
   */
  async function acknowledge(jobId: number, label: string): Promise<Acknowledged> {
    const backoff = new Backoff(timing);
    for (;;) {
      try {
        return await api.done(jobId);
      } catch (error) {
        if (error instanceof Unpaired || stopping.signal.aborted) throw error;
        const delay = backoff.next();
        log(
          `${label}: stampato, il server non ha risposto (${error instanceof Error ? error.message : String(error)}): riprovo tra ${Math.round(delay / 1000)} s`,
        );
        await sleep(delay, undefined, { signal: stopping.signal }).catch(() => undefined);
      }
    }
  }

  /**
   * After the ticket's bytes, the printer's answer to a status request proves it took them (true). A printer
   * known never to answer is not asked (false). No answer from any other printer: the ticket is not confirmed.
   */
  async function confirm(connection: PrinterConnection): Promise<boolean> {
    if (statusAnswers.silent) return false;
    try {
      await connection.status('printer', timing.confirmTimeoutMs);
      observeStatus(true);
      return true;
    } catch (error) {
      if (!(error instanceof NoStatusAnswer)) throw error;
      observeStatus(false);
      if (!statusAnswers.silent) throw error;
      return false;
    }
  }

  /**
   * Arms the one retry timer for printerRetryAt. A wake-up before that time (a timer fires up to a loop
   * iteration early, a new job's wake-up) re-arms it for what remains instead of dropping the retry.
   */
  function retryAtPrinterTime(): void {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(wake, Math.max(0, printerRetryAt - Date.now())).unref();
  }

  async function drain(): Promise<void> {
    while (!stopping.signal.aborted) {
      if (Date.now() < printerRetryAt) return retryAtPrinterTime();
      const job = await api.claim();
      if (!job) return;
      const outcome = await exclusive(() => printJob(job));
      if (outcome === 'unreachable') {
        const delay = printerBackoff.next();
        printerRetryAt = Date.now() + delay;
        log(`Nuovo tentativo tra ${Math.round(delay / 1000)} s`);
        return retryAtPrinterTime();
      }
      printerRetryAt = 0;
      printerBackoff.reset();
    }
  }

  /** A wake-up: claim until none waits; a wake-up during a drain drains once more after it. */
  function wake(): void {
    if (stopping.signal.aborted) return;
    if (draining) {
      wokenWhileDraining = true;
      return;
    }
    draining = drain()
      .catch((error: unknown) => {
        guard(error);
        // The server did not answer: the jobs wait on it, claimed again at the next poll's time.
        setTimeout(wake, timing.pollEveryMs).unref();
      })
      .finally(() => {
        draining = null;
        if (wokenWhileDraining) {
          wokenWhileDraining = false;
          wake();
        }
      });
  }

  async function report(state: PrinterState): Promise<void> {
    if (lastState?.reachable !== state.reachable || lastState.paper !== state.paper) {
      log(`Stampante ${printer.host}:${printer.port}: ${state.reachable ? `raggiungibile, carta ${state.paper}` : 'non raggiungibile'}`);
    }
    lastState = state;
    await api.report(state).catch(guard);
  }

  async function followStream(): Promise<void> {
    const backoff = new Backoff(timing);
    while (!stopping.signal.aborted) {
      try {
        const response = await api.events(stopping.signal);
        if (response.status === 401) throw new Unpaired();
        if (!response.ok || !response.body) throw new Error(`flusso: risposta ${response.status}`);
        streamUp = true;
        backoff.reset();
        log('Flusso dei lavori collegato');
        for await (const event of readEvents(response.body)) if (event.event === 'jobs') wake();
        throw new Error('flusso chiuso dal server');
      } catch (error) {
        streamUp = false;
        if (error instanceof Unpaired) return fail(error);
        if (stopping.signal.aborted) return;
        const delay = backoff.next();
        log(
          `Flusso dei lavori interrotto (${error instanceof Error ? error.message : String(error)}): riprovo tra ${Math.round(delay / 1000)} s`,
        );
        await sleep(delay, undefined, { signal: stopping.signal }).catch(() => undefined);
      }
    }
  }

  async function every(ms: number, tick: () => Promise<void> | void): Promise<void> {
    while (!stopping.signal.aborted) {
      await tick();
      await sleep(ms, undefined, { signal: stopping.signal }).catch(() => undefined);
    }
  }

  const statusLoop = every(timing.statusEveryMs, async () => {
    const probe = await exclusive(() => probePrinter(printer, timing.connectTimeoutMs, !statusAnswers.silent));
    observeStatus(probe.answered);
    const { state } = probe;
    // Back while jobs wait for a retry: they print now.
    if (state.reachable && printerRetryAt !== 0) {
      printerRetryAt = 0;
      printerBackoff.reset();
      clearTimeout(retryTimer);
      wake();
    }
    await report(state);
  });
  const pollLoop = every(timing.pollEveryMs, () => {
    if (!streamUp) wake();
  });
  const streamLoop = followStream();

  return {
    /** rejects with Unpaired when the token is refused */
    finished: failed,
    async stop(): Promise<void> {
      stopping.abort();
      clearTimeout(retryTimer);
      await Promise.all([statusLoop, pollLoop, streamLoop, draining]);
    },
  };
}
