import { assertEvent, assign, enqueueActions, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { components } from '../openapi/schema';
import { staffRoleAllows, type StaffRole } from '../src/domain';

export type User = components['schemas']['User'];

/** GET /api/user: the user, or the server's "not logged in" (401) as an answer, not a failure. */
export type UserLookup = { ok: true; user: User } | { ok: false };

export type SessionEvent =
  /** a login form got the user from POST /api/login */
  | { type: 'session.login'; user: User }
  /** the user asked to log out */
  | { type: 'session.logout' }
  /** asked whether to log out with cassa orders still waiting to be sent: yes, or stay */
  | { type: 'logout.confirm' }
  | { type: 'logout.cancel' }
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
    context: {} as { user: User | null; expired: boolean; unsent: number },
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
    /** the cassa's orders this browser still has to send (its offline outbox); 0 for a customer */
    countUnsent: fromPromise<number, { user: User | null }>(async () => {
      throw new Error('countUnsent not provided');
    }),
  },
  guards: {
    hasRememberedUser: ({ context }) => context.user !== null,
    isLoggedIn: (_, lookup: UserLookup) => lookup.ok,
    /** someone is logged in and the cassa's outbox holds their unsent orders */
    hasUnsent: ({ context }, unsent: number) => context.user !== null && unsent > 0,
    isSyncedLogin: ({ event }) => {
      assertEvent(event, 'session.synced');
      return event.user !== null;
    },
  },
  actions: {
    forget: assign({ user: null, expired: false, unsent: 0 }),
    expire: enqueueActions(({ enqueue }) => {
      enqueue.assign({ user: null, expired: true });
      enqueue.emit({ type: 'session.ended' });
    }),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ user: input.user, expired: false, unsent: 0 }),
  initial: 'deciding',
  on: {
    'session.login': { target: '.authenticated', actions: assign({ user: ({ event }) => event.user, expired: false }) },
    // Chosen by the user: no longer an expired session, even before the outbox is asked.
    'session.logout': { target: '.leaving', actions: assign({ expired: false }) },
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
    /** Orders typed offline at the cassa wait in this browser: leaving asks first, so none is forgotten unawares. */
    leaving: {
      invoke: {
        id: 'countUnsent',
        src: 'countUnsent',
        input: ({ context }) => ({ user: context.user }),
        onDone: [
          {
            guard: { type: 'hasUnsent', params: ({ event }) => event.output },
            target: 'confirmingLogout',
            actions: assign({ unsent: ({ event }) => event.output }),
          },
          { target: 'loggingOut', actions: 'forget' },
        ],
        onError: { target: 'loggingOut', actions: 'forget' },
      },
    },
    confirmingLogout: {
      on: {
        'logout.confirm': { target: 'loggingOut', actions: 'forget' },
        'logout.cancel': { target: 'authenticated', actions: assign({ unsent: 0 }) },
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

/** A staff member's role; null for a visitor or a customer. */
export const staffRoleOf = (user: User | null): StaffRole | null => (isAdmin(user) ? (user?.staff_role ?? null) : null);

const unsentText = (n: number) => (n === 1 ? 'C’è 1 ordine' : `Ci sono ${n} ordini`);

/** What the header and the guards need: who, whether staff, and whether a 401 just ended the session. */
export function connectSession(snapshot: SessionSnapshot, send: (event: SessionEvent) => void = () => {}) {
  const { user, expired } = snapshot.context;
  return {
    user,
    userName: user?.name ?? null,
    isLoggedIn: user !== null,
    isAdmin: isAdmin(user),
    /** 'Titolare' or 'Cassa' for staff (null otherwise): what the back office lets them open */
    staffRole: staffRoleOf(user),
    isOwner: staffRoleAllows(staffRoleOf(user), 'owner'),
    /** the remembered user is being checked with the server (a role may still arrive) */
    isChecking: snapshot.hasTag('checking'),
    /** the session ended on a 401 (not by logging out): guarded screens send the user to log in again */
    hasExpired: expired,
    logoutButton: { isDisabled: user === null, onPress: () => send({ type: 'session.logout' }) },
    /** asked before logging out while the cassa's offline orders wait in this browser */
    logoutQuestion: snapshot.matches('confirmingLogout')
      ? {
          message: `${unsentText(snapshot.context.unsent)} ancora da inviare: restano in questo browser e partono al prossimo accesso alla cassa. Uscire comunque?`,
          confirmButton: { label: 'Esci comunque', onPress: () => send({ type: 'logout.confirm' }) },
          cancelButton: { label: 'Resta', onPress: () => send({ type: 'logout.cancel' }) },
        }
      : null,
  };
}
