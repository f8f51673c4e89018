import { assertEvent, assign, setup, type SnapshotFrom } from 'xstate';

/** The global error: a red toast top right with the server's message, gone after 5 seconds. */
export const DEFAULT_ERROR = 'Errore generico';

export type ToastEvent = { type: 'error.raise'; message?: string | null } | { type: 'toast.dismiss' };

export const toastMachine = setup({
  types: {
    context: {} as { message: string | null },
    events: {} as ToastEvent,
    tags: {} as 'visible',
  },
  actions: {
    showMessage: assign({
      message: ({ event }) => {
        assertEvent(event, 'error.raise');
        return event.message || DEFAULT_ERROR;
      },
    }),
    clearMessage: assign({ message: null }),
  },
  delays: { TOAST: 5_000 },
}).createMachine({
  id: 'toast',
  context: { message: null },
  initial: 'hidden',
  states: {
    hidden: {
      on: { 'error.raise': { target: 'visible', actions: 'showMessage' } },
    },
    visible: {
      tags: ['visible'],
      after: { TOAST: { target: 'hidden', actions: 'clearMessage' } },
      on: {
        // A new error restarts the 5 seconds with its own message.
        'error.raise': { target: 'visible', reenter: true, actions: 'showMessage' },
        'toast.dismiss': { target: 'hidden', actions: 'clearMessage' },
      },
    },
  },
});

/** The toast region: the message while visible, and its close button. */
export function connectToast(snapshot: SnapshotFrom<typeof toastMachine>, send: (event: ToastEvent) => void) {
  return {
    message: snapshot.hasTag('visible') ? snapshot.context.message : null,
    closeButton: { 'aria-label': 'Chiudi avviso', onPress: () => send({ type: 'toast.dismiss' }) },
  };
}
