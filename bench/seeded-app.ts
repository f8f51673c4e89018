/**
 * The app as the benches serve it: a migrated database seeded with the demo menu, `settings` over the
 * seed's, the clock on Wednesday 18 November 2026 at 17:00 in Rome (every slot ahead), mail dropped.
 * Imported only by the app's child process, so a bare Fastify child loads none of the app.
 */
import { buildApp } from '../server/app';
import { fixedClock } from '../server/clock';
import { openDatabase } from '../server/db/database';
import { migrate } from '../server/db/migrations';
import { isSeeded, seedCatalog } from '../server/db/seed';

/** `file`: a SQLite file path or a PostgreSQL URL, as openDatabase takes it. */
export async function seededApp(file: string, options: { mediaDir: string; settings?: Record<string, string>; frontendDir?: string }) {
  const handle = openDatabase(file);
  await migrate(handle.db, handle.dialect);
  const clock = fixedClock('2026-11-18T17:00:00+01:00');
  // A database a bench reuses (bench:reports' history) keeps its menu.
  if (!(await isSeeded(handle.db))) await seedCatalog(handle.db, clock);
  for (const [key, value] of Object.entries(options.settings ?? {})) {
    await handle.db.updateTable('settings').set({ value }).where('key', '=', key).execute();
  }
  const { app, services } = await buildApp({
    db: handle.db,
    clock,
    mailer: { send: async () => undefined },
    appUrl: 'http://127.0.0.1',
    // As main.ts: on PostgreSQL the order events come by LISTEN.
    postgresUrl: handle.postgresUrl,
    mediaDir: options.mediaDir,
    frontendDir: options.frontendDir,
  });
  return { app, services, handle };
}
