import { describe, expect, it, vi } from 'vitest';
import { createActor, enqueueActions, fromPromise, setup } from 'xstate';
import { appActorsOf, appMachine, getAppActor, type AppInput } from '../../machines/app.machine';
import { pageReloadMachine } from '../../machines/pageReload.machine';
import { sessionMachine, type UserLookup } from '../../machines/session.machine';
import { admin, customer } from '../mocks/fixtures';
import { describePathCoverage, replayEntryPath } from './expectCoverage';
import { appEntry } from './registry';

const APP_ACTORS = ['cart', 'consent', 'pageReload', 'session', 'shop', 'toast'];

describePathCoverage('app machine (the actor system): path coverage', appEntry, async (path) => {
  await replayEntryPath(appEntry, path, {
    assertInvariant: (snapshot) => {
      // The app-wide actors live as long as the page: whatever is routed or stopped, all six are there.
      expect(Object.keys(snapshot.children).sort()).toEqual(APP_ACTORS);
      expect(snapshot.status).toBe('active');
    },
  });
});

/** The real system, with the session's I/O faked and nothing reloading the page. */
function startApp(input: Partial<AppInput> = {}) {
  const reloadPage = vi.fn();
  const logic = appMachine.provide({
    actors: {
      session: sessionMachine.provide({
        actors: {
          loadUser: fromPromise<UserLookup>(() => new Promise(() => {})),
          logoutUser: fromPromise<void>(async () => {}),
        },
      }),
      pageReload: pageReloadMachine.provide({ actions: { reloadPage } }),
    },
  });
  const root = createActor(logic, { input: { user: null, primedShop: null, savedCart: null, consented: true, ...input } }).start();
  return { root, reloadPage, ...appActorsOf(root) };
}

describe('app machine: the system composes', () => {
  it('registers every app-wide actor under its systemId, typed', () => {
    const { root, session, shop, toast } = startApp();
    expect(getAppActor(root.system, 'session')).toBe(session);
    expect(getAppActor(root.system, 'shop')).toBe(shop);
    expect(getAppActor(root.system, 'toast')).toBe(toast);
    expect(() => getAppActor(createActor(sessionMachine, { input: { user: null } }).system, 'session')).toThrow(/No 'session'/);
  });

  it("tells the page's self-reload the role from the session's own snapshots (no copy kept elsewhere)", async () => {
    const { session, pageReload } = startApp();
    expect(pageReload.getSnapshot().value).toBe('counting');
    session.send({ type: 'session.login', user: admin });
    expect(pageReload.getSnapshot().value).toBe('staff');
    session.send({ type: 'session.logout' });
    expect(pageReload.getSnapshot().value).toBe('counting');
    session.send({ type: 'session.login', user: customer });
    expect(pageReload.getSnapshot().context.isAdmin).toBe(false);
  });

  it('starts a remembered admin as staff', () => {
    const { pageReload } = startApp({ user: admin });
    expect(pageReload.getSnapshot().value).toBe('staff');
  });

  it("lets a screen's actor, created with the root as parent, reach the session through the system; the root stops it", () => {
    const { root, session } = startApp();
    // Guards see only context and event: a machine reads the system in its actions (enqueueActions).
    const screenMachine = setup({
      types: { events: {} as { type: 'screen.check' } },
      actions: {
        checkUser: enqueueActions(({ system, enqueue }) => {
          const hasUser = getAppActor(system, 'session').getSnapshot().context.user !== null;
          enqueue.raise({ type: hasUser ? 'screen.withUser' : 'screen.anonymous' } as never);
        }),
      },
    }).createMachine({
      on: { 'screen.check': { actions: 'checkUser' }, 'screen.withUser': '.withUser', 'screen.anonymous': '.anonymous' } as never,
      initial: 'anonymous',
      states: { anonymous: {}, withUser: {} },
    });
    const screen = createActor(screenMachine, { parent: root });
    screen.start();
    session.send({ type: 'session.login', user: customer });
    screen.send({ type: 'screen.check' });
    expect(screen.getSnapshot().value).toBe('withUser');

    root.send({ type: 'app.screen.stop', actor: screen });
    expect(screen.getSnapshot().status).toBe('stopped');
    // The app-wide actors go on.
    expect(Object.keys(root.getSnapshot().children).sort()).toEqual(APP_ACTORS);
  });
});
