/**
 * Lighthouse 13 (mobile, its default simulated throttling) on the home page, the blog, one post and
 * the shop, served by the real server over the production build; prints every run's scores and
 * metrics, each page's median of LIGHTHOUSE_RUNS runs (default 3) and a pass/fail line against
 * issue 16's bar, met by EVERY run: performance >= 95, CLS <= 0.05, accessibility 100, and issue
 * 31's, met by the median: performance >= 95, LCP <= 1.2 s, SEO 100, accessibility 100. Exits 1 when
 * a run or a median misses. Lighthouse is fetched by npx, not a dependency.
 *
 *   npx vite build && npm run bench:lighthouse
 *   LIGHTHOUSE_PAGES=post,ecommerce LIGHTHOUSE_REPORTS=/tmp/lh npm run bench:lighthouse
 *     (only those pages; keep each run's JSON report in that folder, for its diagnostics)
 *
 * Drives Debian's Chromium (CHROME_PATH, default /usr/bin/chromium), which it starts itself and
 * stops, with the server, whatever happens.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium';
import { freePort, startRealServer, type RealServer } from '../scripts/real-server';

const CHROME_FLAGS = [
  '--headless=new',
  ...CHROMIUM_FLAGS,
  // Otherwise its crash handler daemonises, outliving the browser.
  '--disable-crash-reporter',
];
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const REPORTS = process.env.LIGHTHOUSE_REPORTS;
/** Issue 16, point 9: what every run of every page must reach. */
const BAR = { performance: 95, cls: 0.05, accessibility: 100 };
/** Issue 31, point 6: what each page's median must reach (server-rendered pages paint before their scripts run). */
const MEDIAN_BAR = { performance: 95, lcpMs: 1200, seo: 100, accessibility: 100 };
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = [
  { audit: 'cumulative-layout-shift', label: 'CLS', format: (v: number) => v.toFixed(3) },
  { audit: 'largest-contentful-paint', label: 'LCP', format: (v: number) => `${(v / 1000).toFixed(1)} s` },
  { audit: 'total-blocking-time', label: 'TBT', format: (v: number) => `${Math.round(v)} ms` },
  { audit: 'first-contentful-paint', label: 'FCP', format: (v: number) => `${(v / 1000).toFixed(1)} s` },
] as const;

interface LighthouseResult {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
  runtimeError?: { code: string; message: string };
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pizzeria-lighthouse-'));
const started: ChildProcess[] = [];
let server: RealServer | undefined;

/** Each child leads a process group of its own (npx → lighthouse, Chromium → its helpers): all of it goes. */
function killGroup(child: ChildProcess): void {
  try {
    if (child.pid) process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

async function cleanUp(): Promise<void> {
  started.forEach(killGroup);
  await server?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
}

function exec(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
    started.push(child);
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args[0]} exited ${code}:\n${stderr}`))));
  });
}

/** Chromium with a DevTools port for Lighthouse to drive (one browser for every run; Lighthouse resets storage per run). */
async function startChrome(): Promise<number> {
  const port = await freePort();
  const chrome = spawn(
    CHROMIUM_PATH,
    [...CHROME_FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${path.join(tmp, 'chrome')}`, 'about:blank'],
    { stdio: 'ignore', detached: true },
  );
  started.push(chrome);
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (chrome.exitCode !== null) throw new Error(`${CHROMIUM_PATH} exited (${chrome.exitCode})`);
    const ready = await fetch(`http://127.0.0.1:${port}/json/version`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return port;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${CHROMIUM_PATH} did not open its DevTools port`);
}

/** One Lighthouse run; a run Lighthouse itself fails to record (NO_NAVSTART happens on a busy machine) is tried again, twice at most. */
async function lighthouse(url: string, chromePort: number, name: string, run: number, attempt = 1): Promise<LighthouseResult> {
  const report = path.join(tmp, `${name}-${run}.json`);
  try {
    await exec('npx', [
      '--yes',
      'lighthouse@13',
      url,
      `--port=${chromePort}`,
      `--only-categories=${CATEGORIES.join(',')}`,
      '--output=json',
      `--output-path=${report}`,
      '--quiet',
    ]);
  } catch (error) {
    if (attempt >= 3) throw error;
    process.stderr.write(`  ${url} run ${run}: Lighthouse failed (${String(error).match(/\(([A-Z_]+)\)/)?.[1] ?? 'error'}), once more\n`);
    return lighthouse(url, chromePort, name, run, attempt + 1);
  }
  const result = JSON.parse(fs.readFileSync(report, 'utf8')) as LighthouseResult;
  if (result.runtimeError) throw new Error(`Lighthouse on ${url}: ${result.runtimeError.code} ${result.runtimeError.message}`);
  if (REPORTS) fs.copyFileSync(report, path.join(REPORTS, `${name}-${run}.json`));
  return result;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const score = (result: LighthouseResult, category: string) => Math.round((result.categories[category]?.score ?? 0) * 100);
const metric = (result: LighthouseResult, audit: string) => result.audits[audit]?.numericValue ?? Number.NaN;

/** What a run misses of the bar, in words (empty when it passes). */
function misses(result: LighthouseResult): string[] {
  const found = [];
  if (score(result, 'performance') < BAR.performance) found.push(`performance ${score(result, 'performance')} < ${BAR.performance}`);
  const cls = metric(result, 'cumulative-layout-shift');
  if (!(cls <= BAR.cls)) found.push(`CLS ${cls.toFixed(3)} > ${BAR.cls}`);
  if (score(result, 'accessibility') < BAR.accessibility)
    found.push(`accessibility ${score(result, 'accessibility')} < ${BAR.accessibility}`);
  return found;
}

/** What a page's medians miss of issue 31's bar, in words (empty when they pass). */
function medianMisses(results: LighthouseResult[]): string[] {
  const found = [];
  for (const category of ['performance', 'seo', 'accessibility'] as const) {
    const value = median(results.map((r) => score(r, category)));
    if (value < MEDIAN_BAR[category]) found.push(`median ${category} ${value} < ${MEDIAN_BAR[category]}`);
  }
  const lcp = median(results.map((r) => metric(r, 'largest-contentful-paint')));
  if (!(lcp <= MEDIAN_BAR.lcpMs)) found.push(`median LCP ${(lcp / 1000).toFixed(1)} s > ${MEDIAN_BAR.lcpMs / 1000} s`);
  return found;
}

function printTable(title: string, header: string[], rows: string[][]): void {
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  console.log(`\n${title}`);
  console.log(line(header));
  console.log(line(widths.map((width) => '-'.repeat(width))));
  for (const row of rows) console.log(line(row));
}

const cells = (values: (category: string) => number, metrics: (audit: string) => number) => [
  ...CATEGORIES.map((category) => String(values(category))),
  ...METRICS.map((m) => m.format(metrics(m.audit))),
];

let failed = false;
try {
  if (REPORTS) fs.mkdirSync(REPORTS, { recursive: true });
  server = await startRealServer();
  const { data } = (await (await fetch(`${server.baseUrl}/api/v1/blog/posts?page=1`)).json()) as { data: { id: number; slug: string }[] };
  const post = data[0]!;
  const allPages = { home: '/', blog: '/blog', post: `/blog/${post.id}/${post.slug}`, ecommerce: '/ecommerce' };
  const wanted = process.env.LIGHTHOUSE_PAGES?.split(',') ?? Object.keys(allPages);
  const pages = Object.entries(allPages).filter(([name]) => wanted.includes(name));
  // Untimed: a fresh process compiles its renderer on the first requests, which no visitor after them waits for.
  for (const [, page] of pages) for (let i = 0; i < 3; i++) await (await fetch(server.baseUrl + page)).arrayBuffer();
  const chromePort = await startChrome();

  const perRun: string[][] = [];
  const medians: string[][] = [];
  const verdicts: string[] = [];
  for (const [name, page] of pages) {
    const results: LighthouseResult[] = [];
    for (let i = 1; i <= RUNS; i++) {
      const result = await lighthouse(server.baseUrl + page, chromePort, name, i);
      results.push(result);
      process.stderr.write(`  ${page} run ${i}/${RUNS}: performance ${score(result, 'performance')}\n`);
      perRun.push([
        page,
        String(i),
        ...cells(
          (category) => score(result, category),
          (audit) => metric(result, audit),
        ),
        misses(result).length ? 'FAIL' : 'pass',
      ]);
    }
    medians.push([
      page,
      ...cells(
        (category) => median(results.map((r) => score(r, category))),
        (audit) => median(results.map((r) => metric(r, audit))),
      ),
    ]);
    const missed = [...results.flatMap((result, i) => misses(result).map((miss) => `run ${i + 1}: ${miss}`)), ...medianMisses(results)];
    failed ||= missed.length > 0;
    verdicts.push(`${missed.length ? 'FAIL' : 'PASS'} ${page}${missed.length ? ` — ${missed.join('; ')}` : ''}`);
  }

  const metricLabels = METRICS.map((m) => m.label);
  printTable(`Lighthouse 13, mobile, every run:`, ['page', 'run', ...CATEGORIES, ...metricLabels, 'bar'], perRun);
  printTable(`Median of ${RUNS} run(s) per page:`, ['page', ...CATEGORIES, ...metricLabels], medians);
  console.log(
    `\nBar, in every run: performance >= ${BAR.performance}, CLS <= ${BAR.cls}, accessibility ${BAR.accessibility}; in the median: ` +
      `performance >= ${MEDIAN_BAR.performance}, LCP <= ${MEDIAN_BAR.lcpMs / 1000} s, SEO ${MEDIAN_BAR.seo}, accessibility ${MEDIAN_BAR.accessibility} (load average ${os
        .loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')})`,
  );
  for (const verdict of verdicts) console.log(verdict);
} finally {
  await cleanUp();
}
if (failed) process.exit(1);
