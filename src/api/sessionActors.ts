import { fromPromise } from 'xstate';
import type { sessionMachine, UserLookup } from '../../machines/session.machine';
import { answer, type ApiClient } from './client';
import type { ActorsOf } from './machineActors';

/** GET /api/user with the session cookie: 401 means "not logged in" (expired or revoked), an answer. */
export function createSessionActors(api: ApiClient) {
  return {
    loadUser: fromPromise<UserLookup>(async () => {
      const user = answer(await api.GET('/api/user'), [401], () => null);
      return user ? { ok: true, user } : { ok: false };
    }),
    // POST /api/logout: its answer changes nothing (the user is already forgotten); a 401 means already out.
    logoutUser: fromPromise<void>(async () => {
      answer(await api.POST('/api/logout'), [401], () => null);
    }),
  } satisfies ActorsOf<typeof sessionMachine>;
}
