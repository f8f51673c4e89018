import { createHash } from 'node:crypto';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  RateLimiterSQLite,
  type IRateLimiterOptions,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { rawConnectionOf, type Db, type RawConnection } from '../db/database';

const HOUR_MS = 60 * 60 * 1000;
const PRUNE_EVERY_MS = 5 * 60 * 1000;
const WARN_EVERY_MS = 60 * 1000;

/** The memory the library falls back on while the database store fails; it says when it is used. */
class MemoryInsurance extends RateLimiterMemory {
  constructor(
    options: IRateLimiterOptions,
    private readonly onUse: () => void,
  ) {
    super(options);
  }

  override consume(...args: Parameters<RateLimiterMemory['consume']>): Promise<RateLimiterRes> {
    this.onUse();
    return super.consume(...args);
  }
}

/**
 * Where the limits count: rate-limiter-flexible's stores on the app's own database (table
 * `rate_limits`, made by a migration), so every process on it shares one count, raised by one atomic
 * upsert. The store reuses the app's connections: the pg pool, or SQLite's one connection.
 *
 * If the store fails, the library's insurance limiter counts in this process's memory meanwhile:
 * the limits still hold (per process) and a login never answers 5xx because of them.
 *
 * The library reads the wall clock (Date.now), not the shop's Clock: a frozen demo clock must not
 * freeze a back-off. Tests that wait one out fake Date (see tests/server/harness.ts).
 */
export class LimitStore {
  readonly #db: Db;
  readonly #raw: RawConnection;
  readonly #onFallback: () => void;
  #lastWarning = 0;
  #pruneTimer: NodeJS.Timeout | null = null;

  constructor(db: Db, onFallback: () => void) {
    this.#db = db;
    this.#raw = rawConnectionOf(db);
    this.#onFallback = onFallback;
  }

  limiter(keyPrefix: string, points: number, durationSeconds: number): RateLimiterAbstract {
    const insuranceLimiter = new MemoryInsurance({ keyPrefix, points, duration: durationSeconds }, () => this.#warn());
    // The table comes from the migration; expired rows are pruned by `start`, whose timer stops with the app.
    const options = {
      keyPrefix,
      points,
      duration: durationSeconds,
      tableName: 'rate_limits',
      tableCreated: true,
      clearExpiredByTimeout: false,
    };
    return this.#raw.dialect === 'postgres'
      ? new RateLimiterPostgres({ ...options, insuranceLimiter, storeClient: this.#raw.pool, storeType: 'pool' })
      : new RateLimiterSQLite({ ...options, insuranceLimiter, storeClient: this.#raw.sqlite, storeType: 'better-sqlite3' });
  }

  /**
   * Runs the library's calls. On SQLite they share the app's connection: they run while it is held,
   * between transactions, so a count never lands inside a transaction that then rolls back.
   */
  run<T>(work: () => Promise<T>): Promise<T> {
    return this.#raw.dialect === 'sqlite' ? this.#db.connection().execute(() => work()) : work();
  }

  start(): void {
    this.#pruneTimer ??= setInterval(() => void this.prune().catch(() => this.#warn()), PRUNE_EVERY_MS);
    this.#pruneTimer.unref();
  }

  stop(): void {
    if (this.#pruneTimer) clearInterval(this.#pruneTimer);
    this.#pruneTimer = null;
  }

  /** Forgets the counts whose window has passed (the library ignores them, and would clear them itself every 5 minutes). */
  async prune(): Promise<void> {
    await this.#db.deleteFrom('rate_limits').where('expire', '<', Date.now()).execute();
  }

  #warn(): void {
    if (Date.now() - this.#lastWarning < WARN_EVERY_MS) return;
    this.#lastWarning = Date.now();
    this.#onFallback();
  }
}

/** Keys are hashed: the table holds no e-mail address or IP address, and every key has the same length. */
function hashed(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}

/** One point consumed: the library's answer, whether it allowed it or not. */
async function take(limiter: RateLimiterAbstract, key: string, options?: { customDuration: number }): Promise<RateLimiterRes> {
  try {
    return await limiter.consume(key, 1, options);
  } catch (refusal) {
    if (refusal instanceof RateLimiterRes) return refusal;
    throw refusal;
  }
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** Milliseconds a count of at least `limit` still holds; 0 when it does not. */
const holding = (count: RateLimiterRes | null, limit: number) =>
  count && count.consumedPoints >= limit && count.msBeforeNext > 0 ? count.msBeforeNext : 0;

/** Fixed-window attempt counter per key (e.g. "reset:email"), shared by every process. */
export class RateLimiter {
  private readonly limiter: RateLimiterAbstract;

  constructor(
    private readonly store: LimitStore,
    keyPrefix: string,
    maxAttempts: number,
    windowMs: number,
  ) {
    this.limiter = store.limiter(keyPrefix, maxAttempts, windowMs / 1000);
  }

  /** Counts an attempt: the seconds to wait when the key has used up its attempts (this one refused), else 0. */
  async take(key: string): Promise<number> {
    const count = await this.store.run(() => take(this.limiter, hashed(key)));
    return count.consumedPoints > this.limiter.points ? seconds(count.msBeforeNext) : 0;
  }
}

/**
 * Login attempts, counted atomically in the database before the password is hashed, so a burst of
 * parallel requests — to one process or to several — cannot slip past the count. Per account and
 * address: 5 free failures, then a back-off that doubles with each further failure (up to an hour).
 * Per account across every address: at most 100 failures an hour. Each record is forgotten an hour
 * after its first failure. Unknown addresses count the same, revealing nothing.
 */
export class LoginThrottle {
  /** failures per account, in the hour from the first */
  private readonly perAccount: RateLimiterAbstract;
  /** attempts per account and address in the hour from the first: the free ones pass at once */
  private readonly free: RateLimiterAbstract;
  /** back-offs granted to an account and address, forgotten with its hour (counted by penalty only) */
  private readonly backoffs: RateLimiterAbstract;
  /** held for the back-off after each failure beyond the free ones: one attempt claims it */
  private readonly gate: RateLimiterAbstract;

  constructor(
    private readonly store: LimitStore,
    private readonly limits: { freeFailures: number; firstBackoffMs: number; accountFailuresPerHour: number },
  ) {
    const hour = HOUR_MS / 1000;
    this.perAccount = store.limiter('login-account', limits.accountFailuresPerHour, hour);
    this.free = store.limiter('login-free', limits.freeFailures - 1, hour);
    this.backoffs = store.limiter('login-backoffs', 0, hour);
    this.gate = store.limiter('login-gate', 1, hour);
  }

  /**
   * Seconds to wait when the attempt is refused; otherwise 0, and the attempt is already counted as
   * a failure (`succeeded` takes it back).
   */
  attempt(account: string, client: string): Promise<number> {
    return this.store.run(() => this.#attempt(hashed(account), hashed(`${account}|${client}`)));
  }

  async #attempt(account: string, mine: string): Promise<number> {
    const [held, failures] = await Promise.all([this.gate.get(mine), this.perAccount.get(account)]);
    const blocked = Math.max(holding(held, 1), holding(failures, this.perAccount.points));
    if (blocked > 0) return seconds(blocked);

    const counted = await take(this.perAccount, account);
    if (counted.consumedPoints > this.perAccount.points) return this.refuse(account, counted);
    const attempts = await take(this.free, mine);
    if (attempts.consumedPoints <= this.free.points) return 0;

    // Beyond the free failures: the first attempt to claim the gate passes and holds it for its
    // back-off (doubling with each one granted, never past the record's hour); the others wait.
    const granted = (await this.backoffs.get(mine))?.consumedPoints ?? 0;
    const hourLeftMs = Math.max(1, attempts.msBeforeNext);
    const backoffMs = Math.min(HOUR_MS, this.limits.firstBackoffMs * 2 ** granted, hourLeftMs);
    const claim = await take(this.gate, mine, { customDuration: backoffMs / 1000 });
    if (claim.consumedPoints > this.gate.points) return this.refuse(account, claim);
    await this.backoffs.penalty(mine, 1, { customDuration: hourLeftMs / 1000 });
    return 0;
  }

  /** A refused attempt is no failure: the account's count is given back. */
  private async refuse(account: string, count: RateLimiterRes): Promise<number> {
    await this.perAccount.reward(account);
    return seconds(count.msBeforeNext);
  }

  /** The password was right: this address starts afresh, and the attempt was no failure. */
  succeeded(account: string, client: string): Promise<void> {
    const mine = hashed(`${account}|${client}`);
    return this.store.run(async () => {
      await Promise.all([this.free.delete(mine), this.backoffs.delete(mine), this.gate.delete(mine)]);
      const failures = await this.perAccount.reward(hashed(account));
      // The hour ended meanwhile: the reward made a fresh count below zero.
      if (failures.consumedPoints < 0) await this.perAccount.delete(hashed(account));
    });
  }
}
