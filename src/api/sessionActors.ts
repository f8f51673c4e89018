import { fromPromise } from 'xstate';
import { isAdmin, type sessionMachine, type User, type UserLookup } from '../../machines/session.machine';
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
    // Only staff have a cassa outbox: its module (and IndexedDB) load only for them.
    countUnsent: fromPromise<number, { user: User | null }>(async ({ input }) =>
      isAdmin(input.user) ? (await import('./cassaOutboxActors')).unsentCount() : 0,
    ),
  } satisfies ActorsOf<typeof sessionMachine>;
}
