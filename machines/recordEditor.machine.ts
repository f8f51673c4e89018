import { assign, fromPromise, setup, type ActorRefFrom, type PromiseActorLogic, type SnapshotFrom } from 'xstate';

/**
 * What a back-office form holds, one key per field: each form types it from the contract's write body
 * (text as typed, euros with a comma, a switch, a choice, a list of ids). The machine itself only
 * moves values between fields, so it holds any form; `connectRecordEditor<V>` and the edge's actors
 * (`RecordEditorActors<V>`) give each form its own type.
 */
export type RecordValues = Record<string, unknown>;

export interface LoadedRecord<V extends RecordValues = RecordValues> {
  values: V;
  version: number;
}

/** The server's answer to a save: saved, refused field by field, or overtaken by someone else's save. */
export type SaveOutcome<V extends RecordValues = RecordValues> =
  | { kind: 'saved'; id: number; values: V; version: number }
  | { kind: 'invalid'; message: string; errors: Record<string, string[]> }
  | { kind: 'stale'; message: string; values: V; version: number }
  /** the server asks the owner to confirm first (orders booked on hours being closed): nothing was written */
  | { kind: 'confirm'; message: string; details: string[] };

export interface SaveRequest<V extends RecordValues = RecordValues> {
  id: number | null;
  version: number;
  values: V;
  /** the owner confirmed what the last save asked */
  confirmed: boolean;
}

export interface RecordEditorInput<V extends RecordValues = RecordValues> {
  /** null: a new record, nothing to load */
  id: number | null;
  /** the values a new record starts from */
  blank: V;
}

export interface RecordEditorContext {
  id: number | null;
  version: number;
  /** as last loaded or saved: what "unsaved changes" compare against */
  saved: RecordValues;
  draft: RecordValues;
  errors: Record<string, string[]>;
  message: string | null;
  /** what the server asked to confirm, while the question is open */
  question: { message: string; details: string[] } | null;
  confirmed: boolean;
}

export type RecordEditorEvent =
  | { type: 'field.change'; name: string; value: unknown }
  | { type: 'record.save' }
  | { type: 'record.discard' }
  | { type: 'record.retry' }
  | { type: 'save.confirm' }
  | { type: 'save.cancel' }
  | { type: 'leave.request' }
  | { type: 'leave.confirm' }
  | { type: 'leave.cancel' };

/** A list of ids is unchanged while it holds the same ids in the same order. */
const sameValue = (a: unknown, b: unknown) =>
  Array.isArray(a) && Array.isArray(b) ? a.length === b.length && a.every((item, i) => item === b[i]) : a === b;

export const isDirty = (context: Pick<RecordEditorContext, 'saved' | 'draft'>) =>
  Object.keys({ ...context.saved, ...context.draft }).some((name) => !sameValue(context.saved[name], context.draft[name]));

/**
 * One back-office form, for one record: load it, edit it, save it. The server decides: saved, invalid
 * (its field errors shown under the fields), stale (someone saved first: the editor now shows the
 * record as it is, with its version, so the next save is based on it) or failed (retry). Leaving with
 * unsaved changes asks first.
 */
export const recordEditorMachine = setup({
  types: {
    input: {} as RecordEditorInput,
    context: {} as RecordEditorContext,
    events: {} as RecordEditorEvent,
    tags: {} as 'busy',
  },
  actors: {
    loadRecord: fromPromise<LoadedRecord, { id: number }>(async () => {
      throw new Error('loadRecord not provided');
    }),
    saveRecord: fromPromise<SaveOutcome, SaveRequest>(async () => {
      throw new Error('saveRecord not provided');
    }),
  },
  guards: {
    isNew: ({ context }) => context.id === null,
    isDirty: ({ context }) => isDirty(context),
    /** a new record may be saved as it is; an existing one only once something changed */
    canSave: ({ context }) => context.id === null || isDirty(context),
    isSaved: (_, outcome: SaveOutcome) => outcome.kind === 'saved',
    isInvalid: (_, outcome: SaveOutcome) => outcome.kind === 'invalid',
    asksConfirmation: (_, outcome: SaveOutcome) => outcome.kind === 'confirm',
  },
  actions: {
    takeLoaded: assign((_, loaded: LoadedRecord) => ({
      version: loaded.version,
      saved: loaded.values,
      draft: loaded.values,
      errors: {},
      message: null,
    })),
    changeField: assign(({ context }, { name, value }: { name: string; value: unknown }) => {
      const { [name]: _dropped, ...errors } = context.errors;
      return { draft: { ...context.draft, [name]: value }, errors };
    }),
    discardChanges: assign(({ context }) => ({ draft: context.saved, errors: {}, message: null, question: null, confirmed: false })),
    takeSaved: assign((_, outcome: SaveOutcome) =>
      outcome.kind === 'saved'
        ? { id: outcome.id, version: outcome.version, saved: outcome.values, draft: outcome.values, errors: {}, message: null }
        : {},
    ),
    takeErrors: assign((_, outcome: SaveOutcome) =>
      outcome.kind === 'invalid' ? { errors: outcome.errors, message: outcome.message } : {},
    ),
    /** The record as the other save left it replaces the draft: the user sees what is there now. */
    takeCurrent: assign((_, outcome: SaveOutcome) =>
      outcome.kind === 'stale'
        ? { version: outcome.version, saved: outcome.values, draft: outcome.values, errors: {}, message: outcome.message }
        : {},
    ),
    clearMessage: assign({ message: null }),
    takeQuestion: assign((_, outcome: SaveOutcome) =>
      outcome.kind === 'confirm' ? { question: { message: outcome.message, details: outcome.details } } : {},
    ),
    confirm: assign({ question: null, confirmed: true }),
    dropQuestion: assign({ question: null, confirmed: false }),
  },
}).createMachine({
  id: 'recordEditor',
  context: ({ input }) => ({
    id: input.id,
    version: 0,
    saved: input.blank,
    draft: input.blank,
    errors: {},
    message: null,
    question: null,
    confirmed: false,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'isNew', target: 'open' }, { target: 'loading' }],
    },
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadRecord',
        src: 'loadRecord',
        input: ({ context }) => ({ id: context.id! }),
        onDone: { target: 'open', actions: { type: 'takeLoaded', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed' },
      },
    },
    loadFailed: {
      on: { 'record.retry': 'loading' },
    },
    open: {
      initial: 'editing',
      on: {
        'field.change': {
          target: '.editing',
          actions: ['dropQuestion', { type: 'changeField', params: ({ event }) => ({ name: event.name, value: event.value }) }],
        },
        'record.save': { guard: 'canSave', target: 'saving', actions: 'dropQuestion' },
        'record.discard': { target: '.editing', actions: 'discardChanges' },
        'leave.request': [{ guard: 'isDirty', target: 'confirmingLeave' }, { target: 'left' }],
      },
      states: {
        editing: {},
        saved: {},
        invalid: {},
        stale: {},
        /** the server's question is open: confirm saves again saying so, cancel goes back to editing */
        confirming: {
          on: {
            'save.confirm': { target: '#recordEditor.saving', actions: 'confirm' },
            'save.cancel': { target: 'editing', actions: 'dropQuestion' },
          },
        },
        failed: {
          on: { 'record.retry': '#recordEditor.saving' },
        },
      },
    },
    saving: {
      tags: ['busy'],
      entry: 'clearMessage',
      invoke: {
        id: 'saveRecord',
        src: 'saveRecord',
        input: ({ context }) => ({ id: context.id, version: context.version, values: context.draft, confirmed: context.confirmed }),
        onDone: [
          {
            guard: { type: 'isSaved', params: ({ event }) => event.output },
            target: 'open.saved',
            actions: { type: 'takeSaved', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'isInvalid', params: ({ event }) => event.output },
            target: 'open.invalid',
            actions: { type: 'takeErrors', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'asksConfirmation', params: ({ event }) => event.output },
            target: 'open.confirming',
            actions: { type: 'takeQuestion', params: ({ event }) => event.output },
          },
          { target: 'open.stale', actions: { type: 'takeCurrent', params: ({ event }) => event.output } },
        ],
        onError: { target: 'open.failed' },
      },
    },
    confirmingLeave: {
      on: {
        'leave.confirm': 'left',
        'leave.cancel': 'open',
      },
    },
    left: { type: 'final' },
  },
});

export type RecordEditorSnapshot = SnapshotFrom<typeof recordEditorMachine>;
export type RecordEditorActor = ActorRefFrom<typeof recordEditorMachine>;

/** The edge's two actors for one form, typed by its values. */
export interface RecordEditorActors<V extends RecordValues> {
  loadRecord: PromiseActorLogic<LoadedRecord<V>, { id: number }>;
  saveRecord: PromiseActorLogic<SaveOutcome<V>, SaveRequest<V>>;
}

/**
 * The editor of one form, with its actors. They see only that form's values (its blank, what they
 * loaded and saved, and fields changed through `connectRecordEditor<V>`), so the one widening is here.
 */
export const recordEditorFor = <V extends RecordValues>(actors: RecordEditorActors<V>) =>
  recordEditorMachine.provide({ actors: actors as unknown as RecordEditorActors<RecordValues> });

export const SAVED_MESSAGE = 'Modifiche salvate.';
export const SAVE_FAILED_MESSAGE = 'Non è stato possibile salvare le modifiche. Riprova.';
export const LOAD_FAILED_MESSAGE = 'Non è stato possibile caricare i dati.';
export const LEAVE_QUESTION = 'Ci sono modifiche non salvate. Uscire senza salvare?';

/** What a form shows and what its controls send: fields with their errors, the save bar, the notices. */
/** One field as a control shows it: its value, the server's errors under it, and how it changes. */
export interface Field<T> {
  value: T;
  errors: string[];
  onChange(value: T): void;
}

/**
 * What a form shows and what its controls send: fields with their errors, the save bar, the notices.
 * `V` is the form's values: the draft only ever holds them (its blank, loaded and saved values are `V`,
 * and a field changes only through `field(name)`), so each field reads back with its own type.
 */
export function connectRecordEditor<V extends RecordValues = RecordValues>(
  snapshot: RecordEditorSnapshot,
  send: (event: RecordEditorEvent) => void,
) {
  const { context } = snapshot;
  const draft = context.draft as V;
  const saving = snapshot.matches('saving');
  const dirty = isDirty(context);
  return {
    isLoading: snapshot.matches('loading') || snapshot.matches('starting'),
    isNew: context.id === null,
    /** the record's id once it exists (a new one's after its first save) */
    recordId: context.id,
    isDirty: dirty,
    isSaving: saving,
    hasLeft: snapshot.matches('left'),
    values: draft,
    /** as last loaded or saved: what the server holds (a preview shows this, never the unsaved draft) */
    savedValues: context.saved as V,
    field: <K extends keyof V & string>(name: K): Field<V[K]> => ({
      value: draft[name],
      errors: context.errors[name] ?? [],
      onChange: (value) => send({ type: 'field.change', name, value }),
    }),
    saveButton: {
      label: saving ? 'Salvataggio...' : 'Salva',
      isDisabled: saving || !(context.id === null || dirty),
      onPress: () => send({ type: 'record.save' }),
    },
    discardButton: dirty && !saving ? { label: 'Annulla modifiche', onPress: () => send({ type: 'record.discard' }) } : null,
    loadFailure: snapshot.matches('loadFailed')
      ? { message: LOAD_FAILED_MESSAGE, retryButton: { label: 'Riprova', onPress: () => send({ type: 'record.retry' }) } }
      : null,
    notice: snapshot.matches({ open: 'saved' })
      ? { tone: 'success' as const, message: SAVED_MESSAGE }
      : snapshot.matches({ open: 'stale' }) || snapshot.matches({ open: 'invalid' })
        ? { tone: 'error' as const, message: context.message ?? '' }
        : snapshot.matches({ open: 'failed' })
          ? { tone: 'error' as const, message: SAVE_FAILED_MESSAGE }
          : null,
    confirmation:
      snapshot.matches({ open: 'confirming' }) && context.question
        ? {
            message: context.question.message,
            details: context.question.details,
            confirmButton: { label: 'Salva comunque', onPress: () => send({ type: 'save.confirm' }) },
            cancelButton: { label: 'Annulla', onPress: () => send({ type: 'save.cancel' }) },
          }
        : null,
    retrySaveButton: snapshot.matches({ open: 'failed' }) ? { label: 'Riprova', onPress: () => send({ type: 'record.retry' }) } : null,
    leave: {
      request: () => send({ type: 'leave.request' }),
      confirmation: snapshot.matches('confirmingLeave')
        ? {
            question: LEAVE_QUESTION,
            confirmButton: { label: 'Esci senza salvare', onPress: () => send({ type: 'leave.confirm' }) },
            cancelButton: { label: 'Continua a modificare', onPress: () => send({ type: 'leave.cancel' }) },
          }
        : null,
    },
  };
}

export type RecordEditorView<V extends RecordValues = RecordValues> = ReturnType<typeof connectRecordEditor<V>>;
