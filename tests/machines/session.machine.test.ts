import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { connectSession, sessionMachine, type User, type UserLookup } from '../../machines/session.machine';
import { admin, customer } from '../mocks/fixtures';
import { describePathCoverage, replayEntryPath } from './expectCoverage';
import { internalEvents } from './pathCoverage';
import { sessionEntry } from './registry';

const { done: doneOf, error: errorOf } = internalEvents(sessionMachine);

describePathCoverage(
  'session machine: path coverage',
  sessionEntry,
  async (path) => {
    let logouts = 0;
    const result = await replayEntryPath(sessionEntry, path, {
      assertInvariant: (snapshot, { step, previous }) => {
        if (snapshot.matches('loggingOut') && !previous?.matches('loggingOut')) logouts += 1;
        const type = step.event.type;
        const sent: unknown[] = [];
        const view = connectSession(snapshot, (event) => sent.push(event));
        const { user } = snapshot.context;
        // The header's facts come from the user alone.
        expect(view).toMatchObject({ user, userName: user?.name ?? null, isLoggedIn: user !== null, isAdmin: user?.role_name === 'admin' });
        expect(view.logoutButton.isDisabled).toBe(user === null);
        // Only staff have a role, and only an owner's opens the owner's screens.
        expect(view.staffRole).toBe(user?.role_name === 'admin' ? (user.staff_role ?? null) : null);
        expect(view.isOwner).toBe(user?.role_name === 'admin' && user.staff_role === 'owner');
        expect(view.isChecking).toBe(snapshot.hasTag('checking'));
        if (user) {
          view.logoutButton.onPress();
          expect(sent).toEqual([{ type: 'session.logout' }]);
        }
        // Logging out forgets the user at once, before the server answers, and whatever it answers.
        if (snapshot.matches('anonymous') || snapshot.hasTag('loggingOut')) expect(user).toBeNull();
        // Only a 401 while logged in (or while the remembered user is checked) marks the session as expired (guarded screens then offer the login).
        if (type === 'session.expired') expect(view.hasExpired).toBe(previous!.matches('authenticated') || previous!.hasTag('checking'));
        if (['session.login', 'session.logout', 'session.synced'].includes(type)) expect(view.hasExpired).toBe(false);
        if (view.hasExpired) expect(user).toBeNull();
        if (type === 'session.synced') expect(user).toEqual((step.event as { user: unknown }).user);
        if (snapshot.matches('authenticated') || snapshot.hasTag('checking')) expect(user).not.toBeNull();
        // The server's word on the cookie: its user replaces the remembered one, a 401 logs out.
        if (type === doneOf('loadUser')) {
          const lookup = (step.event as { output: UserLookup }).output;
          expect(user).toEqual(lookup.ok ? lookup.user : null);
        }
        // A network failure is not a logout: the remembered user stays until the server says otherwise.
        if (type === errorOf('loadUser')) expect(user).toEqual(previous?.context.user);
        if (type === 'session.login') expect(view.isAdmin).toBe(true);
        // Leaving first counts the cassa's unsent orders: none (or unreadable), the user is out at once;
        // some, the question is asked and the user stays until it is answered.
        if (type === 'session.logout') expect(snapshot.matches('leaving')).toBe(true);
        if (type === doneOf('countUnsent') || type === errorOf('countUnsent') || type === 'logout.confirm') {
          const unsent = type === doneOf('countUnsent') ? (step.event as unknown as { output: number }).output : 0;
          if (previous?.matches('leaving') || previous?.matches('confirmingLogout'))
            expect(view.isLoggedIn).toBe(unsent > 0 && previous.context.user !== null && type === doneOf('countUnsent'));
        }
        expect(view.logoutQuestion !== null).toBe(snapshot.matches('confirmingLogout'));
        if (view.logoutQuestion) {
          expect(view.logoutQuestion.message).toBe(
            'Ci sono 2 ordini ancora da inviare: restano in questo browser e partono al prossimo accesso alla cassa. Uscire comunque?',
          );
          sent.length = 0;
          view.logoutQuestion.confirmButton.onPress();
          view.logoutQuestion.cancelButton.onPress();
          expect(sent).toEqual([{ type: 'logout.confirm' }, { type: 'logout.cancel' }]);
        }
        if (type === 'logout.cancel' && previous?.matches('confirmingLogout')) expect(view.isLoggedIn).toBe(true);
      },
    });
    // GET /api/user is asked once, and only when a user was remembered.
    expect(result.invocations.filter((i) => i.src === 'loadUser').length).toBe(path.input?.user ? 1 : 0);
    // The server is told of every logout that goes through.
    expect(result.invocations.filter((i) => i.src === 'logoutUser').length).toBe(logouts);
  },
  'reaches every state node and takes every transition (visitor, valid session, expired session)',
);

describe('session machine: checking a remembered user', () => {
  const start = (loadUser: () => Promise<UserLookup>, user = customer) =>
    createActor(sessionMachine.provide({ actors: { loadUser: fromPromise<UserLookup>(loadUser) } }), { input: { user } }).start();

  it('a 401 (expired or revoked session) forgets the user', async () => {
    const session = start(async () => ({ ok: false }));
    await vi.waitFor(() => expect(session.getSnapshot().value).toBe('anonymous'));
    expect(session.getSnapshot().context.user).toBeNull();
  });

  it('the server’s user replaces the remembered one (role changes included)', async () => {
    const session = start(async () => ({ ok: true, user: admin }));
    await vi.waitFor(() => expect(session.getSnapshot().value).toBe('authenticated'));
    expect(connectSession(session.getSnapshot()).isAdmin).toBe(true);
  });

  it('a 401 while logged in forgets the user and tells the app once; a 401 for a visitor changes nothing', async () => {
    const session = start(async () => ({ ok: true, user: customer }));
    await vi.waitFor(() => expect(session.getSnapshot().value).toBe('authenticated'));
    const ended = vi.fn();
    session.on('session.ended', ended);
    session.send({ type: 'session.expired' });
    session.send({ type: 'session.expired' });
    expect(session.getSnapshot().context).toEqual({ user: null, expired: true, unsent: 0 });
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('logout forgets the user even when the server call fails', async () => {
    const session = createActor(
      sessionMachine.provide({
        actors: {
          loadUser: fromPromise<UserLookup>(async () => ({ ok: true, user: customer })),
          logoutUser: fromPromise<void>(async () => {
            throw new TypeError('Failed to fetch');
          }),
          countUnsent: fromPromise<number, { user: User | null }>(async () => 0),
        },
      }),
      { input: { user: customer } },
    ).start();
    session.send({ type: 'session.logout' });
    await vi.waitFor(() => expect(session.getSnapshot().value).toBe('anonymous'));
    expect(session.getSnapshot().context.user).toBeNull();
  });

  it('asks before logging out staff while cassa orders wait to be sent; staying keeps the session', async () => {
    const session = createActor(
      sessionMachine.provide({
        actors: {
          loadUser: fromPromise<UserLookup>(async () => ({ ok: true, user: admin })),
          logoutUser: fromPromise<void>(async () => {}),
          countUnsent: fromPromise<number, { user: User | null }>(async () => 3),
        },
      }),
      { input: { user: admin } },
    ).start();
    const sent: unknown[] = [];
    session.send({ type: 'session.logout' });
    await vi.waitFor(() => expect(connectSession(session.getSnapshot()).logoutQuestion).not.toBeNull());
    const question = connectSession(session.getSnapshot(), (event) => sent.push(event)).logoutQuestion!;
    expect(question.message).toBe(
      'Ci sono 3 ordini ancora da inviare: restano in questo browser e partono al prossimo accesso alla cassa. Uscire comunque?',
    );
    session.send({ type: 'logout.cancel' });
    expect(session.getSnapshot().context.user).toEqual(admin);
    session.send({ type: 'session.logout' });
    await vi.waitFor(() => expect(session.getSnapshot().value).toBe('confirmingLogout'));
    session.send({ type: 'logout.confirm' });
    expect(session.getSnapshot().context.user).toBeNull();
    await vi.waitFor(() => expect(session.getSnapshot().value).toBe('anonymous'));
  });

  it('logging in while the remembered user is still being checked ignores the late answer', async () => {
    let answer: (lookup: UserLookup) => void = () => {};
    const session = start(() => new Promise<UserLookup>((resolve) => (answer = resolve)));
    session.send({ type: 'session.login', user: admin });
    answer({ ok: false });
    await Promise.resolve();
    await Promise.resolve();
    expect(session.getSnapshot().context.user).toEqual(admin);
  });
});
