import { assign, fromCallback, fromPromise, sendTo, setup, type SnapshotFrom } from 'xstate';
import { shopNow } from '../src/domain';
import type { CassaCatalog } from './cassaOrder.types';
import type { CassaDay } from './cassaDayList.types';

/**
 * What this browser keeps of the cassa for a start without network: the last day's list it showed,
 * stamped with when (`savedAt`), and the products, zones and clients it last read (without the
 * server's clock). No credential: the session stays in its HttpOnly cookie.
 */
export interface OfflineCopy {
  day: CassaDay & { savedAt: string };
  catalog: Omit<CassaCatalog, 'now'> | null;
}

export type CassaStartEvent =
  /** 'Riprova' while the cassa cannot open */
  | { type: 'start.retry' }
  /** the service worker: a new version is installed and waits */
  | { type: 'update.ready' }
  /** 'ricarica': the waiting version takes over and the page reloads */
  | { type: 'update.apply' };

/** Told to the `worker` actor: activate the waiting version (the page reloads once it controls). */
export type WorkerCommand = { type: 'worker.activate' };

/** 'Offline: dati delle 20:41': when the copy was kept, on the shop's clock. */
export const offlineNotice = (savedAt: string) => `Offline: dati delle ${shopNow(new Date(savedAt)).time}`;

export const UNAVAILABLE_MESSAGE =
  'La cassa non si apre senza rete: non è mai stata aperta su questo dispositivo. Collegati a internet e riprova.';

/**
 * How the cassa starts: it reads the copy this browser kept, then asks the server whether it is
 * reachable. Reachable: the cassa opens as usual (`online`). Not: it opens on the copy (`offline`,
 * the list marked with its time) or, with none, says why it cannot open and tries again. Beside it,
 * the `worker` actor registers the cassa's service worker and tells of a new version waiting: the
 * cassa offers 'Nuova versione disponibile: ricarica' and reloads only when the cashier presses it.
 */
export const cassaStartMachine = setup({
  types: {
    context: {} as { copy: OfflineCopy | null },
    events: {} as CassaStartEvent,
    tags: {} as 'loading' | 'open',
  },
  actors: {
    readCopy: fromPromise<OfflineCopy | null>(async () => {
      throw new Error('readCopy not provided');
    }),
    /** resolves when the server answers (whatever it answers), fails when it cannot be reached */
    probeServer: fromPromise<void>(async () => {
      throw new Error('probeServer not provided');
    }),
    /** registers the service worker; sends `update.ready`; hears `worker.activate` */
    worker: fromCallback<WorkerCommand>(() => {
      throw new Error('worker not provided');
    }),
  },
  guards: {
    hasCopy: ({ context }) => context.copy !== null,
  },
  delays: {
    START_RETRY: 10_000,
  },
}).createMachine({
  id: 'cassaStart',
  type: 'parallel',
  context: { copy: null },
  invoke: { id: 'worker', src: 'worker' },
  states: {
    start: {
      initial: 'reading',
      states: {
        reading: {
          tags: ['loading'],
          invoke: {
            id: 'readCopy',
            src: 'readCopy',
            onDone: { target: 'probing', actions: assign({ copy: ({ event }) => event.output }) },
            // No IndexedDB (a private window): a start without a copy.
            onError: 'probing',
          },
        },
        probing: {
          tags: ['loading'],
          invoke: {
            id: 'probeServer',
            src: 'probeServer',
            onDone: 'online',
            onError: [{ guard: 'hasCopy', target: 'offline' }, { target: 'unavailable' }],
          },
        },
        online: { tags: ['open'] },
        /** Open on the copy: the list says so until the server answers it again. */
        offline: { tags: ['open'] },
        unavailable: {
          on: { 'start.retry': 'probing' },
          after: { START_RETRY: 'probing' },
        },
      },
    },
    update: {
      initial: 'current',
      states: {
        current: { on: { 'update.ready': 'available' } },
        available: { on: { 'update.apply': 'applying' } },
        applying: { entry: sendTo('worker', { type: 'worker.activate' } satisfies WorkerCommand) },
      },
    },
  },
});

export type CassaStartSnapshot = SnapshotFrom<typeof cassaStartMachine>;

/** What the cassa's page shows around its screen: a wait, why it cannot open, the copy to open on, the update offer. */
export function connectCassaStart(snapshot: CassaStartSnapshot, send: (event: CassaStartEvent) => void) {
  return {
    isLoading: snapshot.hasTag('loading'),
    isOpen: snapshot.hasTag('open'),
    /** the screen starts on it: only when the server could not be reached */
    copy: snapshot.matches({ start: 'offline' }) ? snapshot.context.copy : null,
    unavailable: snapshot.matches({ start: 'unavailable' })
      ? { message: UNAVAILABLE_MESSAGE, retryButton: { label: 'Riprova', onPress: () => send({ type: 'start.retry' }) } }
      : null,
    update: snapshot.matches({ update: 'current' })
      ? null
      : {
          message: 'Nuova versione disponibile:',
          reloadButton: {
            label: 'ricarica',
            isDisabled: snapshot.matches({ update: 'applying' }),
            onPress: () => send({ type: 'update.apply' }),
          },
        },
  };
}

export type CassaStartView = ReturnType<typeof connectCassaStart>;
