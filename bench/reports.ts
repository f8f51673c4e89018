/**
 * How long the owner's reports take over two busy years (scripts/seed-history.ts: ~150 000 orders,
 * ~500 000 lines): p50 and p95 of the evening summary, a month and a year (each beside its previous
 * period), through the real app (HTTP handling and serialisation included), on SQLite or on PostgreSQL
 * when DATABASE_URL is set. Target: ≤ 300 ms p95 each. Beside them, the CPU this process spent per
 * request (p50): on a shared, loaded machine the wall-clock figures include waiting for a core; on
 * SQLite the CPU is all of the work, on PostgreSQL only the app's side of it. And the first read of each:
 * the first after seeding sums every day of the period (server/reports/day-summaries.ts) and keeps them.
 *
 *   npm run bench:reports                                   (SQLite, a temp database)
 *   PIZZERIA_PG_PORT=55407 bash scripts/with-postgres.sh npm run bench:reports
 *   BENCH_REPORTS_DB=/tmp/history.db npm run bench:reports  (seeds it once, reuses it after)
 *   BENCH_RUNS=20 BENCH_WARMUP=3
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { seedHistory } from '../scripts/seed-history';
import { benchDatabase } from './database';
import { seededApp } from './seeded-app';
import { percentile } from './stats';

const RUNS = Math.min(Number(process.env.BENCH_RUNS) || 20, 500);
const WARMUP = Math.min(Number(process.env.BENCH_WARMUP) || 3, 50);
/** The bench's shop day is 18 November 2026 (seeded-app's clock): the history ends the day before. */
const HISTORY = { end: '2026-11-17', days: 730, ordersPerDay: 205 };

const CASES = [
  ['evening summary (a Saturday)', '/api/v1/admin/reports/evening?day=2026-11-14'],
  ['month (October 2026 + September)', '/api/v1/admin/reports/period?from=2026-10-01&to=2026-10-31'],
  ['year (12 months + the 12 before)', '/api/v1/admin/reports/period?from=2025-11-18&to=2026-11-17'],
] as const;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pizzeria-bench-reports-'));
const reuse = process.env.BENCH_REPORTS_DB;
const database = reuse
  ? { url: reuse, engine: reuse.startsWith('postgres') ? 'PostgreSQL' : 'SQLite', drop: async () => {} }
  : await benchDatabase(dir);
const { app, services, handle } = await seededApp(database.url, { mediaDir: path.join(dir, 'media') });
try {
  const started = performance.now();
  const written = await seedHistory(handle.db, HISTORY);
  // What autovacuum does after a bulk load: statistics, and PostgreSQL's visibility map for index-only scans.
  await (handle.dialect === 'postgres' ? sql`vacuum analyze` : sql`analyze`).execute(handle.db);
  const counts = await handle.db
    .selectFrom('orders')
    .select((eb) => [
      eb.fn.countAll<number>().as('orders'),
      eb.selectFrom('order_lines').select(eb.fn.countAll<number>().as('n')).as('lines'),
    ])
    .executeTakeFirstOrThrow();
  console.log(
    `${database.engine}: ${counts.orders} orders, ${counts.lines} lines` +
      (written.orders ? ` (seeded ${written.orders} in ${((performance.now() - started) / 1000).toFixed(1)} s)` : ' (reused)'),
  );

  const owner = await services.auth.createUser({
    name: 'Titolare Bench',
    email: `bench-${Date.now()}@example.it`,
    password: 'Password-sicura-1',
    role: 'admin',
    verified: true,
  });
  const token = await services.auth.issueToken({ id: owner.id, role: 'admin' });
  for (const [label, url] of CASES) {
    const times: number[] = [];
    const cpu: number[] = [];
    let first = 0;
    for (let run = 0; run < WARMUP + RUNS; run++) {
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      const ms = performance.now() - t0;
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      const used = process.cpuUsage(cpu0);
      if (run === 0) first = ms;
      if (run >= WARMUP) {
        times.push(ms);
        cpu.push((used.user + used.system) / 1000);
      }
    }
    times.sort((a, b) => a - b);
    cpu.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    console.log(
      `${label.padEnd(36)} p50 ${percentile(times, 50).toFixed(1)} ms  p95 ${p95.toFixed(1)} ms  ${p95 <= 300 ? 'ok' : 'OVER 300 ms'}` +
        `  (this process's CPU p50 ${percentile(cpu, 50).toFixed(1)} ms; first read ${first.toFixed(0)} ms)`,
    );
  }
} finally {
  await app.close();
  await handle.close();
  await database.drop();
  fs.rmSync(dir, { recursive: true, force: true });
}
