import { assign, setup } from 'xstate';

/** Customers' pages reload themselves every 60 minutes (fresh menu and prices); staff pages never do. */
export const pageReloadMachine = setup({
  types: {
    input: {} as { isAdmin: boolean },
    context: {} as { isAdmin: boolean },
    events: {} as { type: 'session.changed'; isAdmin: boolean },
  },
  guards: {
    isAdmin: ({ context }) => context.isAdmin,
    roleChanged: ({ context, event }) => event.isAdmin !== context.isAdmin,
  },
  actions: {
    rememberRole: assign({ isAdmin: ({ event }) => event.isAdmin }),
    reloadPage: () => {
      throw new Error('reloadPage not provided');
    },
  },
  delays: { PAGE_RELOAD: 60 * 60 * 1000 },
}).createMachine({
  id: 'pageReload',
  context: ({ input }) => ({ isAdmin: input.isAdmin }),
  initial: 'deciding',
  on: {
    // Only a change of role matters: other session updates leave the countdown running.
    'session.changed': { guard: 'roleChanged', target: '.deciding', actions: 'rememberRole' },
  },
  states: {
    deciding: {
      always: [{ guard: 'isAdmin', target: 'staff' }, { target: 'counting' }],
    },
    counting: {
      after: { PAGE_RELOAD: 'reloading' },
    },
    staff: {},
    reloading: { entry: 'reloadPage', type: 'final' },
  },
});
