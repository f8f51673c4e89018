import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TOKEN_TTL_MINUTES, type AuthService, type AuthUser, type Session } from '../auth/auth.service';
import { OWNER_ONLY_MESSAGE, staffRoleAllows, type StaffRole } from '../../src/domain';
import { AppError } from '../errors';
import type { AgentPrinter } from '../print/printers.service';

export const AUTH_COOKIE = 'auth_token';

declare module 'fastify' {
  interface FastifyRequest {
    /** The bearer token (header first, then the HttpOnly cookie), resolved at most once. */
    authToken(): string | null;
    /** The token's session (a stream binds to it), resolved at most once. */
    authSession(): Promise<Session | null>;
    authUser(): Promise<AuthUser | null>;
    /** https: the public address is https (APP_URL), or a trusted proxy says the request came over it */
    servedOverHttps(): boolean;
    /** The print agent's printer, from `Authorization: Bearer` only (never a cookie), resolved at most once. */
    agentPrinter(): Promise<AgentPrinter | null>;
  }
}

const UNAUTHENTICATED = 'Devi accedere per continuare.';

/** Which requests carry a user: `Authorization: Bearer …`, or the auth_token cookie for the print frame. */
export function registerAuth(
  app: FastifyInstance,
  auth: AuthService,
  options: { httpsOnly: boolean; printerForToken: (token: string) => Promise<AgentPrinter | null> },
): void {
  app.decorateRequest('servedOverHttps', function (this: FastifyRequest) {
    // request.protocol reads X-Forwarded-Proto only from an address TRUST_PROXY names.
    return options.httpsOnly || this.protocol === 'https';
  });

  const resolved = new WeakMap<FastifyRequest, Promise<Session | null>>();

  app.decorateRequest('authToken', function (this: FastifyRequest) {
    const header = this.headers.authorization;
    if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null;
    return this.cookies[AUTH_COOKIE] || null;
  });

  app.decorateRequest('authSession', function (this: FastifyRequest) {
    let pending = resolved.get(this);
    if (!pending) {
      const token = this.authToken();
      pending = token ? auth.sessionForToken(token) : Promise.resolve(null);
      resolved.set(this, pending);
    }
    return pending;
  });

  app.decorateRequest('authUser', async function (this: FastifyRequest) {
    return (await this.authSession())?.user ?? null;
  });

  const printers = new WeakMap<FastifyRequest, Promise<AgentPrinter | null>>();
  app.decorateRequest('agentPrinter', function (this: FastifyRequest) {
    let pending = printers.get(this);
    if (!pending) {
      const header = this.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
      pending = token ? options.printerForToken(token) : Promise.resolve(null);
      printers.set(this, pending);
    }
    return pending;
  });
}

/** Who may call an operation (each route of the contract names one); 'printer' is a print agent's token, nothing else. */
export type Access = 'public' | 'user' | 'verified' | 'admin' | 'printer';

/** The guard of an operation: `staffRole` is the role a staff operation needs (the contract's `x-staff-role`). */
export function accessGuard(access: Access, staffRole?: StaffRole): ((request: FastifyRequest) => Promise<void>) | undefined {
  if (access === 'public') return undefined;
  if (access === 'printer') {
    return async (request: FastifyRequest) => {
      if (await request.agentPrinter()) return;
      // Logged without the token: the route and the address tell enough.
      request.log.warn({ route: request.routeOptions.url, address: request.ip }, 'print agent: wrong or revoked printer token');
      throw new AppError('unauthenticated', UNAUTHENTICATED);
    };
  }
  return async (request: FastifyRequest) => {
    const user = await request.authUser();
    if (!user) throw new AppError('unauthenticated', UNAUTHENTICATED);
    if (access === 'verified' && !user.verified) {
      throw new AppError('forbidden', 'Conferma il tuo indirizzo email prima di ordinare.', {
        code: 'email.unverified',
        extra: { email_verified: false },
      });
    }
    if (access === 'admin' && user.role !== 'admin') throw new AppError('forbidden', 'Accesso riservato al personale.');
    if (staffRole && !staffRoleAllows(user.staffRole, staffRole)) throw new AppError('forbidden', OWNER_ONLY_MESSAGE);
  };
}

/** The browser's session: an HttpOnly cookie that lives as long as the token (staff 12 h, customers 30 days). */
export function setAuthCookie(request: FastifyRequest, reply: FastifyReply, token: string, role: AuthUser['role']): void {
  reply.setCookie(AUTH_COOKIE, token, {
    path: '/api',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.servedOverHttps(),
    maxAge: TOKEN_TTL_MINUTES[role] * 60,
  });
}

export function clearAuthCookie(reply: FastifyReply): void {
  reply.clearCookie(AUTH_COOKIE, { path: '/api' });
}

/** The current session, for handlers behind a guard that already proved there is one. */
export async function requireSession(request: FastifyRequest): Promise<Session> {
  const session = await request.authSession();
  if (!session) throw new AppError('unauthenticated', UNAUTHENTICATED);
  return session;
}

/** The print agent's printer, for handlers behind the 'printer' guard. */
export async function requirePrinter(request: FastifyRequest): Promise<AgentPrinter> {
  const printer = await request.agentPrinter();
  if (!printer) throw new AppError('unauthenticated', UNAUTHENTICATED);
  return printer;
}

/** The current user, for handlers behind a guard that already proved there is one. */
export async function requireUser(request: FastifyRequest): Promise<AuthUser> {
  return (await requireSession(request)).user;
}
