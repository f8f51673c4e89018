import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { prepared } from '../db/prepared';
import type { Mailer, MailMessage } from './mailer';

/** How long a claimed mail is left to its sender before another worker may try it (a crash mid-send). */
const CLAIM_MS = 5 * 60_000;
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
 * which under load costs as much as the order that queued the mail. A crash before the mark sends
 * those mails again once their claim expires, as it always could for the mail being sent; the marks
 * are written at the end of the batch, or sooner when sending is slow (SMTP), so that only the last
 * second of mail can go out twice.
 */
class SentMarks {
  private ids: number[] = [];
  private since = performance.now();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async add(id: number): Promise<void> {
    this.ids.push(id);
    if (performance.now() - this.since > MARK_SENT_WITHIN_MS) await this.write();
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

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly mailer: Mailer,
    private readonly onError: (error: unknown, message: { to: string; subject: string; attempts: number }) => void,
  ) {}

  /** Queues a mail inside the caller's transaction; the worker sends it shortly after the caller is done. */
  async enqueue(tx: Db, message: MailMessage): Promise<void> {
    await insertMail(tx, message, this.clock.now().toISOString());
    this.soon();
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

  /**
   * Claims up to a batch of due mails in one statement. The row conditions are checked again on each
   * row: a PostgreSQL worker that waited for another's claim re-reads the row and no longer sees it due.
   */
  private async claimDue(now: Date) {
    const nowText = now.toISOString();
    const claimed = await this.db
      .updateTable('mail_queue')
      .set((eb) => ({ attempts: eb('attempts', '+', 1), next_attempt_at: new Date(now.getTime() + CLAIM_MS).toISOString() }))
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('mail_queue')
          .select('id')
          .where('sent_at', 'is', null)
          .where('next_attempt_at', '<=', nowText)
          .orderBy('id')
          .limit(BATCH),
      )
      .where('sent_at', 'is', null)
      .where('next_attempt_at', '<=', nowText)
      .returningAll()
      .execute();
    return claimed.sort((a, b) => a.id - b.id);
  }

  /** `untilStopped`: the worker's run, which a stop ends after the mail being sent. */
  private async sendDue({ untilStopped }: { untilStopped: boolean }): Promise<void> {
    for (;;) {
      const now = this.clock.now();
      this.more = false;
      // Claimed first, so of two workers (two processes on one database) one only sends each mail.
      const due = await this.claimDue(now);
      if (due.length === 0) return this.purgeSent(now);
      const marks = new SentMarks(this.db, this.clock);
      try {
        for (const [index, mail] of due.entries()) {
          if (untilStopped && this.stopped) return await this.release(due.slice(index), now);
          try {
            await this.mailer.send({ to: mail.recipient, subject: mail.subject, text: mail.text, html: mail.html });
            await marks.add(mail.id);
          } catch (error) {
            await this.db
              .updateTable('mail_queue')
              .set({
                next_attempt_at: new Date(now.getTime() + retryDelayMs(mail.attempts)).toISOString(),
                last_error: String((error as Error)?.message ?? error).slice(0, 500),
              })
              .where('id', '=', mail.id)
              .execute();
            this.onError(error, { to: mail.recipient, subject: mail.subject, attempts: mail.attempts });
          }
        }
      } finally {
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

  /** Gives back claims not yet sent (a stop mid-batch), so the next start sends them at once. */
  private async release(mails: readonly { id: number }[], now: Date): Promise<void> {
    await this.db
      .updateTable('mail_queue')
      .set((eb) => ({ attempts: eb('attempts', '-', 1), next_attempt_at: now.toISOString() }))
      .where(
        'id',
        'in',
        mails.map((m) => m.id),
      )
      .where('sent_at', 'is', null)
      .execute();
  }
}
