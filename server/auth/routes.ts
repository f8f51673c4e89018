import type { FastifyPluginAsync } from 'fastify';
import { clearAuthCookie, requireUser, setAuthCookie } from '../http/auth';
import { defineRoute } from '../http/contract';
import type { Services } from '../services';
import { MESSAGES, type AuthUser } from './auth.service';

const userDto = (user: AuthUser) => ({
  id: user.id,
  name: user.name,
  email: user.email,
  role_name: user.role,
  ...(user.staffRole ? { staff_role: user.staffRole } : {}),
  email_verified: user.verified,
});

/** Laravel-like auth endpoints; the token travels as a bearer header and as an HttpOnly cookie. */
export const authRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const { auth } = services;

  defineRoute(app, 'login', { access: 'public' }, async (request, reply) => {
    const { token, user } = await auth.login(request.body.email, request.body.password, request.ip);
    setAuthCookie(request, reply, token, user.role);
    // The XSRF token of the anonymous visitor is no good for the new session: hand over a fresh one now.
    reply.issueXsrf(token);
    return { token, user: userDto(user) };
  });

  defineRoute(app, 'register', { access: 'public' }, async (request, reply) => {
    const { email } = await auth.register(request.body);
    reply.status(201);
    return { message: MESSAGES.registered, email, confirm_required: true };
  });

  defineRoute(app, 'resendVerification', { access: 'public' }, async (request) => ({
    message: await auth.resendVerification(request.body.email),
  }));

  defineRoute(app, 'verifyEmail', { access: 'public' }, async (request, reply) => {
    const outcome = await auth.verifyEmail(request.query.email, request.query.token);
    return reply.redirect(`/auth/verify-message?message=${outcome}`, 302);
  });

  defineRoute(app, 'logout', { access: 'user' }, async (request, reply) => {
    const token = request.authToken();
    if (token) await auth.logout(token);
    clearAuthCookie(reply);
    reply.issueXsrf(null);
    return { message: MESSAGES.loggedOut };
  });

  defineRoute(app, 'getUser', { access: 'user' }, async (request) => userDto(await requireUser(request)));

  defineRoute(app, 'forgotPassword', { access: 'public' }, async (request) => ({
    message: await auth.forgotPassword(request.body.email),
  }));

  defineRoute(app, 'resetPassword', { access: 'public' }, async (request) => ({
    message: await auth.resetPassword(request.body),
  }));

  defineRoute(app, 'changePassword', { access: 'user' }, async (request) => ({
    message: await auth.changePassword(await requireUser(request), request.authToken() ?? '', request.body),
  }));
};
