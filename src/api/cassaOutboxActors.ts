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
} from '../../machines/cassaOutbox.machine';
import { CASSA_DELIVERY_LABELS, formatTime } from '../domain';
import { ApiError, type ApiClient, type FetchResult } from './client';
import type { ActorsOf } from './machineActors';
import { refusalFrom } from './refusal';

/**
 * How the cassa's save actors reach the screen's outbox when the server cannot be reached: the
 * outbox's own network watcher opens it when the outbox starts and closes it when it stops (a
 * systemId would clash while a remounted screen's old actor is still stopping).
 */
export interface OutboxChannel {
  send: ((event: OutboxEvent) => void) | null;
}
export const outboxChannel = (): OutboxChannel => ({ send: null });
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
    ],
  };
}

/**
 * Puts a write in the outbox when the server could not be reached; false when there is no outbox
 * (a test's lone actor), so the caller fails as before.
 */
export function queueWrite(channel: OutboxChannel | undefined, entry: Omit<OutboxEntry, 'queuedAt'>): boolean {
  if (!channel?.send) return false;
  channel.send({ type: 'outbox.add', entry: { ...entry, queuedAt: Date.now() } });
  return true;
}

function request(api: ApiClient, write: OutboxWrite, key: string): Promise<FetchResult<unknown>> {
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
  channel: OutboxChannel = outboxChannel(),
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
          if ((await idb((db) => get<OutboxEntry>(entry.key, db), entry)) === undefined) return { ok: true };
          // Offline: no request (and no error toast) until the network is back.
          if (isOffline()) throw new Error('offline');
          const result = await request(api, entry.write, entry.key);
          const status = result.response.status;
          if (result.error === undefined) {
            await forget(entry.key);
            return { ok: true };
          }
          if (status >= 500 || ![404, 409, 422].includes(status)) throw new ApiError(status, result.error, 'Errore generico');
          const refusal = refusalFrom(result.error);
          if (refusal.code === 'order.stale' && entry.write.kind === 'update') {
            return { ok: false, reason: 'stale', theirs: await theirs(entry.write.orderId) };
          }
          await forget(entry.key);
          return { ok: false, reason: 'refused', message: refusal.message };
        }),
      ),
      networkWatch: fromCallback<OutboxEvent>(({ sendBack }) => {
        const online = () => sendBack({ type: 'outbox.online' });
        globalThis.addEventListener?.('online', online);
        channel.send = sendBack;
        return () => {
          globalThis.removeEventListener?.('online', online);
          if (channel.send === sendBack) channel.send = null;
        };
      }),
    },
    actions: {
      storeEntry: (_: unknown, entry: OutboxEntry) => void idb((db) => set(entry.key, entry, db), undefined),
      dropEntry: (_: unknown, key: string) => void forget(key),
    },
  } satisfies { actors: ActorsOf<typeof cassaOutboxMachine> } & Record<string, unknown>;
}
