import { assign, setup } from 'xstate';

/** The global error: a red toast top right with the server's message, gone after 5 seconds. */
export const DEFAULT_ERROR = 'Errore generico';

export type ToastEvent = { type: 'error.raise'; message?: string | null } | { type: 'toast.dismiss' };

export const toastMachine = setup({
  types: {
    context: {} as { message: string | null },
    events: {} as ToastEvent,
  },
  actions: {
    showMessage: assign({
      message: ({ event }) => (event.type === 'error.raise' && event.message ? event.message : DEFAULT_ERROR),
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
      after: { TOAST: { target: 'hidden', actions: 'clearMessage' } },
      on: {
        // A new error restarts the 5 seconds with its own message.
        'error.raise': { target: 'visible', reenter: true, actions: 'showMessage' },
        'toast.dismiss': { target: 'hidden', actions: 'clearMessage' },
      },
    },
  },
});
