import { assertEvent, assign, enqueueActions, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { components } from '../openapi/schema';

export type User = components['schemas']['User'];

/** GET /api/user: the user, or the server's "not logged in" (401) as an answer, not a failure. */
export type UserLookup = { ok: true; user: User } | { ok: false };

export type SessionEvent =
  /** a login form got the user from POST /api/login */
  | { type: 'session.login'; user: User }
  /** the user asked to log out */
  | { type: 'session.logout' }
  /** an API call answered 401: the cookie expired or was revoked elsewhere */
  | { type: 'session.expired' }
  /** another tab of the site logged in or out (the remembered user changed under us) */
  | { type: 'session.synced'; user: User | null };

/** Told to the app when a 401 ended the session, so it can send the user to log in again. */
export type SessionEmitted = { type: 'session.ended' };

/**
 * Who is using the site: the one owner of "who is logged in". The credential is the HttpOnly
 * session cookie, which no script can read; the browser remembers only the public user snapshot,
 * so the header paints at once, and checks it with GET /api/user on start. A 401 logs out; a network
 * failure keeps the remembered user (the next call will tell). Logging out forgets the user at once,
 * whatever the server answers.
 */
export const sessionMachine = setup({
  types: {
    input: {} as { user: User | null },
    context: {} as { user: User | null; expired: boolean },
    events: {} as SessionEvent,
    emitted: {} as SessionEmitted,
    tags: {} as 'checking' | 'loggingOut',
  },
  actors: {
    loadUser: fromPromise<UserLookup>(async () => {
      throw new Error('loadUser not provided');
    }),
    logoutUser: fromPromise<void>(async () => {
      throw new Error('logoutUser not provided');
    }),
  },
  guards: {
    hasRememberedUser: ({ context }) => context.user !== null,
    isLoggedIn: (_, lookup: UserLookup) => lookup.ok,
    isSyncedLogin: ({ event }) => {
      assertEvent(event, 'session.synced');
      return event.user !== null;
    },
  },
  actions: {
    forget: assign({ user: null, expired: false }),
    expire: enqueueActions(({ enqueue }) => {
      enqueue.assign({ user: null, expired: true });
      enqueue.emit({ type: 'session.ended' });
    }),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ user: input.user, expired: false }),
  initial: 'deciding',
  on: {
    'session.login': { target: '.authenticated', actions: assign({ user: ({ event }) => event.user, expired: false }) },
    'session.logout': { target: '.loggingOut', actions: 'forget' },
    'session.synced': [
      {
        guard: 'isSyncedLogin',
        target: '.authenticated',
        actions: assign({ user: ({ event }) => event.user, expired: false }),
      },
      { target: '.anonymous', actions: 'forget' },
    ],
  },
  states: {
    deciding: {
      always: [{ guard: 'hasRememberedUser', target: 'checking' }, { target: 'anonymous' }],
    },
    checking: {
      tags: ['checking'],
      on: { 'session.expired': { target: 'anonymous', actions: 'expire' } },
      invoke: {
        id: 'loadUser',
        src: 'loadUser',
        onDone: [
          {
            guard: { type: 'isLoggedIn', params: ({ event }) => event.output },
            target: 'authenticated',
            actions: assign({ user: ({ event, context }) => (event.output.ok ? event.output.user : context.user) }),
          },
          // The remembered user's cookie is gone: quietly a visitor again (they asked for nothing yet).
          { target: 'anonymous', actions: 'forget' },
        ],
        onError: { target: 'authenticated' },
      },
    },
    authenticated: {
      on: {
        // Only a session the user was using can expire under them: they are told to log in again.
        'session.expired': { target: 'anonymous', actions: 'expire' },
      },
    },
    loggingOut: {
      tags: ['loggingOut'],
      // The user is already forgotten; the server is told, and whatever it answers the user stays out.
      invoke: { id: 'logoutUser', src: 'logoutUser', onDone: 'anonymous', onError: 'anonymous' },
    },
    anonymous: {},
  },
});

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

export const isAdmin = (user: User | null) => user?.role_name === 'admin';

/** What the header and the guards need: who, whether staff, and whether a 401 just ended the session. */
export function connectSession(snapshot: SessionSnapshot, send: (event: SessionEvent) => void = () => {}) {
  const { user, expired } = snapshot.context;
  return {
    user,
    userName: user?.name ?? null,
    isLoggedIn: user !== null,
    isAdmin: isAdmin(user),
    /** the session ended on a 401 (not by logging out): guarded screens send the user to log in again */
    hasExpired: expired,
    logoutButton: { isDisabled: user === null, onPress: () => send({ type: 'session.logout' }) },
  };
}
