import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const MAX_REMEMBERED_TOKENS = 10_000;

/**
 * Double-submit anti-forgery token, signed with the server key so a cookie planted by another
 * site cannot be used: every unsafe request must echo the XSRF-TOKEN cookie in X-XSRF-TOKEN.
 */
export function createXsrf(key: string) {
  const sign = (nonce: string) => createHmac('sha256', key).update(nonce).digest('base64url');

  const issue = () => {
    const nonce = randomBytes(18).toString('base64url');
    return `${nonce}.${sign(nonce)}`;
  };

  // A browser sends the same token for hours: remember the ones already verified (HMAC ≈ 2 µs a request).
  const verified = new Set<string>();
  const isGenuine = (token: string | undefined): token is string => {
    if (!token) return false;
    if (verified.has(token)) return true;
    const [nonce, signature] = token.split('.');
    if (!nonce || !signature) return false;
    const expected = Buffer.from(sign(nonce));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
    if (verified.size >= MAX_REMEMBERED_TOKENS) verified.clear();
    verified.add(token);
    return true;
  };

  return {
    setCookie(request: FastifyRequest, reply: FastifyReply) {
      const existing = request.cookies[XSRF_COOKIE];
      reply.setCookie(XSRF_COOKIE, isGenuine(existing) ? existing : issue(), {
        path: '/',
        sameSite: 'lax',
        secure: request.protocol === 'https',
        maxAge: 2 * 60 * 60,
      });
    },
    register(app: FastifyInstance) {
      app.addHook('onRequest', async (request) => {
        // Every unsafe method, whatever the path: a percent-encoded "/%61pi/" reaches the same routes.
        if (SAFE_METHODS.has(request.method)) return;
        const cookie = request.cookies[XSRF_COOKIE];
        const header = request.headers[XSRF_HEADER];
        if (!isGenuine(cookie) || typeof header !== 'string' || header !== cookie) {
          throw new AppError('csrf', 'Sessione scaduta: ricarica la pagina e riprova.');
        }
      });
    },
  };
}
