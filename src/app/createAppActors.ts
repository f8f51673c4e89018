import { createActor, type AnyActorRef } from 'xstate';
import { appActorsOf, appMachine } from '../../machines/app.machine';
import { cartMachine, savedCart } from '../../machines/cart.machine';
import { cookieConsentMachine } from '../../machines/cookieConsent.machine';
import { pageReloadMachine } from '../../machines/pageReload.machine';
import { sessionMachine } from '../../machines/session.machine';
import { shopMachine } from '../../machines/shop.machine';
import type { CassaDayListSnapshot } from '../../machines/cassaDayList.machine';
import { draftOf, isDraftShown } from '../../machines/cassaOrder.draft';
import type { CassaOrderSnapshot } from '../../machines/cassaOrder.machine';
import { createCartActors } from '../api/cartActors';
import { createApiClient, type ApiClient } from '../api/client';
import { readInitialData, type InitialData } from '../api/initialData';
import { createSessionActors } from '../api/sessionActors';
import { createShopActors, primedShop } from '../api/shopActors';
import { browserEffects, persist, type AppActors, type BrowserEffects, type CassaEffects } from '../actors/AppActors';
import { storage } from '../actors/storage';

export interface AppActorsOptions {
  api?: ApiClient;
  effects?: BrowserEffects;
  /** fakes for tests; by default the cassa uses its own */
  cassaEffects?: CassaEffects;
  baseUrl?: string;
  initialData?: InitialData;
  /** whether the visitor has accepted the cookies; by default as the browser remembers it */
  consented?: boolean;
}

/**
 * The app's actor system, created once per page: the root (machines/app.machine.ts) invokes the
 * app-wide actors with their systemIds; this composition root gives each its I/O and its start from
 * the browser's storage, and persists each by one subscription.
 */
export function createAppActors(options: AppActorsOptions = {}): AppActors {
  const effects = options.effects ?? browserEffects;
  const initialData = options.initialData ?? readInitialData();
  const api =
    options.api ??
    createApiClient({
      baseUrl: options.baseUrl,
      onUnexpectedError: (message) => system.toast.send({ type: 'error.raise', message }),
      // Any 401: the session machine logs out (if a user was in) and tells the app to offer the login.
      onUnauthorized: () => system.session.send({ type: 'session.expired' }),
    });
  // The customer's cart, and the logic of the cassa's own (not persisted: the widget's order is the cashier's).
  const cartLogic = cartMachine.provide({
    actors: createCartActors(api),
    actions: { notifyError: (_, { message }) => system.toast.send({ type: 'error.raise', message }) },
  });
  const appLogic = appMachine.provide({
    actors: {
      session: sessionMachine.provide({ actors: createSessionActors(api) }),
      shop: shopMachine.provide({ actors: createShopActors(api) }),
      cart: cartLogic,
      consent: cookieConsentMachine.provide({ actions: { leavePage: () => effects.leave() } }),
      pageReload: pageReloadMachine.provide({ actions: { reloadPage: () => effects.reload() } }),
    },
  });
  // It lives as long as the page: started here, not in an effect (StrictMode would stop it).
  const root = createActor(appLogic, {
    input: {
      user: storage.user(),
      primedShop: primedShop(initialData),
      savedCart: storage.cart(),
      consented: options.consented ?? storage.consent(),
    },
  }).start();
  const system = appActorsOf(root);

  persist(system.session, (s) => s.context.user, storage.saveUser);
  // Logging in or out in another tab: this tab follows (no request: the cookie is shared).
  const stopSync = storage.onUserChangedElsewhere((user) => system.session.send({ type: 'session.synced', user }));
  persist(system.consent, (s) => s.context.consented, storage.saveConsent);
  // The context object changes only when the cart does; what is saved is its lasting part.
  persist(
    system.cart,
    (s) => s.context,
    (context) => storage.saveCart(savedCart(context)),
  );

  /** The cassa's list remembers whether its chime is off; the screen creates the actor, this root persists it. */
  const cassa = {
    muted: storage.cassaMuted,
    persistMuted: (actor: AnyActorRef) => persist(actor, (s: CassaDayListSnapshot) => s.context.muted, storage.saveCassaMuted),
    draft: storage.cassaDraft,
    // The editor's context changes only when something in it does; while an order loads there is nothing to say.
    persistDraft: (editor: AnyActorRef) =>
      persist(
        editor,
        (s: CassaOrderSnapshot) => (isDraftShown(s) ? s.context : undefined),
        (context) => context && storage.saveCassaDraft(draftOf(context)),
      ),
    effects: options.cassaEffects,
    cartLogic,
  };
  return {
    api,
    initialData,
    effects,
    cassa,
    root,
    ...system,
    stop: () => {
      stopSync();
      root.stop();
    },
  };
}
