import Fastify, { type FastifyInstance } from 'fastify';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';

/** Browser features the site never uses: denied to it and to anything it might frame. */
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()';
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The headers @fastify/helmet sets for these options. They depend on the options only (no nonces, no
 * per-route settings), yet the plugin rebuilds its whole middleware on every request (≈ 40 µs): ask it
 * once, on a private instance, and replay its answer.
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<[string, string][]> {
  const probe = Fastify();
  await probe.register(fastifyHelmet, options);
  let headers: [string, string][] = [];
  // Registered after helmet's own hooks: the raw response holds exactly what helmet set on it.
  probe.addHook('onRequest', async (_request, reply) => {
    headers = Object.entries(reply.raw.getHeaders()).map(([name, value]) => [name, String(value)]);
  });
  probe.get('/', async () => '');
  await probe.inject('/');
  await probe.close();
  if (headers.length === 0) throw new Error('helmet set no headers');
  return headers;
}

/**
 * Security headers on every answer (pages, assets, API), as @fastify/helmet computes them:
 * - scripts only from our own origin, never inline (the Vite build has none; data blocks are JSON);
 * - styles from our own origin plus inline `<style>` elements: react-aria inserts a few at run time
 *   (press and focus handling), and the blog's sanitised HTML may carry style attributes. Styles
 *   cannot run code, so this is the one relaxation;
 * - frames only from our own origin (the cassa prints through a same-origin hidden frame);
 * - HSTS and upgrade-insecure-requests only when the site is served over https: a shop's LAN cassa
 *   on http://192.168.… must keep working.
 * Helmet has no Permissions-Policy: that one header is set here.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: { httpsOnly: boolean }): Promise<void> {
  const headers = await helmetHeaders({
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        ...(options.httpsOnly ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'sameorigin' },
    // Sent per request below: only an https request may carry it.
    strictTransportSecurity: false,
  });
  const every = Object.fromEntries([...headers, ['permissions-policy', PERMISSIONS_POLICY]]);
  app.addHook('onRequest', (request, reply, done) => {
    // Among the reply's own headers (an event stream copies them too): Node then writes the head from
    // that one object, instead of storing each header on the raw response and then Fastify's one by one.
    reply.headers(every);
    if (request.servedOverHttps()) reply.header('strict-transport-security', HSTS);
    done();
  });
}
