import type { Db } from '../db/database';
import { emptyDay, PeriodQueries, type DaySums, type PeriodFigures } from './period-queries';

/** Days written per statement: well under either engine's limit of bound values. */
const BATCH = 200;
/** Days whose sums a process keeps read (a year beside the year before, ~2 × 366): no reading or parsing them again. */
const CACHED_DAYS = 800;

/**
 * A period's figures from each shop day's sums, kept in `report_days` with the fingerprint of the day's
 * orders they were summed from: a report reads the fingerprints (one row per day), sums again only the
 * days whose orders changed since (today, a past day the cassa edited) and adds up the days; a process
 * also keeps the days it read, parsed, while their fingerprints hold. The fingerprint is the day's
 * version in `order_days`, bumped by a trigger on every change to an order (an edit of its lines bumps
 * the order's version, order-rules.ts replaceOrder), a deleted account or client (set null) included.
 */
export class DaySummaries {
  private readonly queries: PeriodQueries;
  /** The days last read, least recently used first; each valid only while its fingerprint matches. */
  private readonly cache = new Map<string, { fingerprint: string; sums: DaySums }>();

  constructor(private readonly db: Db) {
    this.queries = new PeriodQueries(db);
  }

  async figures(from: string, to: string): Promise<PeriodFigures> {
    // Fingerprints before sums: an order changed in between leaves sums newer than their fingerprint,
    // summed again on the next read, never sums older than it. So concurrent readers can only do extra work.
    const fingerprints = await this.fingerprints(from, to);
    const sums = new Map<string, DaySums>();
    for (const [day, fingerprint] of fingerprints) {
      const cached = this.cache.get(day);
      if (cached?.fingerprint === fingerprint) sums.set(day, cached.sums);
    }
    const unread = [...fingerprints.keys()].filter((day) => !sums.has(day));
    if (unread.length) {
      const kept = await this.db
        .selectFrom('report_days')
        .select(['day', 'fingerprint', 'figures'])
        .where('day', '>=', unread[0]!)
        .where('day', '<=', unread.at(-1)!)
        .execute();
      for (const row of kept) {
        if (!sums.has(row.day) && fingerprints.get(row.day) === row.fingerprint) sums.set(row.day, JSON.parse(row.figures) as DaySums);
      }
    }
    for (const run of staleRuns([...fingerprints.keys()], sums)) await this.sumAgain(run, fingerprints, sums);
    this.remember(fingerprints, sums);
    return this.queries.combine(from, to, sums);
  }

  /** Keeps the period's days in the cache, most recently used last, forgetting the oldest past its size. */
  private remember(fingerprints: Map<string, string>, sums: Map<string, DaySums>) {
    for (const [day, fingerprint] of fingerprints) {
      this.cache.delete(day);
      this.cache.set(day, { fingerprint, sums: sums.get(day)! });
    }
    for (const day of this.cache.keys()) {
      if (this.cache.size <= CACHED_DAYS) break;
      this.cache.delete(day);
    }
  }

  /** Sums consecutive stale days again from the orders and keeps them. */
  private async sumAgain(days: string[], fingerprints: Map<string, string>, sums: Map<string, DaySums>) {
    const fresh = await this.queries.daySums(days[0]!, days.at(-1)!);
    const rows = days.map((day) => {
      // A day of cancelled orders only sums to nothing.
      const daySums = fresh.get(day) ?? emptyDay();
      sums.set(day, daySums);
      return { day, fingerprint: fingerprints.get(day)!, figures: JSON.stringify(daySums) };
    });
    for (let i = 0; i < rows.length; i += BATCH) {
      await this.db
        .insertInto('report_days')
        .values(rows.slice(i, i + BATCH))
        .onConflict((oc) =>
          oc.column('day').doUpdateSet((eb) => ({ fingerprint: eb.ref('excluded.fingerprint'), figures: eb.ref('excluded.figures') })),
        )
        .execute();
    }
  }

  /** Each shop day's fingerprint, for the days of `from`–`to` that have or had orders: its version (migration 0022). */
  private async fingerprints(from: string, to: string): Promise<Map<string, string>> {
    const rows = await this.db
      .selectFrom('order_days')
      .select(['day', 'version'])
      .where('day', '>=', from)
      .where('day', '<=', to)
      .orderBy('day')
      .execute();
    return new Map(rows.map((r) => [r.day, String(r.version)]));
  }
}

/** The days without valid sums, in runs of consecutive days with orders: one query per run. */
function staleRuns(days: string[], sums: Map<string, DaySums>): string[][] {
  const runs: string[][] = [];
  let run: string[] = [];
  for (const day of days) {
    if (!sums.has(day)) run.push(day);
    else if (run.length) {
      runs.push(run);
      run = [];
    }
  }
  if (run.length) runs.push(run);
  return runs;
}
