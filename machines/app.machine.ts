import { enqueueActions, sendTo, setup, type ActorRefFrom, type AnyActorRef } from 'xstate';
import { cartMachine, type CartSnapshot, type SavedCart } from './cart.machine';
import { cookieConsentMachine } from './cookieConsent.machine';
import { pageReloadMachine } from './pageReload.machine';
import { isAdmin, sessionMachine, type SessionSnapshot, type User } from './session.machine';
import { shopMachine, type ShopData } from './shop.machine';
import { toastMachine } from './toast.machine';

/**
 * The app-wide actors by systemId: the one map of the composition layer. Any actor of the app's
 * system reaches them with `system.get(id)` (typed: `getAppActor(system, id)`) or `sendTo`.
 */
export interface AppSystem {
  toast: ActorRefFrom<typeof toastMachine>;
  session: ActorRefFrom<typeof sessionMachine>;
  shop: ActorRefFrom<typeof shopMachine>;
  cart: ActorRefFrom<typeof cartMachine>;
  consent: ActorRefFrom<typeof cookieConsentMachine>;
  pageReload: ActorRefFrom<typeof pageReloadMachine>;
}

export type AppActorId = keyof AppSystem;

/** An app-wide actor of `system`, typed by its systemId (a finished one, like an accepted consent, has left it). */
export function getAppActor<TId extends AppActorId>(system: AnyActorRef['system'], id: TId): AppSystem[TId] {
  const actor = system.get(id) as AppSystem[TId] | undefined;
  if (!actor) throw new Error(`No '${id}' in this actor system: is the actor part of the app's system?`);
  return actor;
}

/** What the browser remembered, each app-wide actor's start. */
export interface AppInput {
  user: User | null;
  primedShop: ShopData | null;
  savedCart: SavedCart | null;
  consented: boolean;
}

/** A screen's actor (created with this root as its parent, so it is in the system) is done with. */
export type AppEvent = { type: 'app.screen.stop'; actor: AnyActorRef };

/**
 * The root of the app's actor system, created once per page by the composition root
 * (src/app/createAppActors.ts), which provides each child's I/O. It invokes the app-wide actors
 * with their systemIds and routes facts between them: the page's self-reload learns the role from
 * the session's own snapshots (`onSnapshot`), never from a copy kept by React, and the shop the catalogue
 * version of the cart's price answers. Screens' actors join the system with this root as their parent
 * (src/actors `useScreenActor`) and are stopped through it.
 */
export const appMachine = setup({
  types: {
    input: {} as AppInput,
    /** where each actor started: from then on the actors own their facts */
    context: {} as { start: AppInput },
    events: {} as AppEvent,
  },
  actors: {
    toast: toastMachine,
    session: sessionMachine,
    shop: shopMachine,
    cart: cartMachine,
    consent: cookieConsentMachine,
    pageReload: pageReloadMachine,
  },
  actions: {
    // (A stand-in child without a context, as path tests invoke, tells a visitor.)
    tellPageReload: sendTo('pageReload', (_, session: SessionSnapshot) => ({
      type: 'session.changed' as const,
      isAdmin: isAdmin(session.context?.user ?? null),
    })),
    // The cart's last price answer names the catalogue version it was read at; the shop reloads the menu if it is newer.
    tellShopCatalogue: sendTo('shop', (_, cart: CartSnapshot) => ({
      type: 'catalogue.changed' as const,
      version: cart.context?.catalogueVersion ?? 0,
    })),
    // xstate stops a child only through its parent: only this root's own (an actor of another parent is left alone).
    stopScreen: enqueueActions(({ event, self, enqueue }) => {
      if (event.actor._parent === self) enqueue.stopChild(event.actor);
    }),
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => ({ start: input }),
  invoke: [
    { id: 'toast', systemId: 'toast', src: 'toast' },
    {
      id: 'session',
      systemId: 'session',
      src: 'session',
      input: ({ context }) => ({ user: context.start.user }),
      // Every snapshot of the session: the page's self-reload is told the role (it acts on a change only).
      onSnapshot: { actions: { type: 'tellPageReload', params: ({ event }) => event.snapshot } },
    },
    { id: 'shop', systemId: 'shop', src: 'shop', input: ({ context }) => ({ primed: context.start.primedShop }) },
    {
      id: 'cart',
      systemId: 'cart',
      src: 'cart',
      input: ({ context }) => ({ saved: context.start.savedCart }),
      onSnapshot: { actions: { type: 'tellShopCatalogue', params: ({ event }) => event.snapshot } },
    },
    { id: 'consent', systemId: 'consent', src: 'consent', input: ({ context }) => ({ consented: context.start.consented }) },
    { id: 'pageReload', systemId: 'pageReload', src: 'pageReload', input: ({ context }) => ({ isAdmin: isAdmin(context.start.user) }) },
  ],
  on: {
    'app.screen.stop': { actions: 'stopScreen' },
  },
});

const APP_ACTOR_IDS: readonly AppActorId[] = ['toast', 'session', 'shop', 'cart', 'consent', 'pageReload'];

/** The root's own children by id: each stays readable after it finishes (the views read the consent's end). */
export function appActorsOf(root: ActorRefFrom<typeof appMachine>): AppSystem {
  const { children } = root.getSnapshot();
  return Object.fromEntries(APP_ACTOR_IDS.map((id) => [id, children[id]])) as unknown as AppSystem;
}
