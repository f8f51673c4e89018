import path from 'node:path';

/** Everything the server reads from the environment, with defaults that run the demo. */
export interface ServerConfig {
  port: number;
  host: string;
  databaseUrl: string;
  smtpUrl: string | undefined;
  outboxDir: string;
  mailFrom: string;
  appUrl: string;
  /** fixed instant for demos and e2e runs ("2026-11-20T19:00:00+01:00"); the real clock when absent */
  fixedNow: string | undefined;
  adminEmail: string;
  frontendDir: string;
  seedDemoOrders: boolean;
  /** TRUST_PROXY=127.0.0.1 (or a list/CIDR, or "true") when a reverse proxy sits in front */
  trustProxy: boolean | string;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const root = path.resolve(import.meta.dirname, '..');
  const port = Number.parseInt(env.PORT ?? '', 10) || 3000;
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || path.join(root, 'data', 'pizzeria.db'),
    smtpUrl: env.SMTP_URL || undefined,
    outboxDir: env.OUTBOX_DIR || path.join(root, 'data', 'outbox'),
    mailFrom: env.MAIL_FROM || 'Pizzeria <ordini@pizzeria.local>',
    appUrl: (env.APP_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    fixedNow: env.PIZZERIA_NOW || undefined,
    adminEmail: env.ADMIN_EMAIL || 'admin@pizzeria.local',
    frontendDir: env.FRONTEND_DIR || path.join(root, 'dist'),
    seedDemoOrders: env.SEED_DEMO_ORDERS !== '0',
    trustProxy: env.TRUST_PROXY === 'true' ? true : env.TRUST_PROXY || false,
  };
}
