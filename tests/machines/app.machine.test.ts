import { describe, expect, it, vi } from 'vitest';
import { createActor, enqueueActions, fromPromise, setup } from 'xstate';
import { appActorsOf, appMachine, getAppActor, type AppInput } from '../../machines/app.machine';
import { cartMachine, type PriceAnswer, type PriceRequest } from '../../machines/cart.machine';
import { pageReloadMachine } from '../../machines/pageReload.machine';
import { shopMachine, type ShopData } from '../../machines/shop.machine';
import { sessionMachine, type UserLookup } from '../../machines/session.machine';
import { admin, customer } from '../mocks/fixtures';
import { describePathCoverage, replayEntryPath } from './expectCoverage';
import { answerFor, margherita } from './menu.entries';
import { appEntry, raisedShopData, shopData } from './registry';

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
function startApp(
  input: Partial<AppInput> = {},
  io: { loadShop?: () => Promise<ShopData>; priceCart?: (request: PriceRequest) => Promise<PriceAnswer> } = {},
) {
  const reloadPage = vi.fn();
  const logic = appMachine.provide({
    actors: {
      ...(io.loadShop && { shop: shopMachine.provide({ actors: { loadShop: fromPromise(io.loadShop) } }) }),
      ...(io.priceCart && {
        cart: cartMachine.provide({ actors: { priceCart: fromPromise<PriceAnswer, PriceRequest>(({ input }) => io.priceCart!(input)) } }),
      }),
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
    // Leaving first asks the cassa's outbox how many orders wait (none here): then the user is out.
    await vi.waitFor(() => expect(pageReload.getSnapshot().value).toBe('counting'));
    session.send({ type: 'session.login', user: customer });
    expect(pageReload.getSnapshot().context.isAdmin).toBe(false);
  });

  it("reloads the menu when the cart's price answer was read at a newer catalogue version, the cart kept", async () => {
    const loadShop = vi.fn(async () => raisedShopData);
    // The server prices at the owner's new catalogue version.
    const priceCart = async (request: PriceRequest): Promise<PriceAnswer> => {
      const answer = answerFor(request);
      return answer.ok ? { ok: true, priced: { ...answer.priced, catalogueVersion: raisedShopData.catalogueVersion } } : answer;
    };
    const { shop, cart } = startApp({ primedShop: shopData }, { loadShop, priceCart });
    expect(shop.getSnapshot().context.catalogueVersion).toBe(shopData.catalogueVersion);

    cart.send({ type: 'line.add', choice: { product: margherita, variant: null, additions: [], qty: 2 } });
    await vi.waitFor(() => expect(shop.getSnapshot().context).toEqual(raisedShopData), { timeout: 2000 });
    expect(loadShop).toHaveBeenCalledTimes(1);
    const newPrice = raisedShopData.products.find((p) => p.id === margherita.id)!.priceCents;
    expect(newPrice).toBe(margherita.priceCents + 50);
    expect(cart.getSnapshot().context.lines.map((l) => [l.name, l.qty])).toEqual([['Margherita', 2]]);

    // Another answer at the same version: the menu is current, nothing loads again.
    cart.send({ type: 'quantity.increment', index: 0 });
    await vi.waitFor(() => expect(cart.getSnapshot().value).toBe('idle'), { timeout: 2000 });
    expect(shop.getSnapshot().value).toBe('ready');
    expect(loadShop).toHaveBeenCalledTimes(1);
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
