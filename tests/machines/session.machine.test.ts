import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '../../src/api/client';
import { isAdmin, sessionMachine, type SessionContext, type User } from '../../machines/session.machine';
import { expectFullCoverage } from './expectCoverage';
import { generatePaths, replayPath } from './pathCoverage';
import { admin, customer, sessionEntry } from './registry';

const paths = generatePaths(sessionMachine, sessionEntry);

function fakes() {
  const persisted: SessionContext[] = [];
  const persistSession = vi.fn(({ context }: { context: SessionContext }) => {
    persisted.push({ ...context });
  });
  return { persisted, persistSession, machine: sessionMachine.provide({ actions: { persistSession } }) };
}

/** Login, logout and every answer to GET /api/user write the session to storage. */
const persists = (type: string) =>
  type === 'session.login' || type === 'session.logout' || type.startsWith('xstate.done.actor.') || type.startsWith('xstate.error.actor.');

describe('session machine: path coverage', () => {
  it('reaches every state node and takes every transition (no token, valid token, expired token)', async () => {
    await expectFullCoverage(sessionMachine, paths);
  });

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_description, path) => {
    const { persisted, persistSession, machine } = fakes();
    let writes = 0;
    const result = await replayPath(machine, path, {
      assertInvariant: (snapshot, { step, invocations }) => {
        const { token, user } = snapshot.context;
        if (snapshot.matches('anonymous')) expect({ token, user }).toEqual({ token: null, user: null });
        if (snapshot.matches('authenticated')) {
          expect(token).toEqual(expect.any(String));
          expect(user).not.toBeNull();
        }
        if (snapshot.matches('restoring')) {
          expect(token).toEqual(expect.any(String));
          // GET /api/user is asked with the remembered token.
          expect(invocations.at(-1)).toMatchObject({ src: 'loadUser', input: { token }, outcome: 'pending' });
        }
        if (step.event.type.startsWith('xstate.error.actor.')) {
          // A failed user load logs out: token and user cleared, and remembered as cleared.
          expect(snapshot.value).toBe('anonymous');
          expect(persisted.at(-1)).toEqual({ token: null, user: null });
        }
        // Every login, logout and load result is persisted, with the context it produced.
        if (persists(step.event.type)) writes++;
        expect(persistSession).toHaveBeenCalledTimes(writes);
        if (writes) expect(persisted.at(-1)).toEqual(snapshot.context);
      },
    });
    expect(result.invocations.filter((i) => i.src === 'loadUser').length).toBe(path.input?.token ? 1 : 0);
  });
});

describe('session machine: restoring a remembered session', () => {
  it('a 401 from GET /api/user clears token and user and persists the empty session', async () => {
    const { persisted, machine } = fakes();
    const session = createActor(
      machine.provide({
        actors: {
          loadUser: fromPromise<User, { token: string }>(async () => {
            throw new ApiError(401, { message: 'Unauthenticated.' }, 'Errore generico');
          }),
        },
      }),
      { input: { token: 'tok-expired', user: customer } },
    ).start();
    await vi.waitFor(() => expect(session.getSnapshot().value).toBe('anonymous'));
    expect(session.getSnapshot().context).toEqual({ token: null, user: null });
    expect(persisted).toEqual([{ token: null, user: null }]);
  });

  it('a user loaded for the token replaces the remembered one (role changes included)', async () => {
    const { persisted, machine } = fakes();
    const session = createActor(machine.provide({ actors: { loadUser: fromPromise<User, { token: string }>(async () => admin) } }), {
      input: { token: 'tok-admin', user: customer },
    }).start();
    await vi.waitFor(() => expect(session.getSnapshot().value).toBe('authenticated'));
    expect(isAdmin(session.getSnapshot().context)).toBe(true);
    expect(persisted).toEqual([{ token: 'tok-admin', user: admin }]);
  });

  it('logging in while the remembered token is still being checked ignores the late answer', async () => {
    const { machine } = fakes();
    let answer: (user: User) => void = () => {};
    const session = createActor(
      machine.provide({
        actors: { loadUser: fromPromise<User, { token: string }>(() => new Promise<User>((resolve) => (answer = resolve))) },
      }),
      { input: { token: 'tok-customer', user: customer } },
    ).start();
    session.send({ type: 'session.login', token: 'tok-admin', user: admin });
    answer(customer);
    await Promise.resolve();
    await Promise.resolve();
    expect(session.getSnapshot().context).toEqual({ token: 'tok-admin', user: admin });
  });
});
