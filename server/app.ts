import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifySse from '@fastify/sse';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { accountRoutes } from './account/routes';
import { adminRoutes } from './admin/routes';
import { authRoutes } from './auth/routes';
import { blogRoutes } from './blog/routes';
import { cassaRoutes } from './cassa/routes';
import { reportRoutes } from './reports/routes';
import { printAgentRoutes } from './print/routes';
import type { Clock } from './clock';
import type { Db } from './db/database';
import { ecommerceRoutes } from './ecommerce/routes';
import { trackingRoutes } from './ecommerce/tracking-routes';
import { frontend } from './frontend';
import type { RenderPage } from './pageRenderer';
import { registerAuth } from './http/auth';
import { defineRoute, loadContract, registerContractSchemas } from './http/contract';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './http/error-handler';
import { lazySerializers } from './http/lazy-serializers';
import { requestLogSerializer } from './http/logging';
import { registerSecurityHeaders } from './http/security-headers';
import { createXsrf } from './http/xsrf';
import { Lifecycle, registerHealth } from './lifecycle';
import type { Mailer } from './mail/mailer';
import { createServices, type Services } from './services';
import { documentHeads } from './seo/documentHead';
import { seoRoutes } from './seo/routes';

export interface AppOptions {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  /** public base URL, used in e-mail links */
  appUrl: string;
  logger?: FastifyServerOptions['logger'];
  /** the reverse proxies whose X-Forwarded-For/-Proto are believed (addresses or CIDRs, never "everyone") */
  trustProxy?: string[] | false;
  /** folder with the built front end (index.html + assets); API only when absent */
  frontendDir?: string;
  /** renders the public pages (tests give src/entry-server.tsx's); by default the one built into frontendDir */
  renderPage?: RenderPage;
  /** where uploaded images are written, served at /media */
  mediaDir: string;
  /** PostgreSQL's connection string: order events and catalogue changes are LISTENed for on a connection of their own */
  postgresUrl?: string;
  /** how often the stored catalogue version is compared with the cached one, in ms (0: never; default 500, so a
   *  change missed by NOTIFY, or made by another process on one SQLite file, shows within a second) */
  catalogueCheckMs?: number;
  /** how often an order stream sends its heartbeat and re-checks its session, in ms (default 20 s) */
  streamHeartbeatMs?: number;
  /** starting, ready or draining: what /readyz answers (main moves it; a test app is ready at once) */
  lifecycle?: Lifecycle;
}

/**
 * How long an idle client connection stays open. Behind HAProxy this side's connections are the
 * balancer's pool, reused for at most 5 s (deploy/haproxy.cfg), so the app never closes one under it;
 * the balancer tells its own clients its shorter limit.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 72_000;

/** The server-only signing key for anti-forgery tokens, created on first start. */
async function xsrfKey(db: Db): Promise<string> {
  const existing = await db.selectFrom('meta').select('value').where('key', '=', 'xsrf_key').executeTakeFirst();
  if (existing) return existing.value;
  const value = randomBytes(32).toString('base64url');
  await db
    .insertInto('meta')
    .values({ key: 'xsrf_key', value })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  return (await db.selectFrom('meta').select('value').where('key', '=', 'xsrf_key').executeTakeFirstOrThrow()).value;
}

/** Builds the whole app without listening, so tests can drive it over real HTTP or inject(). */
export async function buildApp(options: AppOptions): Promise<{ app: FastifyInstance; services: Services }> {
  const logger = options.logger ?? false;
  const app = Fastify({
    // Verification and reset links carry their token in the query: the access log never shows it.
    logger: typeof logger === 'object' ? { ...logger, serializers: { req: requestLogSerializer, ...logger.serializers } } : logger,
    bodyLimit: 256 * 1024,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    trustProxy: options.trustProxy ?? false,
    ajv: { customOptions: { allErrors: true, coerceTypes: 'array', removeAdditional: false } },
    schemaController: { compilersFactory: { buildSerializer: lazySerializers() } },
    // Fastify's and Node's own refusals answer the Italian `{ message }` body too.
    frameworkErrors,
    clientErrorHandler,
  });
  const services = createServices({
    db: options.db,
    clock: options.clock,
    mailer: options.mailer,
    appUrl: options.appUrl,
    mediaDir: options.mediaDir,
    postgresUrl: options.postgresUrl,
    streamHeartbeatMs: options.streamHeartbeatMs,
    onEventsError: (error) => app.log.warn({ err: error }, 'LISTEN connection trouble: catching up on reconnect'),
    onLimitsFallback: () => app.log.warn('login limits: the database store failed, counting in this process only meanwhile'),
    onTransactionRetry: (retry) => app.log.warn(retry, 'transaction aborted by PostgreSQL: running it again'),
    onMailError: (error, mail) =>
      app.log.error({ err: error, subject: mail.subject, attempts: mail.attempts }, 'mail not sent: will retry'),
  });
  // The mail worker runs while the app does: queued mail left by a crash goes out at the next start.
  app.addHook('onReady', async () => services.mail.start());
  app.addHook('onClose', async () => services.mail.stop());
  // The consumers subscribe before the shared LISTEN connection opens, and it closes before they stop.
  app.addHook('onReady', async () => {
    await services.events.start();
    services.sessionStreams.start();
    services.printWakeups.start();
    services.printerStatus.start((error) => app.log.warn({ err: error }, 'printer status: check failed, retrying'));
    services.catalog.follow({
      listener: services.listener,
      checkEveryMs: options.catalogueCheckMs ?? 500,
      onError: (error) => app.log.warn({ err: error }, 'catalogue version check failed: retrying'),
    });
    await services.listener?.start();
  });
  app.addHook('onClose', async () => {
    await services.listener?.stop();
    services.catalog.unfollow();
    await services.events.stop();
    services.sessionStreams.stop();
    services.printWakeups.stop();
    services.printerStatus.stop();
    services.printJobs.stop();
  });
  app.addHook('onReady', async () => services.limits.start());
  app.addHook('onClose', async () => services.limits.stop());
  app.addHook('onReady', async () =>
    services.unusedImages.start((error) => app.log.warn({ err: error }, 'sweeping unused images failed: retrying in an hour')),
  );
  app.addHook('onClose', async () => services.unusedImages.stop());

  app.decorate('contractRegistry', new Set<string>());
  const routeTable: string[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routeTable.push(`${method} ${route.url}`);
  });
  registerContractSchemas(app);
  registerErrorHandling(app);
  await app.register(fastifyCookie);
  // The order streams send their own heartbeat, which re-checks the session (server/http/sse.ts).
  await app.register(fastifySse, { heartbeatInterval: 0 });
  const httpsOnly = options.appUrl.startsWith('https://');
  registerAuth(app, services.auth, { httpsOnly, printerForToken: (token) => services.printers.printerForToken(token) });
  await registerSecurityHeaders(app, { httpsOnly });
  const xsrf = createXsrf(await xsrfKey(options.db));
  xsrf.register(app);

  defineRoute(app, 'getCsrfCookie', { access: 'public' }, async (request, reply) => {
    xsrf.setCookie(request, reply);
    return reply.status(204).send();
  });
  registerHealth(app, { db: options.db, lifecycle: options.lifecycle ?? new Lifecycle('ready') });
  await app.register(ecommerceRoutes, { services });
  await app.register(trackingRoutes, { services });
  await app.register(accountRoutes, { services });
  await app.register(authRoutes, { services });
  await app.register(cassaRoutes, { services });
  await app.register(blogRoutes, { services });
  await app.register(adminRoutes, { services });
  await app.register(reportRoutes, { services });
  await app.register(printAgentRoutes, { services });

  // The contract itself, and a browsable reference of it.
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => loadContract());
  await app.register(fastifySwagger, { mode: 'static', specification: { document: loadContract() as never } });
  // The reference page loads its scripts from files (no inline script): the site's policy fits it.
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  // Uploaded images: their names carry their content's hash, so a name never changes content.
  fs.mkdirSync(options.mediaDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: options.mediaDir,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    dotfiles: 'ignore',
    cacheControl: false,
    setHeaders: (res) => res.setHeader('cache-control', 'public, max-age=31536000, immutable'),
  });

  await app.register(seoRoutes, { services, appUrl: options.appUrl });
  await app.register(frontend, {
    dir: options.frontendDir,
    renderPage: options.renderPage,
    documentHead: documentHeads({ catalog: services.catalog, blog: services.blog, appUrl: options.appUrl }),
  });

  return { app, services };
}
