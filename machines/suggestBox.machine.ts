import { setup, type SnapshotFrom } from 'xstate';

export interface SuggestBoxInput {
  /** the product search: after a pick the list comes back for the next item */
  reopensAfterPick: boolean;
}

export type SuggestBoxEvent = { type: 'suggest.focus' } | { type: 'suggest.blur' } | { type: 'suggest.type' } | { type: 'suggest.pick' };

/**
 * A text box's suggestion popup (the cassa's client name and product search): open while the box has
 * focus, closed 200 ms after focus leaves (so a click on a suggestion still lands) or on a pick. A box
 * that reopens after a pick brings its list back 300 ms later, unless focus has left meanwhile.
 */
export const suggestBoxMachine = setup({
  types: {
    input: {} as SuggestBoxInput,
    context: {} as SuggestBoxInput,
    events: {} as SuggestBoxEvent,
  },
  guards: {
    reopensAfterPick: ({ context }) => context.reopensAfterPick,
  },
  delays: { SUGGEST_CLOSE: 200, SUGGEST_REOPEN: 300 },
}).createMachine({
  id: 'suggestBox',
  context: ({ input }) => input,
  initial: 'closed',
  on: { 'suggest.type': '.open', 'suggest.pick': '.closed' },
  states: {
    closed: { on: { 'suggest.focus': 'open' } },
    open: {
      on: {
        'suggest.blur': 'closing',
        'suggest.pick': { guard: 'reopensAfterPick', target: 'reopening' },
      },
    },
    closing: {
      on: { 'suggest.focus': 'open' },
      after: { SUGGEST_CLOSE: 'closed' },
    },
    /** An item was just added: the list comes back for the next one. */
    reopening: {
      on: { 'suggest.blur': 'closed' },
      after: { SUGGEST_REOPEN: 'open' },
    },
  },
});

export type SuggestBoxSnapshot = SnapshotFrom<typeof suggestBoxMachine>;

/** The popup shows while open and while closing (a click on it is on its way). */
export function connectSuggestBox(snapshot: SuggestBoxSnapshot, send: (event: SuggestBoxEvent) => void) {
  return {
    isOpen: snapshot.matches('open') || snapshot.matches('closing'),
    onFocus: () => send({ type: 'suggest.focus' }),
    onBlur: () => send({ type: 'suggest.blur' }),
  };
}

export type SuggestBoxView = ReturnType<typeof connectSuggestBox>;
