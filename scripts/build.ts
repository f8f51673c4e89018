/**
 * Builds what a server process runs, in a short-lived process of its own (the serving process never
 * builds: a build would keep Vite, Rollup and esbuild in its memory for its whole life).
 *
 *   tsx scripts/build.ts            the front end (dist/) and the server (dist-server/main.js)
 *   tsx scripts/build.ts server     the server only
 *   tsx scripts/build.ts --if-stale each one only when missing or older than its sources (`npm start`
 *                                   runs this first); SKIP_FRONTEND_BUILD=1 leaves the front end alone
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
export const SERVER_ENTRY = path.join(ROOT, 'dist-server', 'main.js');
/**
 * How a server process runs (package.json's `start` says the same): V8 grows its heap less eagerly
 * and keeps it small once start-up is over. bench:process measures the difference.
 */
export const SERVER_NODE_FLAGS = ['--optimize-for-size'];
/**
 * And with two malloc arenas (package.json's `start` and deploy/pizzeria@.service say the same): glibc
 * otherwise gives each of libuv's threads its own, and each keeps what an image decode freed in it
 * (twenty 49-megapixel uploads taking turns: about +190 MB instead of +70 MB, bench:uploads).
 */
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2' };
const FRONTEND_SOURCES = ['src', 'machines', 'openapi', 'public', 'index.html', 'vite.config.ts', 'scripts/cassaWorker.ts', 'package.json'];
// The server bundles server/ and the parts of src/ it imports (src/domain); the contract is read at run time.
const SERVER_SOURCES = ['server', 'src', 'package.json'];

function newestChange(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

/** Missing, or older than one of its sources (a fresh clone, a `git pull`, an edit). */
function isStale(output: string, sources: string[]): boolean {
  const builtAt = fs.existsSync(output) ? fs.statSync(output).mtimeMs : 0;
  return builtAt < Math.max(...sources.map((entry) => newestChange(path.join(ROOT, entry))));
}

export async function buildFrontend(outDir = path.join(ROOT, 'dist')): Promise<void> {
  const { build } = await import('vite');
  await build({ root: ROOT, logLevel: 'warn', build: { outDir } });
}

/**
 * server/main.ts as one plain ES module for Node: our code bundled, every package left to Node's own
 * resolution (native modules such as better-sqlite3 and sharp load as usual).
 */
export async function buildServer(): Promise<void> {
  const { build } = await import('esbuild');
  await build({
    entryPoints: [path.join(ROOT, 'server', 'main.ts')],
    outfile: SERVER_ENTRY,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    logLevel: 'warning',
  });
}

/** Builds the server when it is missing or older than its sources; what the e2e setup and the benches call. */
export async function ensureServerBuilt(log: (message: string) => void = () => undefined): Promise<void> {
  if (!isStale(SERVER_ENTRY, SERVER_SOURCES)) return;
  log('Building the server…');
  await buildServer();
}

async function main(args: string[]): Promise<void> {
  const log = (message: string) => console.log(`  ${message}`);
  const onlyServer = args.includes('server');
  if (!args.includes('--if-stale')) {
    if (!onlyServer) await buildFrontend(process.env.FRONTEND_DIR || undefined);
    await buildServer();
    return;
  }
  const frontendDir = process.env.FRONTEND_DIR || path.join(ROOT, 'dist');
  if (!onlyServer && process.env.SKIP_FRONTEND_BUILD !== '1' && isStale(path.join(frontendDir, 'index.html'), FRONTEND_SOURCES)) {
    log(
      fs.existsSync(path.join(frontendDir, 'index.html'))
        ? 'Front end sources changed: rebuilding…'
        : 'Building the front end (first start)…',
    );
    await buildFrontend(frontendDir);
  }
  await ensureServerBuilt(log);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) await main(process.argv.slice(2));
