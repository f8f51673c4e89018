/**
 * Global setup of the browser suite: starts the REAL server (scripts/real-server.ts: the production
 * build in dist/, a fresh SQLite file seeded with the demo pizzeria, a fixed clock) on a free port,
 * hands its URL and the staff credentials to the tests with `provide`, and stops it afterwards.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startRealServer } from '../../scripts/real-server';

declare module 'vitest' {
  interface ProvidedContext {
    /** http://127.0.0.1:<port>, no trailing slash */
    baseUrl: string;
    adminEmail: string;
    adminPassword: string;
    /** the real server's outbox: every e-mail it sends, as an .eml file (written by its mail worker) */
    outboxDir: string;
  }
}

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const ADMIN_EMAIL = 'cassa-e2e@pizzeria.local';
const ADMIN_PASSWORD = 'e2e-Cassa-Password-1';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Screenshots of failures are per run: drop the previous run's.
  fs.rmSync(path.join(ROOT, 'test-results', 'e2e'), { recursive: true, force: true });

  const server = await startRealServer({ ADMIN_EMAIL, ADMIN_PASSWORD });
  project.provide('baseUrl', server.baseUrl);
  project.provide('adminEmail', ADMIN_EMAIL);
  project.provide('adminPassword', ADMIN_PASSWORD);
  project.provide('outboxDir', server.outboxDir);

  return async () => {
    await server.stop();
    const { exitCode, signalCode } = server.child;
    if (exitCode !== 0) {
      console.error(
        `The e2e server did not stop cleanly (code ${exitCode}, signal ${signalCode}).\n--- server output ---\n${server.output()}`,
      );
    }
  };
}
