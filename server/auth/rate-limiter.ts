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
