import { systemClock, type Clock } from '../clock';
import type { Db } from '../db/database';
import { prepared } from '../db/prepared';
import { afterCommit } from '../db/transaction';
import type { Mailer, MailMessage } from './mailer';

/**
 * How long a worker holds the mails it claimed, by the real clock (a frozen demo clock never moves).
 * Renewed while it sends; a worker killed mid-batch leaves them to another this long after.
 */
const CLAIM_MS = 30_000;
const POLL_MS = 1_000;
/** A queued mail waits this long for others, so that under load one claim takes a batch of them. */
const WAKE_MS = 50;
const BATCH = 20;
/** Sent mail is kept a week (to answer "I never got it"), then deleted: it holds addresses and links. */
const KEEP_SENT_MS = 7 * 24 * 60 * 60_000;
const PURGE_EVERY_MS = 60 * 60_000;

/** 30 s, 1 min, 2 min … at most an hour between attempts. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60 * 60_000, 30_000 * 2 ** Math.max(0, attempts - 1));
}

const enqueueQuery = prepared<MailMessage & { now: string }, unknown>((db, param) =>
  db.insertInto('mail_queue').values({
    recipient: param('to'),
    subject: param('subject'),
    text: param('text'),
    html: param('html'),
    attempts: 0,
    next_attempt_at: param('now'),
    sent_at: null,
    last_error: null,
    created_at: param('now'),
  }),
);

/** A mail row, due now: the caller's transaction commits it with the change it tells about. */
export async function insertMail(tx: Db, message: MailMessage, now: string): Promise<void> {
  await enqueueQuery(tx, { ...message, now });
}

/** Sent mails are marked at most this long after they went out (see SentMarks). */
const MARK_SENT_WITHIN_MS = 1_000;

/**
 * The mails of a batch that went out, marked sent in one statement: each mark is a commit of its own,
 * which under load costs as much as the order that queued the mail. That wait is safe only where a
 * repeat replaces the first copy (`mailer.resendReplaces`: the outbox folder): a crash before the
 * mark sends those mails again once their claim lapses, over the same files. Other transports (SMTP)
 * are marked as soon as the server took each mail.
 */
class SentMarks {
  private ids: number[] = [];
  private since = performance.now();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly withinMs: number,
  ) {}

  async add(id: number): Promise<void> {
    this.ids.push(id);
    if (performance.now() - this.since >= this.withinMs) await this.write();
  }

  async write(): Promise<void> {
    const ids = this.ids;
    this.ids = [];
    this.since = performance.now();
    if (ids.length === 0) return;
    await this.db
      .updateTable('mail_queue')
      .set({ sent_at: this.clock.now().toISOString(), last_error: null })
      .where('id', 'in', ids)
      .execute();
  }
}

/**
 * Durable outgoing mail. Services add a mail in the same transaction as the change it tells about
 * (an order, an account, a reset link), so a committed change always has its mail queued and a rolled
 * back one never does. The worker sends queued mail in the background, with retries: a request never
 * waits for, or fails because of, the mail server or the outbox folder.
 */
export class MailQueue {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  private wakeScheduled = false;
  /** a mail was queued while the worker was sending */
  private more = false;
  private lastPurge = Number.NEGATIVE_INFINITY;

  private readonly realClock: Clock;
  private readonly claimMs: number;

  /** `claims`: the real clock and the claim's length (tests shorten or move them). */
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly mailer: Mailer,
    private readonly onError: (error: unknown, message: { to: string; subject: string; attempts: number }) => void,
    claims: { realClock?: Clock; claimMs?: number } = {},
  ) {
    this.realClock = claims.realClock ?? systemClock;
    this.claimMs = claims.claimMs ?? CLAIM_MS;
  }

  /** Queues a mail inside the caller's transaction; the worker sends it shortly after the commit. */
  async enqueue(tx: Db, message: MailMessage): Promise<void> {
    await insertMail(tx, message, this.clock.now().toISOString());
    afterCommit(tx, () => this.soon());
  }

  /** A caller wrote mail rows itself (with an order, see insertOrder): the worker sends them shortly. */
  soon(): void {
    if (this.stopped) return;
    if (this.running) {
      this.more = true;
      return;
    }
    if (this.wakeScheduled) return;
    this.wakeScheduled = true;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.wake(), WAKE_MS).unref();
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.wake();
  }

  /** Stops polling and waits for a send in progress; what is left is sent at the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Sends everything that is due now (tests, and the wake-up after a request). */
  async flush(): Promise<void> {
    while (this.running) await this.running;
    this.running = this.sendDue({ untilStopped: false }).finally(() => (this.running = undefined));
    await this.running;
  }

  private wake(): void {
    this.wakeScheduled = false;
    if (this.stopped || this.running) return;
    clearTimeout(this.timer);
    this.running = this.sendDue({ untilStopped: true })
      .catch((error: unknown) => this.onError(error, { to: '', subject: '', attempts: 0 }))
      .finally(() => {
        this.running = undefined;
        if (!this.stopped) this.timer = setTimeout(() => this.wake(), POLL_MS).unref();
      });
  }

  /** A claim's end from now, by the real clock. */
  private claimEnd(): string {
    return new Date(this.realClock.now().getTime() + this.claimMs).toISOString();
  }

  /**
   * Claims up to a batch of due mails in one statement: due by the shop's clock (a retry's back-off)
   * and held by no worker by the real one. The row conditions are checked again on each row: a
   * PostgreSQL worker that waited for another's claim re-reads the row and no longer sees it free.
   */
  private async claimDue(now: Date) {
    const nowText = now.toISOString();
    const free = this.realClock.now().toISOString();
    const claimedUntil = this.claimEnd();
    const claimed = await this.db
      .updateTable('mail_queue')
      .set((eb) => ({ attempts: eb('attempts', '+', 1), claimed_until: claimedUntil }))
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('mail_queue')
          .select('id')
          .where('sent_at', 'is', null)
          .where('next_attempt_at', '<=', nowText)
          .where((row) => row.or([row('claimed_until', 'is', null), row('claimed_until', '<=', free)]))
          .orderBy('id')
          .limit(BATCH),
      )
      .where('sent_at', 'is', null)
      .where('next_attempt_at', '<=', nowText)
      .where((row) => row.or([row('claimed_until', 'is', null), row('claimed_until', '<=', free)]))
      .returningAll()
      .execute();
    return { mails: claimed.sort((a, b) => a.id - b.id), claimedUntil };
  }

  /**
   * Keeps a batch's claim while it is being sent, renewed three times per claim length, until each
   * mail is marked sent or rescheduled. A mail whose claim lapsed anyway (the process stalled) and
   * went to another worker is left to that one.
   */
  private holdClaims(ids: readonly number[], claimedUntil: string) {
    const held = new Set(ids);
    let until = claimedUntil;
    const renew = async () => {
      const next = this.claimEnd();
      const kept = await this.db
        .updateTable('mail_queue')
        .set({ claimed_until: next })
        .where('id', 'in', [...held])
        .where('sent_at', 'is', null)
        .where('claimed_until', '=', until)
        .returning('id')
        .execute();
      until = next;
      const keptIds = new Set(kept.map((row) => row.id));
      for (const id of held) if (!keptIds.has(id)) held.delete(id);
    };
    const timer = setInterval(() => {
      if (held.size > 0) renew().catch((error: unknown) => this.onError(error, { to: '', subject: '', attempts: 0 }));
    }, this.claimMs / 3).unref();
    return {
      holds: (id: number) => held.has(id),
      end: () => clearInterval(timer),
      /** Gives back the claims still held (a stop mid-batch), so the next start sends them at once. */
      release: async (now: Date) => {
        if (held.size === 0) return;
        await this.db
          .updateTable('mail_queue')
          .set((eb) => ({ attempts: eb('attempts', '-', 1), next_attempt_at: now.toISOString(), claimed_until: null }))
          .where('id', 'in', [...held])
          .where('sent_at', 'is', null)
          .where('claimed_until', '=', until)
          .execute();
        held.clear();
      },
    };
  }

  /** `untilStopped`: the worker's run, which a stop ends after the mail being sent. */
  private async sendDue({ untilStopped }: { untilStopped: boolean }): Promise<void> {
    for (;;) {
      const now = this.clock.now();
      this.more = false;
      // Claimed first, so of two workers (two processes on one database) one only sends each mail.
      const { mails: due, claimedUntil } = await this.claimDue(now);
      if (due.length === 0) return this.purgeSent(now);
      const claims = this.holdClaims(
        due.map((mail) => mail.id),
        claimedUntil,
      );
      const marks = new SentMarks(this.db, this.clock, this.mailer.resendReplaces ? MARK_SENT_WITHIN_MS : 0);
      try {
        for (const mail of due) {
          if (untilStopped && this.stopped) {
            await marks.write();
            return await claims.release(now);
          }
          if (!claims.holds(mail.id)) continue;
          try {
            await this.mailer.send({
              id: mail.id,
              createdAt: mail.created_at,
              to: mail.recipient,
              subject: mail.subject,
              text: mail.text,
              html: mail.html,
            });
            await marks.add(mail.id);
          } catch (error) {
            await this.db
              .updateTable('mail_queue')
              .set({
                next_attempt_at: new Date(now.getTime() + retryDelayMs(mail.attempts)).toISOString(),
                claimed_until: null,
                last_error: String((error as Error)?.message ?? error).slice(0, 500),
              })
              .where('id', '=', mail.id)
              .where('sent_at', 'is', null)
              .execute();
            this.onError(error, { to: mail.recipient, subject: mail.subject, attempts: mail.attempts });
          }
        }
      } finally {
        claims.end();
        await marks.write();
      }
      // A short batch was everything due: claim again only if more was queued meanwhile.
      if (due.length < BATCH && !this.more) return;
    }
  }

  /** When nothing is due, at most once an hour: the mail sent more than a week ago goes. */
  private async purgeSent(now: Date): Promise<void> {
    if (now.getTime() - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = now.getTime();
    await this.db
      .deleteFrom('mail_queue')
      .where('sent_at', 'is not', null)
      .where('sent_at', '<', new Date(now.getTime() - KEEP_SENT_MS).toISOString())
      .execute();
  }
}
