/**
 * The real server (the compiled dist-server/main.js, as `npm start` runs it, over the production build
 * in dist/) on a free port, with a fresh
 * SQLite file seeded with the demo pizzeria and a frozen clock: what the browser suite and
 * bench:lighthouse measure. `stop()` ends it and deletes its files, whatever state it is in.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ensureServerBuilt, SERVER_ENTRY, SERVER_ENV, SERVER_NODE_FLAGS } from './build';

const ROOT = path.resolve(import.meta.dirname, '..');
export const DIST = path.join(ROOT, 'dist');
/** A Wednesday evening, inside opening hours (SPEC §9): the same instant on every run. */
export const FIXED_NOW = '2026-11-18T17:00:00+01:00';
const START_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 5_000;

export interface RealServer {
  /** http://127.0.0.1:<port>, no trailing slash */
  baseUrl: string;
  /** where the server writes every e-mail as an .eml file (no SMTP_URL) */
  outboxDir: string;
  child: ChildProcess;
  /** what the server printed so far (the tail, when it is long) */
  output(): string;
  /** milliseconds from the spawn to the server's "Pizzeria on …" line (listening) */
  listeningAfterMs: number | undefined;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (exited(child)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** SIGTERM (the server closes Fastify and the database), SIGKILL if it is still there after 5 s. */
async function stop(child: ChildProcess): Promise<void> {
  if (exited(child)) return;
  child.kill('SIGTERM');
  if (!(await waitForExit(child, STOP_GRACE_MS))) {
    child.kill('SIGKILL');
    await waitForExit(child, STOP_GRACE_MS);
  }
}

async function waitUntilReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (exited(child)) {
      throw new Error(`The server exited early (code ${child.exitCode}, signal ${child.signalCode}).\n--- server output ---\n${output()}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      if (response.status === 200) return;
      lastProblem = `HTTP ${response.status}`;
    } catch (error) {
      lastProblem = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `The server did not answer 200 on ${url} within ${START_TIMEOUT_MS / 1000} s (last: ${lastProblem}).\n--- server output ---\n${output()}`,
  );
}

/**
 * Starts the server; `env` adds to (or overrides) its environment, e.g. the staff credentials.
 * `nodeArgs` replaces what node runs (bench:process measures `--import tsx server/main.ts` beside it).
 */
export async function startRealServer(env: Record<string, string> = {}, nodeArgs?: string[]): Promise<RealServer> {
  if (!fs.existsSync(path.join(DIST, 'index.html'))) {
    throw new Error('dist/index.html is missing: the real server serves the production build. Build it first: `npx vite build`.');
  }
  if (!nodeArgs) await ensureServerBuilt();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pizzeria-real-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const outboxDir = path.join(tmp, 'outbox');

  let output = '';
  const spawnedAt = performance.now();
  let listeningAfterMs: number | undefined;
  const child = spawn(process.execPath, nodeArgs ?? [...SERVER_NODE_FLAGS, SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...SERVER_ENV,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseUrl,
      DATABASE_URL: path.join(tmp, 'pizzeria.db'),
      OUTBOX_DIR: outboxDir,
      MEDIA_DIR: path.join(tmp, 'media'),
      PIZZERIA_NOW: FIXED_NOW,
      FRONTEND_DIR: DIST,
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
      // No balancer watches it: stopping need not wait for one to notice.
      SHUTDOWN_DRAIN_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    if (listeningAfterMs === undefined && output.includes('Pizzeria on ')) listeningAfterMs = performance.now() - spawnedAt;
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const server: RealServer = {
    baseUrl,
    outboxDir,
    child,
    output: () => output,
    get listeningAfterMs() {
      return listeningAfterMs;
    },
    async stop() {
      await stop(child);
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
  try {
    await waitUntilReady(`${baseUrl}/api/v1/ecommerce/webapp`, child, () => output);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}
