import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { components } from '../openapi/schema';

export type User = components['schemas']['User'];

/** GET /api/user: the user, or the server's "not logged in" (401) as an answer, not a failure. */
export type UserLookup = { ok: true; user: User } | { ok: false };

export type SessionEvent = { type: 'session.login'; user: User } | { type: 'session.logout' };

/**
 * Who is using the site. The credential is the HttpOnly session cookie, which no script can read;
 * the browser remembers only the public user snapshot, so the header paints at once, and checks it
 * with GET /api/user on start. A 401 logs out; a network failure keeps the remembered user (the next
 * call will tell).
 */
export const sessionMachine = setup({
  types: {
    input: {} as { user: User | null },
    context: {} as { user: User | null },
    events: {} as SessionEvent,
    tags: {} as 'checking',
  },
  actors: {
    loadUser: fromPromise<UserLookup>(async () => {
      throw new Error('loadUser not provided');
    }),
  },
  guards: {
    hasRememberedUser: ({ context }) => context.user !== null,
    isLoggedIn: (_, lookup: UserLookup) => lookup.ok,
  },
  actions: {
    forget: assign({ user: null }),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ user: input.user }),
  initial: 'deciding',
  on: {
    'session.login': { target: '.authenticated', actions: assign({ user: ({ event }) => event.user }) },
    'session.logout': { target: '.anonymous', actions: 'forget' },
  },
  states: {
    deciding: {
      always: [{ guard: 'hasRememberedUser', target: 'checking' }, { target: 'anonymous' }],
    },
    checking: {
      tags: ['checking'],
      invoke: {
        id: 'loadUser',
        src: 'loadUser',
        onDone: [
          {
            guard: { type: 'isLoggedIn', params: ({ event }) => event.output },
            target: 'authenticated',
            actions: assign({ user: ({ event, context }) => (event.output.ok ? event.output.user : context.user) }),
          },
          { target: 'anonymous', actions: 'forget' },
        ],
        onError: { target: 'authenticated' },
      },
    },
    authenticated: {},
    anonymous: {},
  },
});

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

export const isAdmin = (user: User | null) => user?.role_name === 'admin';

/** What the header and the guards need: who, and whether staff. */
export function connectSession(snapshot: SessionSnapshot) {
  const { user } = snapshot.context;
  return { user, userName: user?.name ?? null, isLoggedIn: user !== null, isAdmin: isAdmin(user) };
}
