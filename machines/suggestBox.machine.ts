import { setup, type SnapshotFrom } from 'xstate';

export type SuggestBoxEvent = { type: 'suggest.focus' } | { type: 'suggest.blur' } | { type: 'suggest.type' } | { type: 'suggest.pick' };

/**
 * A text box's suggestion popup (the cassa's client name and product search): open while the box has
 * focus, closed 200 ms after focus leaves (so a click on a suggestion still lands) or on a pick. After a
 * pick it stays closed, uncovering what lies under it, until the user types again.
 */
export const suggestBoxMachine = setup({
  types: {
    events: {} as SuggestBoxEvent,
  },
  delays: { SUGGEST_CLOSE: 200 },
}).createMachine({
  id: 'suggestBox',
  initial: 'closed',
  on: { 'suggest.type': '.open', 'suggest.pick': '.closed' },
  states: {
    closed: { on: { 'suggest.focus': 'open' } },
    open: {
      on: { 'suggest.blur': 'closing' },
    },
    closing: {
      on: { 'suggest.focus': 'open' },
      after: { SUGGEST_CLOSE: 'closed' },
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
