import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { describeBulkChange, parseBulkAmount, type BulkPriceLine, type BulkPriceMode } from '../src/domain';

export interface BulkPriceChoice {
  categoryIds: number[];
  mode: BulkPriceMode;
  /** as typed: '5', '-0,50' */
  amount: string;
}

export type PreviewOutcome =
  { kind: 'preview'; lines: BulkPriceLine[] } | { kind: 'invalid'; message: string; errors: Record<string, string[]> };
export type ApplyOutcome =
  | { kind: 'applied'; message: string }
  | { kind: 'stale'; message: string }
  | { kind: 'invalid'; message: string; errors: Record<string, string[]> };

export type BulkPriceEvent =
  | { type: 'category.toggle'; id: number }
  | { type: 'mode.select'; mode: BulkPriceMode }
  | { type: 'amount.change'; text: string }
  | { type: 'preview.request' }
  | { type: 'apply.confirm' };

interface BulkPriceContext extends BulkPriceChoice {
  lines: BulkPriceLine[];
  errors: Record<string, string[]>;
  message: string | null;
}

/**
 * 'Aumento prezzi': choose categories and a change, see every price before → after, apply it all at
 * once. The apply names the previewed versions: if a product changed meanwhile, nothing is written and
 * the owner previews again.
 */
export const bulkPriceMachine = setup({
  types: {
    context: {} as BulkPriceContext,
    events: {} as BulkPriceEvent,
    tags: {} as 'busy',
  },
  actors: {
    previewPrices: fromPromise<PreviewOutcome, BulkPriceChoice>(async () => {
      throw new Error('previewPrices not provided');
    }),
    applyPrices: fromPromise<ApplyOutcome, BulkPriceChoice & { lines: BulkPriceLine[] }>(async () => {
      throw new Error('applyPrices not provided');
    }),
  },
  guards: {
    isPreview: (_, outcome: PreviewOutcome) => outcome.kind === 'preview',
    isApplied: (_, outcome: ApplyOutcome) => outcome.kind === 'applied',
    isStale: (_, outcome: ApplyOutcome) => outcome.kind === 'stale',
  },
  actions: {
    toggleCategory: assign(({ context }, id: number) => ({
      categoryIds: context.categoryIds.includes(id) ? context.categoryIds.filter((c) => c !== id) : [...context.categoryIds, id],
    })),
    selectMode: assign((_, mode: BulkPriceMode) => ({ mode })),
    changeAmount: assign((_, amount: string) => ({ amount })),
    /** A changed choice makes the preview (and the last message) out of date. */
    dropPreview: assign({ lines: [], errors: {}, message: null }),
    takePreview: assign((_, outcome: PreviewOutcome) =>
      outcome.kind === 'preview' ? { lines: outcome.lines, errors: {}, message: null } : {},
    ),
    takeRefusal: assign((_, outcome: PreviewOutcome | ApplyOutcome) => ({
      errors: outcome.kind === 'invalid' ? outcome.errors : {},
      message: outcome.kind === 'preview' ? null : outcome.message,
      lines: [],
    })),
    takeApplied: assign((_, outcome: ApplyOutcome) => ({ message: outcome.kind === 'applied' ? outcome.message : null })),
    sayFailed: assign({ message: 'Non è stato possibile completare l’operazione. Riprova.' }),
  },
}).createMachine({
  id: 'bulkPrice',
  context: { categoryIds: [], mode: 'percent', amount: '', lines: [], errors: {}, message: null },
  initial: 'choosing',
  on: {
    'category.toggle': { target: '.choosing', actions: ['dropPreview', { type: 'toggleCategory', params: ({ event }) => event.id }] },
    'mode.select': { target: '.choosing', actions: ['dropPreview', { type: 'selectMode', params: ({ event }) => event.mode }] },
    'amount.change': { target: '.choosing', actions: ['dropPreview', { type: 'changeAmount', params: ({ event }) => event.text }] },
  },
  states: {
    choosing: {
      on: { 'preview.request': 'previewing' },
    },
    previewing: {
      tags: ['busy'],
      invoke: {
        id: 'previewPrices',
        src: 'previewPrices',
        input: ({ context }) => ({ categoryIds: context.categoryIds, mode: context.mode, amount: context.amount }),
        onDone: [
          {
            guard: { type: 'isPreview', params: ({ event }) => event.output },
            target: 'previewed',
            actions: { type: 'takePreview', params: ({ event }) => event.output },
          },
          { target: 'choosing', actions: { type: 'takeRefusal', params: ({ event }) => event.output } },
        ],
        onError: { target: 'choosing', actions: 'sayFailed' },
      },
    },
    previewed: {
      on: { 'apply.confirm': 'applying', 'preview.request': 'previewing' },
    },
    applying: {
      tags: ['busy'],
      invoke: {
        id: 'applyPrices',
        src: 'applyPrices',
        input: ({ context }) => ({ categoryIds: context.categoryIds, mode: context.mode, amount: context.amount, lines: context.lines }),
        onDone: [
          {
            guard: { type: 'isApplied', params: ({ event }) => event.output },
            target: 'applied',
            actions: { type: 'takeApplied', params: ({ event }) => event.output },
          },
          // Someone changed a price meanwhile: nothing was written; a new preview shows today's prices.
          { target: 'choosing', actions: { type: 'takeRefusal', params: ({ event }) => event.output } },
        ],
        onError: { target: 'previewed', actions: 'sayFailed' },
      },
    },
    applied: {
      on: { 'preview.request': 'previewing' },
    },
  },
});

export type BulkPriceSnapshot = SnapshotFrom<typeof bulkPriceMachine>;

/** The button names the change it applies, so 5 € is never taken for 5 %. */
function applyAction({ amount, mode }: BulkPriceChoice): string {
  const parsed = parseBulkAmount(amount, mode);
  return parsed.ok ? describeBulkChange({ mode, amount: parsed.amount }) : 'Applica';
}

export function connectBulkPrice(snapshot: BulkPriceSnapshot, send: (event: BulkPriceEvent) => void) {
  const { context } = snapshot;
  const busy = snapshot.hasTag('busy');
  return {
    isChosen: (id: number) => context.categoryIds.includes(id),
    toggleCategory: (id: number) => send({ type: 'category.toggle', id }),
    mode: { value: context.mode, onChange: (mode: BulkPriceMode) => send({ type: 'mode.select', mode }) },
    amount: {
      value: context.amount,
      errors: context.errors.amount ?? [],
      onChange: (text: string) => send({ type: 'amount.change', text }),
    },
    categoryErrors: context.errors.category_ids ?? [],
    previewButton: {
      label: snapshot.matches('previewing') ? 'Calcolo...' : 'Anteprima',
      isDisabled: busy,
      onPress: () => send({ type: 'preview.request' }),
    },
    lines: snapshot.matches('previewed') || snapshot.matches('applying') ? context.lines : [],
    applyButton:
      snapshot.matches('previewed') || snapshot.matches('applying')
        ? {
            label: snapshot.matches('applying') ? 'Applicazione...' : `${applyAction(context)} (${context.lines.length} prodotti)`,
            isDisabled: busy || context.lines.length === 0,
            onPress: () => send({ type: 'apply.confirm' }),
          }
        : null,
    notice: context.message
      ? { tone: snapshot.matches('applied') ? ('success' as const) : ('error' as const), message: context.message }
      : null,
  };
}
