import { clear, createStore, get, set, type UseStore } from 'idb-keyval';
import { fromCallback, fromPromise, type AnyActorRef } from 'xstate';
import type { CassaDayListSnapshot } from '../../machines/cassaDayList.machine';
import type { CassaOrderSnapshot } from '../../machines/cassaOrder.machine';
import type { CassaCatalog } from '../../machines/cassaOrder.types';
import type { cassaStartMachine, OfflineCopy, WorkerCommand } from '../../machines/cassaStart.machine';
import { persist } from '../actors/AppActors';
import { shopNow } from '../domain';
import type { ApiClient } from './client';
import { CASSA_COPY_DATABASE } from './offlineStores';
import type { ActorsOf } from './machineActors';

/** The cassa's service worker (scripts/cassaWorker.ts builds it): it controls /cassa and nothing else. */
export const CASSA_WORKER = { url: '/cassa-sw.js', scope: '/cassa' };

let defaultStore: UseStore | undefined;
/** Its own database: idb-keyval creates one store per database, and the outbox's exists already. */
export const copyStore = () => (defaultStore ??= createStore(CASSA_COPY_DATABASE, 'copy'));

/** Forgets the copy: the day's customers (names, phones, addresses) do not outlive the staff session on a shared tablet. */
export const forgetCopy = (store = copyStore) => clear(store());

/** The copy kept for an offline start, or null without a day's list. */
export async function readCopy(store = copyStore): Promise<OfflineCopy | null> {
  const [day, catalog] = await Promise.all([get<OfflineCopy['day']>('day', store()), get<OfflineCopy['catalog']>('catalog', store())]);
  return day ? { day, catalog: catalog ?? null } : null;
}

/** Writes one part of the copy; without IndexedDB (a private window, jsdom) the cassa just keeps none. */
function keep(store: () => UseStore, key: keyof OfflineCopy, value: unknown): void {
  try {
    set(key, value, store()).catch(() => {});
  } catch {
    // no IndexedDB at all
  }
}

/** Today's list as the cassa shows it, once the server has answered (never a kept copy, never another day). */
const shownToday = (s: CassaDayListSnapshot) => (s.context.today !== null && s.context.date === s.context.today ? s.context.day : null);

/**
 * Keeps the copy up to date while the cassa is open, by one subscription per actor: the day's list
 * (stamped with the time it is shown) and the editor's catalogue (its clock is not kept: offline,
 * the cassa runs on this computer's). Returns the way to stop.
 */
export function keepCopy(orders: AnyActorRef, editor: AnyActorRef, store = copyStore): () => void {
  const stops = [
    persist(orders, shownToday, (day) => day && keep(store, 'day', { ...day, savedAt: new Date().toISOString() })),
    persist(
      editor,
      (s: CassaOrderSnapshot) => s.context.catalog,
      (catalog: CassaCatalog | null) => {
        if (!catalog) return;
        const { now: _clock, ...kept } = catalog;
        keep(store, 'catalog', kept);
      },
    ),
  ];
  return () => stops.forEach((stop) => stop());
}

/** How often an open cassa asks for a new version: a tablet left on all evening would otherwise never hear of one. */
export const UPDATE_CHECK_EVERY_MS = 10 * 60_000;

/**
 * Registers the cassa's service worker (a production build's; in development it is missing) and tells of a new version
 * installed and waiting, looking for one every few minutes and whenever the network comes back; told
 * `worker.activate`, lets it take over and reloads the page once it does.
 */
export const cassaWorker = fromCallback<WorkerCommand>(({ sendBack, receive }) => {
  if (!globalThis.navigator?.serviceWorker) return;
  // Loaded here (a browser module: Node cannot import it, and the path tests import this file).
  const registered = import('workbox-window')
    .then(({ Workbox }) => {
      const workbox = new Workbox(CASSA_WORKER.url, { scope: CASSA_WORKER.scope });
      workbox.addEventListener('waiting', () => sendBack({ type: 'update.ready' }));
      // Without it the cassa works online as before: nothing to tell the cashier.
      workbox.register().catch(() => {});
      return workbox;
    })
    .catch(() => undefined);
  // Offline the check just fails; the next one, or the network's return, asks again.
  const checkForUpdate = () => void registered.then((workbox) => workbox?.update().catch(() => {}));
  const timer = setInterval(checkForUpdate, UPDATE_CHECK_EVERY_MS);
  globalThis.addEventListener?.('online', checkForUpdate);
  receive(() => {
    void registered.then((workbox) => {
      workbox?.addEventListener('controlling', () => window.location.reload());
      workbox?.messageSkipWaiting();
    });
  });
  return () => {
    clearInterval(timer);
    globalThis.removeEventListener?.('online', checkForUpdate);
  };
});

/** The start's I/O: the kept copy, whether the server answers, the service worker. */
export function createCassaStartActors(api: ApiClient, store?: () => UseStore) {
  return {
    readCopy: fromPromise<OfflineCopy | null>(() => readCopy(store)),
    // Any answer (a 401 too: the session machine handles it) means the server is reachable.
    probeServer: fromPromise<void>(async () => {
      await api.GET('/api/user');
    }),
    worker: cassaWorker,
  } satisfies ActorsOf<typeof cassaStartMachine>;
}

/** The kept catalogue, on this computer's clock (the server's cannot be read offline). */
export const keptCatalog = (kept: NonNullable<OfflineCopy['catalog']>): CassaCatalog => ({ ...kept, now: () => shopNow(new Date()) });
