/**
 * Lighthouse 13 (mobile, its default simulated throttling) on the home page, the blog and one post,
 * served by the real server over the production build; prints each page's scores and metrics, the
 * median of LIGHTHOUSE_RUNS runs (default 3). Lighthouse is fetched by npx, not a dependency.
 *
 *   npx vite build && npm run bench:lighthouse
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

function run(command: string, args: string[]): Promise<void> {
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

async function lighthouse(url: string, chromePort: number, index: number): Promise<LighthouseResult> {
  const report = path.join(tmp, `report-${index}.json`);
  await run('npx', [
    '--yes',
    'lighthouse@13',
    url,
    `--port=${chromePort}`,
    `--only-categories=${CATEGORIES.join(',')}`,
    '--output=json',
    `--output-path=${report}`,
    '--quiet',
  ]);
  const result = JSON.parse(fs.readFileSync(report, 'utf8')) as LighthouseResult;
  if (result.runtimeError) throw new Error(`Lighthouse on ${url}: ${result.runtimeError.code} ${result.runtimeError.message}`);
  return result;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const score = (result: LighthouseResult, category: string) => Math.round((result.categories[category]?.score ?? 0) * 100);
const metric = (result: LighthouseResult, audit: string) => result.audits[audit]?.numericValue ?? Number.NaN;

try {
  server = await startRealServer();
  const { data } = (await (await fetch(`${server.baseUrl}/api/v1/blog/posts?page=1`)).json()) as { data: { id: number; slug: string }[] };
  const post = data[0]!;
  const pages = ['/', '/blog', `/blog/${post.id}/${post.slug}`];
  const chromePort = await startChrome();

  const header = ['page', ...CATEGORIES, ...METRICS.map((m) => m.label), `performance per run`];
  const rows: string[][] = [];
  let index = 0;
  for (const page of pages) {
    const results: LighthouseResult[] = [];
    for (let i = 0; i < RUNS; i++) {
      results.push(await lighthouse(server.baseUrl + page, chromePort, index++));
      process.stderr.write(`  ${page} run ${i + 1}/${RUNS}: performance ${score(results.at(-1)!, 'performance')}\n`);
    }
    rows.push([
      page,
      ...CATEGORIES.map((category) => String(median(results.map((r) => score(r, category))))),
      ...METRICS.map((m) => m.format(median(results.map((r) => metric(r, m.audit))))),
      results.map((r) => score(r, 'performance')).join(', '),
    ]);
  }

  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  console.log(`\nLighthouse 13, mobile, median of ${RUNS} run(s) per page:`);
  console.log(line(header));
  console.log(line(widths.map((width) => '-'.repeat(width))));
  for (const row of rows) console.log(line(row));
} finally {
  await cleanUp();
}
