import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { connectSession, sessionMachine, type UserLookup } from '../../machines/session.machine';
import { admin, customer } from '../mocks/fixtures';
import { expectFullCoverage, replayEntryPath } from './expectCoverage';
import { generatePaths, internalEvents } from './pathCoverage';
import { sessionEntry } from './registry';

const paths = generatePaths(sessionMachine, sessionEntry);
const { done: doneOf, error: errorOf } = internalEvents(sessionMachine);

describe('session machine: path coverage', () => {
  it('reaches every state node and takes every transition (visitor, valid session, expired session)', async () => {
    await expectFullCoverage(sessionEntry, paths);
  });

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_description, path) => {
    const result = await replayEntryPath(sessionEntry, path, {
      assertInvariant: (snapshot, { step, previous }) => {
        const view = connectSession(snapshot);
        const { user } = snapshot.context;
        // The header's facts come from the user alone.
        expect(view).toEqual({ user, userName: user?.name ?? null, isLoggedIn: user !== null, isAdmin: user?.role_name === 'admin' });
        if (snapshot.matches('anonymous')) expect(user).toBeNull();
        if (snapshot.matches('authenticated') || snapshot.hasTag('checking')) expect(user).not.toBeNull();
        const type = step.event.type;
        // The server's word on the cookie: its user replaces the remembered one, a 401 logs out.
        if (type === doneOf('loadUser')) {
          const lookup = (step.event as { output: UserLookup }).output;
          expect(user).toEqual(lookup.ok ? lookup.user : null);
        }
        // A network failure is not a logout: the remembered user stays until the server says otherwise.
        if (type === errorOf('loadUser')) expect(user).toEqual(previous?.context.user);
        if (type === 'session.login') expect(view.isAdmin).toBe(true);
        if (type === 'session.logout') expect(view.isLoggedIn).toBe(false);
      },
    });
    // GET /api/user is asked once, and only when a user was remembered.
    expect(result.invocations.filter((i) => i.src === 'loadUser').length).toBe(path.input?.user ? 1 : 0);
  });
});

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
