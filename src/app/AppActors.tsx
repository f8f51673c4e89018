import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { createActor, type AnyActorRef, type SnapshotFrom } from 'xstate';
import { useLocation } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import { cartMachine, savedCart } from '../../machines/cart.machine';
import { cookieConsentMachine } from '../../machines/cookieConsent.machine';
import { pageReloadMachine } from '../../machines/pageReload.machine';
import { connectSession, isAdmin, sessionMachine } from '../../machines/session.machine';
import { connectShop, shopMachine } from '../../machines/shop.machine';
import { toastMachine } from '../../machines/toast.machine';
import { createCartActors } from '../api/cartActors';
import { createCheckoutActors } from '../api/checkoutActors';
import type { OrderPollingSnapshot } from '../../machines/orderPolling.machine';
import { createBlogListActors, createBlogPostActors } from '../api/blogActors';
import { createApiClient, type ApiClient } from '../api/client';
import { createInitialData, readInitialData, type InitialData } from '../api/initialData';
import { createSessionActors } from '../api/sessionActors';
import { createAccountActors } from '../api/accountActors';
import { createAuthActors } from '../api/authActors';
import { createShopActors, primedShop } from '../api/shopActors';
import { storage } from './storage';

/** Browser effects the machines ask for, given at the edge (tests pass fakes). */
export interface BrowserEffects {
  reload(): void;
  leave(): void;
}

export const browserEffects: BrowserEffects = {
  reload: () => window.location.reload(),
  leave: () => window.location.replace('about:blank'),
};

/**
 * Saves what `select` picks from an actor's snapshots whenever it changes: the one place an actor
 * persists. Returns the way to stop (a screen's actor stops with its screen).
 */
function persist<TActor extends AnyActorRef, T>(
  actor: TActor,
  select: (snapshot: SnapshotFrom<TActor>) => T,
  save: (value: T) => void,
): () => void {
  let saved = select(actor.getSnapshot());
  const subscription = actor.subscribe((snapshot) => {
    const value = select(snapshot);
    if (Object.is(value, saved)) return;
    saved = value;
    save(value);
  });
  return () => subscription.unsubscribe();
}

/** What the cassa asks of the browser; the real ones live in the cassa's chunk (src/cassa/effects.ts). */
export interface CassaEffects {
  chime(): void;
  loadTicket(id: number): void;
  printTicket(id: number): void;
}

export interface AppActorsOptions {
  api?: ApiClient;
  effects?: BrowserEffects;
  /** fakes for tests; by default the cassa uses its own */
  cassaEffects?: CassaEffects;
  baseUrl?: string;
  initialData?: InitialData;
}

/** The app-wide actors, created once: session, shop data, cart, global error toast, consent, self-reload. */
export function createAppActors(options: AppActorsOptions = {}) {
  const effects = options.effects ?? browserEffects;
  const initialData = options.initialData ?? readInitialData();
  const toast = createActor(toastMachine);
  const api =
    options.api ??
    createApiClient({
      baseUrl: options.baseUrl,
      onUnexpectedError: (message) => toast.send({ type: 'error.raise', message }),
      // Any 401: the session machine logs out (if a user was in) and tells the app to offer the login.
      onUnauthorized: () => session.send({ type: 'session.expired' }),
    });
  // The real I/O of each machine, grouped by machine; screens' machines take theirs from here.
  const io = {
    blogList: createBlogListActors(api),
    blogPost: createBlogPostActors(api),
    // The order carries the cart as the cart actor holds it when the customer confirms.
    checkout: createCheckoutActors(api, () => savedCart(cart.getSnapshot().context)),
    ...createAuthActors(api),
    account: createAccountActors(api),
  };

  const session = createActor(sessionMachine.provide({ actors: createSessionActors(api) }), { input: { user: storage.user() } });
  const shop = createActor(shopMachine.provide({ actors: createShopActors(api) }), { input: { primed: primedShop(initialData) } });
  // The customer's cart, and the logic of the cassa's own (not persisted: the widget's order is the cashier's).
  const cartLogic = cartMachine.provide({
    actors: createCartActors(api),
    actions: { notifyError: (_, { message }) => toast.send({ type: 'error.raise', message }) },
  });
  const cart = createActor(cartLogic, { input: { saved: storage.cart() } });
  const consent = createActor(cookieConsentMachine.provide({ actions: { leavePage: () => effects.leave() } }), {
    input: { consented: storage.consent() },
  });
  const reload = createActor(pageReloadMachine.provide({ actions: { reloadPage: () => effects.reload() } }), {
    input: { isAdmin: isAdmin(session.getSnapshot().context.user) },
  });
  session.subscribe((snapshot) => reload.send({ type: 'session.changed', isAdmin: isAdmin(snapshot.context.user) }));
  persist(session, (s) => s.context.user, storage.saveUser);
  // Logging in or out in another tab: this tab follows (no request: the cookie is shared).
  const stopSync = storage.onUserChangedElsewhere((user) => session.send({ type: 'session.synced', user }));
  persist(consent, (s) => s.context.consented, storage.saveConsent);
  // The context object changes only when the cart does; what is saved is its lasting part.
  persist(
    cart,
    (s) => s.context,
    (context) => storage.saveCart(savedCart(context)),
  );

  // They live as long as the page: started here, not in an effect (StrictMode would stop them).
  const all = [toast, session, shop, cart, consent, reload];
  all.forEach((actor) => actor.start());
  /** The cassa's list remembers whether its chime is off; the screen creates the actor, this root persists it. */
  const cassa = {
    muted: storage.cassaMuted,
    persistMuted: (actor: AnyActorRef) => persist(actor, (s: OrderPollingSnapshot) => s.context.muted, storage.saveCassaMuted),
    effects: options.cassaEffects,
    cartLogic,
  };
  return {
    api,
    io,
    initialData,
    effects,
    cassa,
    toast,
    session,
    shop,
    cart,
    consent,
    reload,
    stop: () => {
      stopSync();
      all.forEach((actor) => actor.stop());
    },
  };
}

export type AppActors = ReturnType<typeof createAppActors>;

const AppActorsContext = createContext<AppActors | null>(null);

export function AppActorsProvider({ actors, children }: { actors: AppActors; children: ReactNode }) {
  return <AppActorsContext.Provider value={actors}>{children}</AppActorsContext.Provider>;
}

export function useAppActors(): AppActors {
  const actors = useContext(AppActorsContext);
  if (!actors) throw new Error('useAppActors outside AppActorsProvider');
  return actors;
}

/**
 * A machine's view-model for a component: the snapshot through `connect` (zag's shape). The
 * component re-renders when the actor's snapshot changes and spreads what `connect` returns.
 */
export function useView<TActor extends AnyActorRef, TView>(
  actor: TActor,
  connect: (snapshot: SnapshotFrom<TActor>, send: TActor['send']) => TView,
): TView {
  const snapshot = useSelector(actor as AnyActorRef, (s) => s as SnapshotFrom<TActor>);
  return useMemo(() => connect(snapshot, (event) => actor.send(event)), [actor, connect, snapshot]);
}

/** Who is logged in, and whether staff (role admin: the cassa, the back office link, no cart). */
export function useSession() {
  return useView(useAppActors().session, connectSession);
}

/** The router's key of the page the browser loaded (react-router names it "default"). */
export const FIRST_LOCATION_KEY = 'default';
const NO_INITIAL_DATA = createInitialData();

/** The server's data for the first screen, on that screen only (later screens load their own). */
export function useInitialData(): InitialData {
  const { initialData } = useAppActors();
  return useLocation().key === FIRST_LOCATION_KEY ? initialData : NO_INITIAL_DATA;
}

/** The shop's facts as every screen shows them. */
export function useShop() {
  return useView(useAppActors().shop, connectShop);
}
