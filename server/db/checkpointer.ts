import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the background connection copies the log into the database file. */
export const CHECKPOINT_EVERY_MS = 250;
/**
 * Past this many log pages the request connection checkpoints itself, as SQLite does by default at
 * 1000: the background one cannot finish while commits keep arriving, so a long busy spell (or a
 * dead worker) still ends with the log restarted. High, so that it seldom runs on the request path.
 */
export const FALLBACK_CHECKPOINT_PAGES = 10_000;

// Plain CommonJS run by the worker itself (no TypeScript loader there): its own connection, PASSIVE
// checkpoints, which never block the writer.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file);
db.pragma('synchronous = NORMAL');
const checkpoint = db.prepare('pragma wal_checkpoint(PASSIVE)');
const timer = setInterval(() => {
  try { checkpoint.run(); } catch {}
}, workerData.everyMs);
parentPort.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/**
 * A checkpoint syncs the log and the database file (milliseconds, more when the disk is busy); run
 * from a commit it stalls every request waiting on the one SQLite connection. A worker thread with
 * its own connection does it instead, between and during requests. Its log sync is also what bounds,
 * with synchronous=NORMAL, the commits a power cut can take back: at most the last CHECKPOINT_EVERY_MS.
 */
export function startCheckpointer(file: string): { stop(): Promise<void> } {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driver, everyMs: CHECKPOINT_EVERY_MS } });
  worker.unref();
  // A failed checkpointer costs speed, not data: the request connection's fallback checkpoints go on.
  worker.on('error', () => undefined);
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    async stop() {
      worker.postMessage('stop');
      await exited;
    },
  };
}
