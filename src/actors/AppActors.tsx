import type { CassaDraft } from '../../machines/cassaOrder.types';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  createActor,
  type Actor,
  type ActorOptions,
  type ActorRefFrom,
  type AnyActorLogic,
  type AnyActorRef,
  type SnapshotFrom,
} from 'xstate';
import { useLocation } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import type { cartMachine } from '../../machines/cart.machine';
import type { appMachine, AppSystem } from '../../machines/app.machine';
import { connectSession } from '../../machines/session.machine';
import { connectShop } from '../../machines/shop.machine';
import type { ApiClient } from '../api/client';
import { createInitialData, type InitialData } from '../api/initialData';

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
export function persist<TActor extends AnyActorRef, T>(
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

/**
 * A screen's actor, in the app's actor system: created with the system's root as its parent, so its
 * machine reaches the app-wide actors with `system.get('session')` / `sendTo` (typed:
 * `getAppActor(system, 'session')`). Created once per mount (as `useActorRef` does), started by the
 * mount and stopped through the root (`app.screen.stop`) when the screen goes: xstate stops a child
 * only through its parent. StrictMode's trial unmount stops it: the remount starts a fresh one.
 */
export function useScreenActor<TLogic extends AnyActorLogic>(
  logic: TLogic,
  options: Omit<ActorOptions<TLogic>, 'parent' | 'systemId'> = {},
): Actor<TLogic> {
  const { root } = useAppActors();
  // No systemId: xstate registers one at creation, and a render may be repeated or thrown away.
  const [create] = useState(() => () => createActor(logic, { ...options, parent: root }));
  const [actor, setActor] = useState(create);
  useEffect(() => {
    if ((actor.getSnapshot() as { status: string }).status === 'stopped') {
      setActor(create());
      return;
    }
    actor.start();
    return () => root.send({ type: 'app.screen.stop', actor });
  }, [actor, create, root]);
  return actor;
}

/**
 * A screen's I/O, built in the screen's own chunk from the app's api client (the composition root
 * builds only the app-wide actors'), so a first visit downloads no other screen's calls.
 */
export function useApiActors<T>(create: (api: ApiClient) => T): T {
  const { api } = useAppActors();
  const [actors] = useState(() => create(api));
  return actors;
}

/** Who is logged in, and whether staff (role admin: the cassa, the back office link, no cart). */
export function useSession() {
  return useView(useAppActors().session, connectSession);
}

/** What the composition root (src/app/createAppActors.ts) gives every screen. */
export interface AppActors extends AppSystem {
  api: ApiClient;
  initialData: InitialData;
  effects: BrowserEffects;
  cassa: {
    muted: () => boolean;
    persistMuted: (actor: AnyActorRef) => () => void;
    /** the order being typed when the page went away, kept until confirmed or emptied */
    draft: () => CassaDraft | null;
    persistDraft: (editor: AnyActorRef) => () => void;
    effects?: CassaEffects;
    cartLogic: typeof cartMachine;
  };
  /** the root of the app's actor system (machines/app.machine.ts) */
  root: ActorRefFrom<typeof appMachine>;
  stop(): void;
}

/** The router's key of the page the browser loaded, when it made that entry itself ("default"). */
export const FIRST_LOCATION_KEY = 'default';
const NO_INITIAL_DATA = createInitialData();

/**
 * The key of the entry the page was loaded with: "default", or, on a reload of an entry the app
 * pushed, that entry's own key (the browser keeps it in the history state).
 */
const FirstLocationContext = createContext(FIRST_LOCATION_KEY);

export function FirstLocationProvider({ children }: { children: ReactNode }) {
  const [key] = useState(useLocation().key);
  return <FirstLocationContext.Provider value={key}>{children}</FirstLocationContext.Provider>;
}

/** Whether the router still shows the page the browser loaded (the server rendered it, with its data). */
export function useIsFirstScreen(): boolean {
  return useLocation().key === useContext(FirstLocationContext);
}

/** The server's data for the first screen, on that screen only (later screens load their own). */
export function useInitialData(): InitialData {
  const { initialData } = useAppActors();
  return useIsFirstScreen() ? initialData : NO_INITIAL_DATA;
}

/** The shop's facts as every screen shows them. */
export function useShop() {
  return useView(useAppActors().shop, connectShop);
}
