import { fromPromise } from 'xstate';
import { isAdmin, type sessionMachine, type User, type UserLookup } from '../../machines/session.machine';
import { answer, type ApiClient } from './client';
import type { ActorsOf } from './machineActors';
import { CASSA_COPY_DATABASE } from './offlineStores';

/** Forgets the cassa's offline copy where this browser keeps one; the cassa's code loads only then. */
async function forgetCassaCopy(): Promise<void> {
  const databases = (await globalThis.indexedDB?.databases?.()) ?? [];
  if (databases.some((database) => database.name === CASSA_COPY_DATABASE)) await (await import('./cassaStartActors')).forgetCopy();
}

/** GET /api/user with the session cookie: 401 means "not logged in" (expired or revoked), an answer. */
export function createSessionActors(api: ApiClient) {
  return {
    loadUser: fromPromise<UserLookup>(async () => {
      const user = answer(await api.GET('/api/user'), [401], () => null);
      return user ? { ok: true, user } : { ok: false };
    }),
    // POST /api/logout: its answer changes nothing (the user is already forgotten); a 401 means already out.
    // The unsent orders stay (the question before asked about them); the copy of the day does not.
    logoutUser: fromPromise<void>(async () => {
      await forgetCassaCopy().catch(() => {});
      answer(await api.POST('/api/logout'), [401], () => null);
    }),
    // Only staff have a cassa outbox: its module (and IndexedDB) load only for them.
    countUnsent: fromPromise<number, { user: User | null }>(async ({ input }) =>
      isAdmin(input.user) ? (await import('./cassaOutboxActors')).unsentCount() : 0,
    ),
  } satisfies ActorsOf<typeof sessionMachine>;
}
