/**
 * Global setup of the browser suite: starts the REAL server (`server/main.ts`, the production build in
 * dist/, a fresh SQLite file seeded with the demo pizzeria, a fixed clock) on a free port, hands its URL
 * and the staff credentials to the tests with `provide`, and stops it afterwards.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  interface ProvidedContext {
    /** http://127.0.0.1:<port>, no trailing slash */
    baseUrl: string;
    adminEmail: string;
    adminPassword: string;
  }
}

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const DIST = path.join(ROOT, 'dist');
/** A Wednesday evening, inside opening hours (SPEC §9): the same instant on every run. */
const FIXED_NOW = '2026-11-18T17:00:00+01:00';
const ADMIN_EMAIL = 'cassa-e2e@pizzeria.local';
const ADMIN_PASSWORD = 'e2e-Cassa-Password-1';
const START_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 5_000;

function freePort(): Promise<number> {
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
      throw new Error(
        `The e2e server exited early (code ${child.exitCode}, signal ${child.signalCode}).\n--- server output ---\n${output()}`,
      );
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
    `The e2e server did not answer 200 on ${url} within ${START_TIMEOUT_MS / 1000} s (last: ${lastProblem}).\n--- server output ---\n${output()}`,
  );
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!fs.existsSync(path.join(DIST, 'index.html'))) {
    throw new Error(
      'dist/index.html is missing: the browser suite runs against the production build.\n' +
        'Build it first: `npx vite build` (or `npm run test:e2e`, which builds and then runs the suite).',
    );
  }

  // Screenshots of failures are per run: drop the previous run's.
  fs.rmSync(path.join(ROOT, 'test-results', 'e2e'), { recursive: true, force: true });

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pizzeria-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;

  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseUrl,
      DATABASE_URL: path.join(tmp, 'e2e.db'),
      OUTBOX_DIR: path.join(tmp, 'outbox'),
      PIZZERIA_NOW: FIXED_NOW,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      FRONTEND_DIR: DIST,
      // The suite tests the build it was given; the server must not rebuild it underneath.
      SKIP_FRONTEND_BUILD: '1',
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const cleanUp = async () => {
    await stop(child);
    fs.rmSync(tmp, { recursive: true, force: true });
  };

  try {
    await waitUntilReady(`${baseUrl}/api/v1/ecommerce/webapp`, child, () => output);
  } catch (error) {
    await cleanUp();
    throw error;
  }

  project.provide('baseUrl', baseUrl);
  project.provide('adminEmail', ADMIN_EMAIL);
  project.provide('adminPassword', ADMIN_PASSWORD);

  return async () => {
    await cleanUp();
    if (child.exitCode !== 0) {
      console.error(
        `The e2e server did not stop cleanly (code ${child.exitCode}, signal ${child.signalCode}).\n--- server output ---\n${output}`,
      );
    }
  };
}
