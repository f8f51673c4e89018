import { assign, fromPromise, setup } from 'xstate';
import type { components } from '../openapi/schema';

export type User = components['schemas']['User'];

export interface SessionContext {
  token: string | null;
  user: User | null;
}

export type SessionEvent = { type: 'session.login'; token: string; user: User } | { type: 'session.logout' };

/**
 * Who is using the site. A remembered token is checked with GET /api/user on start; failing to
 * load the user clears the token. Token and user persist through `persistSession`.
 */
export const sessionMachine = setup({
  types: {
    input: {} as SessionContext,
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    loadUser: fromPromise<User, { token: string }>(async () => {
      throw new Error('loadUser not provided');
    }),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
  },
  actions: {
    persistSession: () => {
      throw new Error('persistSession not provided');
    },
    forget: assign({ token: null, user: null }),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ token: input.token, user: input.user }),
  initial: 'deciding',
  on: {
    'session.login': {
      target: '.authenticated',
      actions: [assign({ token: ({ event }) => event.token, user: ({ event }) => event.user }), 'persistSession'],
    },
    'session.logout': { target: '.anonymous', actions: ['forget', 'persistSession'] },
  },
  states: {
    deciding: {
      always: [{ guard: 'hasToken', target: 'restoring' }, { target: 'anonymous' }],
    },
    restoring: {
      invoke: {
        src: 'loadUser',
        input: ({ context }) => ({ token: context.token! }),
        onDone: { target: 'authenticated', actions: [assign({ user: ({ event }) => event.output }), 'persistSession'] },
        onError: { target: 'anonymous', actions: ['forget', 'persistSession'] },
      },
    },
    authenticated: {},
    anonymous: {},
  },
});

export const isAdmin = (context: SessionContext) => context.user?.role_name === 'admin';
