import { randomBytes } from 'node:crypto';
import { buildApp } from './app';
import { fixedClock, systemClock } from './clock';
import { newPasswordProblem } from './auth/passwords';
import { ConfigError, readConfig } from './config';
import { openDatabase } from './db/database';
import { migrate, takeStartupLock } from './db/migrations';
import { isSeeded, seedCatalog, seedTonightOrders } from './db/seed';
import { exitGracefully, Lifecycle } from './lifecycle';
import { createMailer } from './mail/mailer';

function readConfigOrExit() {
  try {
    return readConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`\n  ${error.message}\n`);
    process.exit(1);
  }
}

const config = readConfigOrExit();
// A weak staff password is refused before anything is written: the cassa is the shop's till.
for (const [variable, email] of [
  ['ADMIN_PASSWORD', config.adminEmail],
  ['CASHIER_PASSWORD', config.cashierEmail],
] as const) {
  const problem = process.env[variable] ? newPasswordProblem(process.env[variable], email) : null;
  if (problem) {
    console.error(`\n  ${variable} is refused: ${problem}\n  (at least 8 characters, not the e-mail, not a common password)\n`);
    process.exit(1);
  }
}
const clock = config.fixedNow ? fixedClock(config.fixedNow) : systemClock;
const handle = openDatabase(config.databaseUrl, {
  onIdleConnectionError: (error) => console.warn(`Database connection lost while idle: ${error.message}`),
});
const lifecycle = new Lifecycle();
// Processes starting together on one PostgreSQL take turns: the first migrates, seeds and creates the
// staff account; the others find it all done (and print no password they did not create).
const startupLock = await takeStartupLock(handle.postgresUrl, () =>
  console.log('  Another process is starting on this database: waiting for its migrations and seed…'),
);
await migrate(handle.db, handle.dialect);

const { app, services } = await buildApp({
  db: handle.db,
  clock,
  mailer: createMailer({ smtpUrl: config.smtpUrl, outboxDir: config.outboxDir, from: config.mailFrom, logger: console }),
  appUrl: config.appUrl,
  logger: { level: process.env.LOG_LEVEL ?? 'info' },
  frontendDir: config.frontendDir,
  mediaDir: config.mediaDir,
  trustProxy: config.trustProxy,
  postgresUrl: handle.postgresUrl,
  lifecycle,
});

if (!(await isSeeded(handle.db))) {
  await seedCatalog(handle.db, clock);
  if (config.seedDemoOrders) await seedTonightOrders(handle.db, clock);
  services.catalog.invalidate();
  app.log.info('Seeded the demo pizzeria');
}

// The first start creates the staff account and shows its password once; it is stored only hashed.
const hasAdmin = await handle.db.selectFrom('users').select('id').where('role_name', '=', 'admin').executeTakeFirst();
if (!hasAdmin) {
  const password = process.env.ADMIN_PASSWORD || randomBytes(9).toString('base64url');
  await services.auth.createUser({
    name: 'Titolare',
    email: config.adminEmail,
    password,
    role: 'admin',
    staffRole: 'owner',
    verified: true,
  });
  console.log(`\n  Staff account created — e-mail: ${config.adminEmail}  password: ${password}\n  (shown only now: note it down)\n`);
  // A demo 'Cassa' account only when asked for: a real shop adds its cashiers in 'Staff'.
  const cashierPassword = process.env.CASHIER_PASSWORD;
  if (cashierPassword) {
    const cashier = { name: 'Cassa', email: config.cashierEmail, password: cashierPassword };
    await services.auth.createUser({ ...cashier, role: 'admin', staffRole: 'cashier', verified: true });
    console.log(`  'Cassa' account created — e-mail: ${config.cashierEmail}  password: as CASHIER_PASSWORD\n`);
  }
}
await startupLock.release();

exitGracefully({
  app,
  lifecycle,
  closeDatabase: () => handle.close(),
  drainMs: config.shutdownDrainMs,
  timeoutMs: config.shutdownTimeoutMs,
});

await app.listen({ port: config.port, host: config.host });
lifecycle.phase = 'ready';
console.log(`  Pizzeria on ${config.appUrl}  ·  API reference ${config.appUrl}/api/docs`);
