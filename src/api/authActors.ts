import { fromPromise } from 'xstate';
import type { FormAnswer, Refusal } from '../../machines/authForm';
import type { changePasswordMachine, ChangePasswordRequest } from '../../machines/changePassword.machine';
import type { confirmRequiredMachine } from '../../machines/confirmRequired.machine';
import type { forgotPasswordMachine } from '../../machines/forgotPassword.machine';
import type { LoginAnswer, loginMachine } from '../../machines/login.machine';
import type { RegisterAnswer, registerMachine, RegisterRequest } from '../../machines/register.machine';
import type { resetPasswordMachine, ResetPasswordRequest } from '../../machines/resetPassword.machine';
import { answer, type ApiClient } from './client';
import type { ActorsOf } from './machineActors';
import { refusalFrom } from './refusal';

/** A 4xx the user can act on, as the forms take it: the server's message (else the form's own text) and its field errors. */
function refusal(_status: number, body: unknown): Refusal {
  const { message, errors } = refusalFrom(body, '');
  return { outcome: 'refused', message: message || null, errors };
}

const accepted = (data: { message: string } | Refusal): FormAnswer =>
  'outcome' in data ? data : { outcome: 'done', message: data.message };

/** 419 is an old anti-forgery token (the page was open across a login elsewhere): the server says to reload. */
const FORM_REFUSALS = [400, 419, 422, 429] as const;

/** The account forms' I/O, one group per machine (POST /api/login, /api/register, …). */
export function createAuthActors(api: ApiClient) {
  return {
    login: {
      login: fromPromise<LoginAnswer, { email: string; password: string }>(async ({ input }) => {
        const result = answer(await api.POST('/api/login', { body: input }), [...FORM_REFUSALS, 403], (status, body) => {
          if (refusalFrom(body).code !== 'email.unverified') return refusal(status, body);
          // The address as the server normalised it, for the confirm-required page.
          const email = (body as { email?: unknown }).email;
          return { outcome: 'unverified' as const, email: typeof email === 'string' ? email : input.email };
        });
        return 'outcome' in result ? result : { outcome: 'loggedIn', user: result.user };
      }),
    } satisfies ActorsOf<typeof loginMachine>,
    register: {
      register: fromPromise<RegisterAnswer, RegisterRequest>(async ({ input }) => {
        const result = answer(await api.POST('/api/register', { body: input }), FORM_REFUSALS, refusal);
        return 'outcome' in result ? result : { outcome: 'registered', email: result.email };
      }),
    } satisfies ActorsOf<typeof registerMachine>,
    forgotPassword: {
      requestReset: fromPromise<FormAnswer, { email: string }>(async ({ input }) =>
        accepted(answer(await api.POST('/api/forgot-password', { body: input }), FORM_REFUSALS, refusal)),
      ),
    } satisfies ActorsOf<typeof forgotPasswordMachine>,
    resetPassword: {
      resetPassword: fromPromise<FormAnswer, ResetPasswordRequest>(async ({ input }) =>
        accepted(answer(await api.POST('/api/reset-password', { body: input }), FORM_REFUSALS, refusal)),
      ),
    } satisfies ActorsOf<typeof resetPasswordMachine>,
    changePassword: {
      // A 401 (the session ended meanwhile) is an error here: the session machine sends the user to log in.
      changePassword: fromPromise<FormAnswer, ChangePasswordRequest>(async ({ input }) =>
        accepted(answer(await api.POST('/api/change-password', { body: input }), FORM_REFUSALS, refusal)),
      ),
    } satisfies ActorsOf<typeof changePasswordMachine>,
    confirmRequired: {
      resendVerification: fromPromise<FormAnswer, { email: string }>(async ({ input }) =>
        accepted(answer(await api.POST('/api/email/resend', { body: input }), FORM_REFUSALS, refusal)),
      ),
    } satisfies ActorsOf<typeof confirmRequiredMachine>,
  };
}
