import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthService, AuthUser } from '../auth/auth.service';
import { AppError } from '../errors';
import type { Access } from './contract';

export const AUTH_COOKIE = 'auth_token';
const TOKEN_COOKIE_MAX_AGE = 30 * 24 * 60 * 60;

declare module 'fastify' {
  interface FastifyRequest {
    /** The bearer token (header first, then the HttpOnly cookie), resolved at most once. */
    authToken(): string | null;
    authUser(): Promise<AuthUser | null>;
  }
}

/** Which requests carry a user: `Authorization: Bearer …`, or the auth_token cookie for the print frame. */
export function registerAuth(app: FastifyInstance, auth: AuthService): void {
  const resolved = new WeakMap<FastifyRequest, Promise<AuthUser | null>>();

  app.decorateRequest('authToken', function (this: FastifyRequest) {
    const header = this.headers.authorization;
    if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null;
    return this.cookies[AUTH_COOKIE] || null;
  });

  app.decorateRequest('authUser', function (this: FastifyRequest) {
    let pending = resolved.get(this);
    if (!pending) {
      const token = this.authToken();
      pending = token ? auth.userForToken(token) : Promise.resolve(null);
      resolved.set(this, pending);
    }
    return pending;
  });
}

export function accessGuard(access: Access): ((request: FastifyRequest) => Promise<void>) | undefined {
  if (access === 'public') return undefined;
  return async (request: FastifyRequest) => {
    const user = await request.authUser();
    if (!user) throw new AppError('unauthenticated', 'Devi accedere per continuare.');
    if (access === 'verified' && !user.verified) {
      throw new AppError('forbidden', 'Conferma il tuo indirizzo email prima di ordinare.', undefined, { email_verified: false });
    }
    if (access === 'admin' && user.role !== 'admin') throw new AppError('forbidden', 'Accesso riservato al personale.');
  };
}

export function setAuthCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(AUTH_COOKIE, token, {
    path: '/api',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: TOKEN_COOKIE_MAX_AGE,
  });
}

export function clearAuthCookie(reply: FastifyReply): void {
  reply.clearCookie(AUTH_COOKIE, { path: '/api' });
}

/** The current user, for handlers behind a guard that already proved there is one. */
export async function requireUser(request: FastifyRequest): Promise<AuthUser> {
  const user = await request.authUser();
  if (!user) throw new AppError('unauthenticated', 'Devi accedere per continuare.');
  return user;
}
