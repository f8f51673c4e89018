import type { Clock } from '../clock';

/** Fixed-window attempt counter per key (e.g. "login:email|ip"), in memory: one process serves the shop. */
export class RateLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly maxAttempts: number,
    private readonly windowMs: number,
  ) {}

  /** Seconds to wait when the key has used up its attempts; 0 when it may try. */
  retryAfter(key: string): number {
    const entry = this.hits.get(key);
    const now = this.clock.now().getTime();
    if (!entry || entry.resetAt <= now) return 0;
    return entry.count >= this.maxAttempts ? Math.ceil((entry.resetAt - now) / 1000) : 0;
  }

  hit(key: string): void {
    const now = this.clock.now().getTime();
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      this.hits.set(key, { count: 1, resetAt: now + this.windowMs });
      if (this.hits.size > 10_000) this.prune(now);
    } else {
      entry.count += 1;
    }
  }

  clear(key: string): void {
    this.hits.delete(key);
  }

  private prune(now: number): void {
    for (const [key, entry] of this.hits) if (entry.resetAt <= now) this.hits.delete(key);
  }
}

interface FailureRecord {
  failures: number;
  /** when the next attempt is allowed (ms) */
  blockedUntil: number;
  /** when the record is forgotten (ms): an hour after its first failure */
  resetAt: number;
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * Login attempts, counted before the password is hashed and in the same tick as the check, so a
 * burst of parallel requests cannot slip past the count. Per account and address: 5 free failures,
 * then a back-off that doubles with each further failure (up to an hour). Per account across
 * every address: at most 100 failures an hour. Unknown addresses count the same, revealing nothing.
 */
export class LoginThrottle {
  private readonly perClient = new Map<string, FailureRecord>();
  private readonly perAccount = new Map<string, FailureRecord>();

  constructor(
    private readonly clock: Clock,
    private readonly limits: { freeFailures: number; firstBackoffMs: number; accountFailuresPerHour: number },
  ) {}

  private record(map: Map<string, FailureRecord>, key: string, now: number): FailureRecord {
    let entry = map.get(key);
    if (!entry || entry.resetAt <= now) {
      if (map.size > 10_000) for (const [k, e] of map) if (e.resetAt <= now) map.delete(k);
      entry = { failures: 0, blockedUntil: 0, resetAt: now + HOUR_MS };
      map.set(key, entry);
    }
    return entry;
  }

  /**
   * Seconds to wait when the attempt is refused; otherwise 0, and the attempt is already counted as
   * a failure (`succeeded` takes it back).
   */
  attempt(account: string, client: string): number {
    const now = this.clock.now().getTime();
    const mine = this.record(this.perClient, `${account}|${client}`, now);
    const all = this.record(this.perAccount, account, now);
    const until = Math.max(mine.blockedUntil, all.failures >= this.limits.accountFailuresPerHour ? all.resetAt : 0);
    if (until > now) return Math.ceil((until - now) / 1000);

    mine.failures += 1;
    all.failures += 1;
    const over = mine.failures - this.limits.freeFailures;
    if (over >= 0) mine.blockedUntil = now + Math.min(HOUR_MS, this.limits.firstBackoffMs * 2 ** over);
    return 0;
  }

  /** The password was right: this address starts afresh, and the attempt was no failure. */
  succeeded(account: string, client: string): void {
    this.perClient.delete(`${account}|${client}`);
    const all = this.perAccount.get(account);
    if (all && all.failures > 0) all.failures -= 1;
  }
}
