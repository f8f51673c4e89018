import { createContext, useContext, type ReactNode } from 'react';
import { createActor, type ActorRefFrom } from 'xstate';
import { useSelector } from '@xstate/react';
import { cookieConsentMachine } from '../../machines/cookieConsent.machine';
import { pageReloadMachine } from '../../machines/pageReload.machine';
import { isAdmin, sessionMachine } from '../../machines/session.machine';
import { shopMachine } from '../../machines/shop.machine';
import { toastMachine } from '../../machines/toast.machine';
import { createApiActors } from '../api/actors';
import { createApiClient, type ApiClient } from '../api/client';
import { storage } from './storage';

/** Browser effects the machines ask for, given at the edge (tests pass fakes). */
export interface BrowserEffects {
  reload(): void;
  leave(): void;
  scrollToTop(): void;
}

export const browserEffects: BrowserEffects = {
  reload: () => window.location.reload(),
  leave: () => window.location.replace('about:blank'),
  scrollToTop: () => window.scrollTo({ top: 0, behavior: 'smooth' }),
};

/** The app-wide actors, created once: session, shop data, global error toast, consent, self-reload. */
export function createAppActors(options: { api?: ApiClient; effects?: BrowserEffects; baseUrl?: string } = {}) {
  const effects = options.effects ?? browserEffects;
  const toast = createActor(toastMachine);
  // The token is read from the session actor at request time; unexpected failures raise the toast.
  const sessionRef: { current?: ActorRefFrom<typeof sessionMachine> } = {};
  const api =
    options.api ??
    createApiClient({
      baseUrl: options.baseUrl,
      token: () => sessionRef.current?.getSnapshot().context.token ?? null,
      onUnexpectedError: (message) => toast.send({ type: 'error.raise', message }),
    });
  const io = createApiActors(api);

  const session = createActor(
    sessionMachine.provide({
      actors: { loadUser: io.loadUser },
      actions: { persistSession: ({ context }) => storage.saveSession(context) },
    }),
    { input: storage.session() },
  );
  sessionRef.current = session;
  const shop = createActor(shopMachine.provide({ actors: { loadWebapp: io.loadWebapp } }));
  const consent = createActor(
    cookieConsentMachine.provide({ actions: { persistConsent: () => storage.saveConsent(), leavePage: () => effects.leave() } }),
    { input: { consented: storage.consent() } },
  );
  const reload = createActor(pageReloadMachine.provide({ actions: { reloadPage: () => effects.reload() } }), {
    input: { isAdmin: isAdmin(session.getSnapshot().context) },
  });
  session.subscribe((snapshot) => reload.send({ type: 'session.changed', isAdmin: isAdmin(snapshot.context) }));

  // They live as long as the page: started here, not in an effect (StrictMode would stop them).
  const all = [toast, session, shop, consent, reload];
  all.forEach((actor) => actor.start());
  return { api, io, effects, toast, session, shop, consent, reload, stop: () => all.forEach((actor) => actor.stop()) };
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

/** The signed-in user, or null. */
export function useUser() {
  return useSelector(useAppActors().session, (s) => s.context.user);
}

/** Staff (role admin): the cassa, the back office link, no cart. */
export function useIsAdmin(): boolean {
  return useSelector(useAppActors().session, (s) => isAdmin(s.context));
}

/** Public shop settings (name, contacts, home page texts), null until loaded. */
export function useShopSettings() {
  return useSelector(useAppActors().shop, (s) => s.context.settings);
}
