import { assertEvent, assign, fromCallback, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { components } from '../openapi/schema';

type CassaOrderWrite = components['schemas']['CassaOrderWriteRequest'];
/** The minutes 'Ritardo' offers: 10, 20 or 30. */
export type DelayMinutes = components['schemas']['DelayRequest']['minutes'];

/** A cassa write the server could not be reached for: sent again, with its own key, when it answers. */
export type OutboxWrite =
  | { kind: 'store'; body: CassaOrderWrite }
  | { kind: 'update'; orderId: number; body: CassaOrderWrite }
  | { kind: 'status'; orderId: number; status: 0 | 1 | 2 | 3 }
  | { kind: 'delivered'; orderId: number; delivered: 0 | 1 }
  | { kind: 'progress'; orderId: number; direction: 'next' | 'back' }
  | { kind: 'delay'; orderId: number; minutes: DelayMinutes }
  /** 'Ritardo' for every order of tonight not yet out */
  | { kind: 'delayAll'; minutes: DelayMinutes };

/** An order as the cashier reads it in a conflict: a title and its rows (time, client, lines, total). */
export interface OrderSummary {
  title: string;
  rows: string[];
}

export interface OutboxEntry {
  /** the request's Idempotency-Key, and the entry's id: a resend is never applied twice */
  key: string;
  /** when it was queued (ms): entries are sent in this order */
  queuedAt: number;
  /** what the cashier reads in 'Da inviare' */
  label: string;
  write: OutboxWrite;
  /** an edit as the cashier made it: shown next to the server's version if it comes back stale */
  summary: OrderSummary | null;
}

/**
 * How one cassa write ended (a save, a print, a delivered tick): written; queued in 'Da inviare'
 * because the server could not be reached; refused as stale (another cash desk saved first);
 * refused for good (with the server's reasons); or failed (the server broke: nothing was written).
 */
export type WriteOutcome<TSaved extends object = object> =
  | ({ kind: 'saved' } & TSaved)
  | { kind: 'queued'; entry: OutboxEntry }
  | { kind: 'stale'; message: string }
  | { kind: 'refused'; message: string; errors: Record<string, string> }
  | { kind: 'failed'; message: string };

/** The entry a write queued (read after an `isQueued` guard). */
export const queuedEntry = (outcome: WriteOutcome) => (outcome as Extract<WriteOutcome, { kind: 'queued' }>).entry;

/** The answer to one send from the outbox: written (or already written: the key), refused as stale, or refused for good. */
export type SendOutcome = { kind: 'saved' } | { kind: 'stale'; theirs: OrderSummary } | { kind: 'refused'; message: string };

export interface OutboxContext {
  entries: OutboxEntry[];
  /** failed sends in a row: the next try waits longer */
  attempt: number;
  /** an edit another cash desk overtook: both versions wait for the cashier */
  conflict: { entry: OutboxEntry; theirs: OrderSummary } | null;
  /** an entry the server refused for good (the order was cancelled…): why it was not sent */
  notice: string | null;
}

export type OutboxEvent =
  | { type: 'outbox.add'; entry: OutboxEntry }
  /** the browser says the network is back */
  | { type: 'outbox.online' }
  | { type: 'conflict.dismiss' }
  | { type: 'notice.dismiss' };

/** 2 s, 4 s, 8 s… up to a minute between tries while the server cannot be reached. */
export const retryDelay = (attempt: number) => Math.min(60_000, 2_000 * 2 ** Math.max(0, attempt - 1));

const byTime = (a: OutboxEntry, b: OutboxEntry) => a.queuedAt - b.queuedAt;
const withoutFirst = ({ context }: { context: OutboxContext }) => ({ entries: context.entries.slice(1) });

/**
 * The cassa's outbox: writes made while the server could not be reached wait here (kept in IndexedDB
 * by the provided `storeEntry`; read back by `loadOutbox` on start) and are sent one by one, in order,
 * by `sendEntry` (which holds the tabs' lock and removes an entry from the browser only when its own
 * answer arrives). A failed send waits with backoff (`RETRY_BACKOFF`) or until the network is back;
 * an edit refused as stale stops the queue and shows both versions until the cashier has read them.
 */
export const cassaOutboxMachine = setup({
  types: {
    context: {} as OutboxContext,
    events: {} as OutboxEvent,
    tags: {} as 'sending' | 'offline',
  },
  actors: {
    loadOutbox: fromPromise<OutboxEntry[]>(async () => {
      throw new Error('loadOutbox not provided');
    }),
    sendEntry: fromPromise<SendOutcome, OutboxEntry>(async () => {
      throw new Error('sendEntry not provided');
    }),
    /** Sends `outbox.online` when the browser's network comes back (the page's `online` event). */
    networkWatch: fromCallback<OutboxEvent>(() => undefined),
  },
  guards: {
    hasEntries: ({ context }) => context.entries.length > 0,
    isSent: (_, outcome: SendOutcome) => outcome.kind === 'saved',
    isStale: (_, outcome: SendOutcome) => outcome.kind === 'stale',
  },
  actions: {
    /** The entry is kept in the browser (IndexedDB) until its answer arrives. */
    storeEntry: (_, _entry: OutboxEntry) => {
      throw new Error('storeEntry not provided');
    },
    /** The entry leaves the browser (a stale edit the cashier has read). */
    dropEntry: (_, _key: string) => {
      throw new Error('dropEntry not provided');
    },
    append: assign({
      entries: ({ context, event }) => {
        assertEvent(event, 'outbox.add');
        return [...context.entries, event.entry];
      },
    }),
  },
  delays: {
    RETRY_BACKOFF: ({ context }) => retryDelay(context.attempt),
  },
}).createMachine({
  id: 'cassaOutbox',
  context: { entries: [], attempt: 0, conflict: null, notice: null },
  invoke: { id: 'networkWatch', src: 'networkWatch' },
  on: {
    'outbox.add': { actions: ['append', { type: 'storeEntry', params: ({ event }) => event.entry }] },
    'notice.dismiss': { actions: assign({ notice: null }) },
  },
  initial: 'loading',
  states: {
    /** On start, what an earlier page (or a crashed tab) left unsent. */
    loading: {
      invoke: {
        id: 'loadOutbox',
        src: 'loadOutbox',
        onDone: {
          target: 'checking',
          actions: assign({
            entries: ({ context, event }) => {
              const added = new Set(context.entries.map((e) => e.key));
              return [...event.output.filter((e) => !added.has(e.key)), ...context.entries].sort(byTime);
            },
          }),
        },
        onError: 'checking',
      },
    },
    checking: {
      always: [{ guard: 'hasEntries', target: 'sending' }, { target: 'idle' }],
    },
    idle: {
      on: {
        'outbox.add': { target: 'checking', actions: ['append', { type: 'storeEntry', params: ({ event }) => event.entry }] },
      },
    },
    sending: {
      tags: ['sending'],
      invoke: {
        id: 'sendEntry',
        src: 'sendEntry',
        input: ({ context }) => context.entries[0]!,
        onDone: [
          {
            guard: { type: 'isSent', params: ({ event }) => event.output },
            target: 'checking',
            actions: assign(({ context }) => ({ ...withoutFirst({ context }), attempt: 0 })),
          },
          {
            guard: { type: 'isStale', params: ({ event }) => event.output },
            target: 'conflict',
            actions: assign(({ context, event }) => ({
              conflict: { entry: context.entries[0]!, theirs: (event.output as Extract<SendOutcome, { kind: 'stale' }>).theirs },
              attempt: 0,
            })),
          },
          {
            // Refused for good (the order was cancelled meanwhile): dropped, and the cashier is told why.
            target: 'checking',
            actions: assign(({ context, event }) => ({
              ...withoutFirst({ context }),
              attempt: 0,
              notice: `Non inviato: ${context.entries[0]!.label}. ${(event.output as Extract<SendOutcome, { kind: 'refused' }>).message}`,
            })),
          },
        ],
        // The server still cannot be reached (or answered 5xx): the entry stays, the next try waits.
        onError: { target: 'waiting', actions: assign({ attempt: ({ context }) => context.attempt + 1 }) },
      },
    },
    waiting: {
      tags: ['offline'],
      after: { RETRY_BACKOFF: 'sending' },
      on: { 'outbox.online': 'sending' },
    },
    /** Nothing behind the stale edit is sent before the cashier has seen both versions. */
    conflict: {
      on: {
        'conflict.dismiss': {
          target: 'checking',
          actions: [
            { type: 'dropEntry', params: ({ context }) => context.conflict!.entry.key },
            assign(({ context }) => ({ ...withoutFirst({ context }), conflict: null })),
          ],
        },
      },
    },
  },
});

export type CassaOutboxSnapshot = SnapshotFrom<typeof cassaOutboxMachine>;

/** 'Da inviare': the header's counter, the section above the day's list, a stale edit's two versions. */
export function connectCassaOutbox(snapshot: CassaOutboxSnapshot, send: (event: OutboxEvent) => void) {
  const { entries, conflict, notice } = snapshot.context;
  const count = entries.length;
  const isSending = snapshot.hasTag('sending');
  return {
    count,
    /** the header's counter, while anything waits */
    headerCounter: count > 0 ? `Da inviare: ${count}` : null,
    items: entries.map((entry, i) => ({ key: entry.key, label: entry.label, isSending: isSending && i === 0 })),
    status: snapshot.hasTag('offline') ? 'Server non raggiungibile: nuovo invio tra poco.' : isSending ? 'Invio in corso...' : null,
    notice: notice === null ? null : { text: notice, dismissButton: { label: 'Chiudi', onPress: () => send({ type: 'notice.dismiss' }) } },
    conflict: conflict && {
      message: "Modifica non inviata: un'altra cassa ha cambiato l'ordine nel frattempo. Nulla è stato sovrascritto.",
      mine: { heading: 'La tua modifica (non salvata)', ...(conflict.entry.summary ?? { title: conflict.entry.label, rows: [] }) },
      theirs: { heading: "L'ordine com'è ora", ...conflict.theirs },
      dismissButton: { label: 'Ho capito', onPress: () => send({ type: 'conflict.dismiss' }) },
    },
  };
}

export type CassaOutboxView = ReturnType<typeof connectCassaOutbox>;
