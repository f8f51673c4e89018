import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';

/** One row of a back-office list: its id, version and whatever the list shows. */
export interface ListRow {
  id: number;
  version: number;
  /** what the search box matches */
  searchText: string;
}

export interface RowActionRequest {
  id: number;
  version: number;
  /** e.g. 'soldOut.set', 'move.up': the edge knows what each does */
  action: string;
  payload?: unknown;
}

/** A row action either gives the list as it is now, or is refused (stale, in use…) with the list reloaded. */
/** The server's answer to a row action, with the list as it is now; a done action may say what it did. */
export type RowActionOutcome<Row extends ListRow = ListRow> =
  { kind: 'done'; rows: Row[]; message?: string } | { kind: 'refused'; message: string; rows: Row[] };

export type RecordListEvent =
  | { type: 'list.search'; text: string }
  | { type: 'list.reload' }
  | { type: 'list.retry' }
  | { type: 'row.action'; id: number; action: string; payload?: unknown };

export interface RecordListContext {
  rows: ListRow[];
  search: string;
  message: string | null;
  /** whether `message` reports a refusal or a failure (error) or what an action did (success) */
  tone: 'success' | 'error';
  /** the row whose action runs, for its busy state */
  pendingId: number | null;
}

export const ACTION_FAILED_MESSAGE = 'Operazione non riuscita. Riprova.';
export const LIST_FAILED_MESSAGE = 'Non è stato possibile caricare l’elenco.';

/**
 * A back-office list: load, filter as you type, and act on one row at a time (toggle, move, archive).
 * Every action answers with the list as the server now has it, so no row is ever shown out of date.
 */
export const recordListMachine = setup({
  types: {
    context: {} as RecordListContext,
    events: {} as RecordListEvent,
    tags: {} as 'busy',
  },
  actors: {
    loadList: fromPromise<ListRow[]>(async () => {
      throw new Error('loadList not provided');
    }),
    runRowAction: fromPromise<RowActionOutcome, RowActionRequest>(async () => {
      throw new Error('runRowAction not provided');
    }),
  },
  guards: {
    isRefused: (_, outcome: RowActionOutcome) => outcome.kind === 'refused',
    isKnownRow: ({ context }, id: number) => context.rows.some((row) => row.id === id),
  },
  actions: {
    takeRows: assign((_, rows: ListRow[]) => ({ rows })),
    takeOutcome: assign((_, outcome: RowActionOutcome) => ({
      rows: outcome.rows,
      message: outcome.message ?? null,
      tone: outcome.kind === 'refused' ? ('error' as const) : ('success' as const),
    })),
    setSearch: assign((_, text: string) => ({ search: text })),
    markPending: assign((_, id: number) => ({ pendingId: id, message: null })),
    clearPending: assign({ pendingId: null }),
    sayActionFailed: assign({ message: ACTION_FAILED_MESSAGE, tone: 'error' as const }),
  },
}).createMachine({
  id: 'recordList',
  context: { rows: [], search: '', message: null, tone: 'error', pendingId: null },
  initial: 'loading',
  on: {
    'list.search': { actions: { type: 'setSearch', params: ({ event }) => event.text } },
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadList',
        src: 'loadList',
        onDone: { target: 'ready', actions: { type: 'takeRows', params: ({ event }) => event.output } },
        onError: { target: 'failed' },
      },
    },
    failed: {
      on: { 'list.retry': 'loading' },
    },
    ready: {
      on: {
        'list.reload': 'loading',
        'row.action': {
          guard: { type: 'isKnownRow', params: ({ event }) => event.id },
          target: 'running',
          actions: { type: 'markPending', params: ({ event }) => event.id },
        },
      },
    },
    running: {
      tags: ['busy'],
      exit: 'clearPending',
      invoke: {
        id: 'runRowAction',
        src: 'runRowAction',
        input: ({ context, event }) => {
          const { id, action, payload } = event as Extract<RecordListEvent, { type: 'row.action' }>;
          return { id, action, payload, version: context.rows.find((row) => row.id === id)!.version };
        },
        onDone: { target: 'ready', actions: { type: 'takeOutcome', params: ({ event }) => event.output } },
        onError: { target: 'ready', actions: 'sayActionFailed' },
      },
    },
  },
});

export type RecordListSnapshot = SnapshotFrom<typeof recordListMachine>;

/** Case- and accent-insensitive: 'diavola' finds 'Diavola', 'perche' finds 'Perché'. */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

export function connectRecordList<Row extends ListRow>(snapshot: RecordListSnapshot, send: (event: RecordListEvent) => void) {
  const { context } = snapshot;
  const needle = fold(context.search.trim());
  const rows = (context.rows as Row[]).filter((row) => !needle || fold(row.searchText).includes(needle));
  return {
    isLoading: snapshot.matches('loading'),
    rows,
    isEmpty: snapshot.matches('ready') && rows.length === 0,
    search: { label: 'Cerca', value: context.search, onChange: (text: string) => send({ type: 'list.search', text }) },
    message: context.message,
    messageTone: context.tone,
    isPending: (id: number) => context.pendingId === id,
    isBusy: snapshot.hasTag('busy'),
    act: (id: number, action: string, payload?: unknown) => send({ type: 'row.action', id, action, payload }),
    reload: () => send({ type: 'list.reload' }),
    failure: snapshot.matches('failed')
      ? { message: LIST_FAILED_MESSAGE, retryButton: { label: 'Riprova', onPress: () => send({ type: 'list.retry' }) } }
      : null,
  };
}
