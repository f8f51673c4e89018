import type { FastifyInstance } from 'fastify';
import fastifyHelmet from '@fastify/helmet';

/** Browser features the site never uses: denied to it and to anything it might frame. */
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()';
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every answer (pages, assets, API), through @fastify/helmet:
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
  await app.register(fastifyHelmet, {
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
  app.addHook('onRequest', async (request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (request.servedOverHttps()) reply.header('strict-transport-security', HSTS);
  });
}
