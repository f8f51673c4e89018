import { createStore, del, get, set, values, type UseStore } from 'idb-keyval';
import { fromCallback, fromPromise } from 'xstate';
import type { CartLine } from '../../machines/cart.machine';
import type { CassaOrderForm } from '../../machines/cassaOrder.types';
import type {
  cassaOutboxMachine,
  OrderSummary,
  OutboxEntry,
  OutboxEvent,
  OutboxWrite,
  SendOutcome,
  WriteOutcome,
} from '../../machines/cassaOutbox.machine';
import { CASSA_DELIVERY_LABELS, formatTime } from '../domain';
import { ApiError, type ApiClient, type FetchResult } from './client';
import type { ActorsOf } from './machineActors';
import { refusalFrom } from './refusal';

/** One tab sends at a time: the others wait for this lock (Web Locks). */
const OUTBOX_LOCK = 'pizzeria-cassa-outbox';

let defaultStore: UseStore | undefined;
/** The outbox's IndexedDB store, opened on first use (never in a customer's page). */
export const outboxStore = () => (defaultStore ??= createStore('pizzeria-cassa', 'outbox'));

/** How many of the cassa's writes wait in this browser (0 where IndexedDB cannot be read): logging out asks first. */
export const unsentCount = (): Promise<number> =>
  values(outboxStore())
    .then((entries) => entries.length)
    .catch(() => 0);

/** Runs `task` holding the tabs' lock; where Web Locks are missing (an old browser, jsdom) this tab just runs it. */
function withLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = globalThis.navigator?.locks;
  return locks ? (locks.request(OUTBOX_LOCK, task) as Promise<T>) : task();
}

/** The request never reached the server (the browser is offline, or the fetch failed). */
export const isOffline = () => globalThis.navigator?.onLine === false;

/** An order as the cashier reads it side by side in a conflict. */
export function orderSummary(title: string, form: CassaOrderForm, lines: readonly CartLine[]): OrderSummary {
  return {
    title,
    rows: [
      `${CASSA_DELIVERY_LABELS[form.delivery]} alle ${formatTime(form.hour, form.minute)} del ${form.date}`,
      ...lines.map((l) => {
        const extras = [l.variant?.name, ...l.additions.map((a) => `+ ${a.name}`)].filter(Boolean);
        return `${l.qty} × ${l.name}${extras.length ? ` (${extras.join(', ')})` : ''}`;
      }),
      ...(form.note.trim() ? [`Note: ${form.note.trim()}`] : []),
      ...(form.allergyNote.trim() ? [`Allergie: ${form.allergyNote.trim()}`] : []),
    ],
  };
}

/** A refusal the cassa shows: the server's message and the fields it named (the first reason of each). */
export function refusedWrite(body: unknown, fallback?: string): Extract<WriteOutcome, { kind: 'refused' | 'stale' }> {
  const { code, message, errors } = refusalFrom(body, fallback);
  if (code === 'order.stale') return { kind: 'stale', message };
  return { kind: 'refused', message, errors: Object.fromEntries(Object.entries(errors).map(([field, [first = '']]) => [field, first])) };
}

/**
 * Sends one cassa write. Offline, or when the request never reaches the server, the write comes back
 * `queued` with its key (the screen puts it in 'Da inviare'); a 5xx or an unexpected answer is `failed`.
 */
export async function writeOrQueue<TResult, TSaved extends object>(
  queued: Omit<OutboxEntry, 'queuedAt'>,
  write: () => Promise<TResult>,
  settle: (result: TResult) => WriteOutcome<TSaved>,
): Promise<WriteOutcome<TSaved>> {
  const queue = (): WriteOutcome<TSaved> => ({ kind: 'queued', entry: { ...queued, queuedAt: Date.now() } });
  if (isOffline()) return queue();
  let result;
  try {
    result = await write();
  } catch {
    return queue();
  }
  try {
    return settle(result);
  } catch (error) {
    return { kind: 'failed', message: error instanceof Error && error.message ? error.message : 'Errore generico' };
  }
}

/** The request a cassa write makes, sent now or later from the outbox with the same key. */
export function request(api: ApiClient, write: OutboxWrite, key: string): Promise<FetchResult<object>> {
  const header = { 'Idempotency-Key': key };
  switch (write.kind) {
    case 'store':
      return api.POST('/api/v1/ecommerce/cassa/orders/store', { params: { header }, body: write.body });
    case 'update':
      return api.PUT('/api/v1/ecommerce/cassa/orders/{id}/update', { params: { header, path: { id: write.orderId } }, body: write.body });
    case 'status':
      return api.PATCH('/api/v1/ecommerce/cassa/orders/{id}', {
        params: { header, path: { id: write.orderId } },
        body: { status: write.status },
      });
    case 'delivered':
      return api.PATCH('/api/v1/ecommerce/cassa/orders/delivered-status/{id}', {
        params: { header, path: { id: write.orderId } },
        body: { status: write.delivered },
      });
    case 'progress':
      return api.POST('/api/v1/ecommerce/cassa/orders/{id}/progress', {
        params: { header, path: { id: write.orderId } },
        body: { direction: write.direction },
      });
    case 'delay':
      return api.POST('/api/v1/ecommerce/cassa/orders/{id}/delay', {
        params: { header, path: { id: write.orderId } },
        body: { minutes: write.minutes },
      });
    case 'delayAll':
      return api.POST('/api/v1/ecommerce/cassa/delay', { params: { header }, body: { minutes: write.minutes } });
  }
}

/**
 * The outbox's I/O: entries kept in IndexedDB (idb-keyval), sent one at a time across tabs (Web
 * Locks). An entry leaves the browser only when its own answer arrives: written (the key makes a
 * resend harmless) or refused for good; a stale edit stays until the cashier has read it.
 * `theirs` reads the order as it is now, for the conflict's second column.
 */
export function createCassaOutboxActors(
  api: ApiClient,
  theirs: (orderId: number) => Promise<OrderSummary>,
  store: () => UseStore = outboxStore,
) {
  // Without IndexedDB (jsdom, a private window that refuses it) the entries still wait in memory.
  const idb = <T>(operation: (db: UseStore) => Promise<T>, otherwise: T): Promise<T> =>
    Promise.resolve()
      .then(() => operation(store()))
      .catch(() => otherwise);
  const forget = (key: string) => idb((db) => del(key, db), undefined);
  return {
    actors: {
      loadOutbox: fromPromise<OutboxEntry[]>(async () =>
        (await idb((db) => values<OutboxEntry>(db), [])).sort((a, b) => a.queuedAt - b.queuedAt),
      ),
      sendEntry: fromPromise<SendOutcome, OutboxEntry>(({ input: entry }) =>
        withLock(async () => {
          // Another tab sent it while this one waited for the lock.
          if ((await idb((db) => get<OutboxEntry>(entry.key, db), entry)) === undefined) return { kind: 'saved' };
          // Offline: no request (and no error toast) until the network is back.
          if (isOffline()) throw new Error('offline');
          const result = await request(api, entry.write, entry.key);
          const status = result.response.status;
          if (result.error === undefined) {
            await forget(entry.key);
            return { kind: 'saved' };
          }
          if (status >= 500 || ![404, 409, 422].includes(status)) throw new ApiError(status, result.error, 'Errore generico');
          const refusal = refusalFrom(result.error);
          if (refusal.code === 'order.stale' && entry.write.kind === 'update') {
            return { kind: 'stale', theirs: await theirs(entry.write.orderId) };
          }
          await forget(entry.key);
          return { kind: 'refused', message: refusal.message };
        }),
      ),
      networkWatch: fromCallback<OutboxEvent>(({ sendBack }) => {
        const online = () => sendBack({ type: 'outbox.online' });
        globalThis.addEventListener?.('online', online);
        return () => globalThis.removeEventListener?.('online', online);
      }),
    },
    actions: {
      storeEntry: (_: unknown, entry: OutboxEntry) => void idb((db) => set(entry.key, entry, db), undefined),
      dropEntry: (_: unknown, key: string) => void forget(key),
    },
  } satisfies { actors: ActorsOf<typeof cassaOutboxMachine> } & Record<string, unknown>;
}
