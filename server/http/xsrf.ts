import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hashSecret } from '../auth/passwords';
import { AppError } from '../errors';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const MAX_REMEMBERED_TOKENS = 10_000;
const XSRF_MAX_AGE_SECONDS = 2 * 60 * 60;

declare module 'fastify' {
  interface FastifyReply {
    /** Sets a fresh XSRF-TOKEN cookie bound to `sessionToken` (null: an anonymous visitor), e.g. at login and logout. */
    issueXsrf(sessionToken: string | null): FastifyReply;
  }
}

/** Which session a token belongs to: the hash of its auth token, or none for an anonymous visitor. */
const sessionTag = (sessionToken: string | null) => (sessionToken ? hashSecret(sessionToken) : 'anonymous');

/**
 * Double-submit anti-forgery token, signed with the server key and bound to the session it was
 * issued to: a cookie planted by another site, or kept from before a login, is refused. Every
 * unsafe request must echo the XSRF-TOKEN cookie in X-XSRF-TOKEN.
 */
export function createXsrf(key: string) {
  const sign = (nonce: string, session: string) => createHmac('sha256', key).update(`${nonce}.${session}`).digest('base64url');

  const issue = (session: string) => {
    const nonce = randomBytes(18).toString('base64url');
    return `${nonce}.${sign(nonce, session)}`;
  };

  // A browser sends the same token for hours: remember the ones already verified (HMAC ≈ 2 µs a request).
  const verified = new Set<string>();
  const isGenuine = (token: string | undefined, session: string): token is string => {
    if (!token) return false;
    const remembered = `${session} ${token}`;
    if (verified.has(remembered)) return true;
    const [nonce, signature] = token.split('.');
    if (!nonce || !signature) return false;
    const expected = Buffer.from(sign(nonce, session));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
    if (verified.size >= MAX_REMEMBERED_TOKENS) verified.clear();
    verified.add(remembered);
    return true;
  };

  const setCookie = (request: FastifyRequest, reply: FastifyReply, token: string) =>
    reply.setCookie(XSRF_COOKIE, token, {
      path: '/',
      sameSite: 'lax',
      secure: request.servedOverHttps(),
      maxAge: XSRF_MAX_AGE_SECONDS,
    });

  return {
    /** GET /api/csrf-cookie: keeps a token that is still good for this session, else a new one. */
    setCookie(request: FastifyRequest, reply: FastifyReply) {
      const session = sessionTag(request.authToken());
      const existing = request.cookies[XSRF_COOKIE];
      setCookie(request, reply, isGenuine(existing, session) ? existing : issue(session));
    },
    register(app: FastifyInstance) {
      app.decorateReply('issueXsrf', function (this: FastifyReply, sessionToken: string | null) {
        return setCookie(this.request, this, issue(sessionTag(sessionToken)));
      });
      // A callback hook, not an async one: every request passes here, most of them GETs that need nothing.
      app.addHook('onRequest', (request, _reply, done) => {
        // Every unsafe method, whatever the path: a percent-encoded "/%61pi/" reaches the same routes.
        if (SAFE_METHODS.has(request.method)) return done();
        // The print agent's routes read no cookie, so no other site can borrow one there.
        if (request.routeOptions.config?.bearerOnly) return done();
        const cookie = request.cookies[XSRF_COOKIE];
        const header = request.headers[XSRF_HEADER];
        if (!isGenuine(cookie, sessionTag(request.authToken())) || typeof header !== 'string' || header !== cookie) {
          return done(new AppError('csrf', 'Sessione scaduta: ricarica la pagina e riprova.'));
        }
        done();
      });
    },
  };
}
