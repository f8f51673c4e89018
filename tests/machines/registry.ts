/**
 * Every machine under path coverage, with the events (and realistic payloads) the graph may send and
 * the facts its graph tells apart (`serializeState`: what the screen or the flow depends on, never the
 * whole context, so graphs stay small). Used by tests/machines/*.machine.test.ts and by
 * scripts/machine-paths.ts: adding a machine means adding one entry here (and a test file with its
 * fakes and invariants). Fixtures are the component suite's (tests/mocks/fixtures.ts).
 */
import { createActor, type AnyStateMachine, type InputFrom, type SnapshotFrom } from 'xstate';
import { ApiError } from '../../src/api/client';
import { shopDataFromWire } from '../../src/api/shopActors';
import { appMachine } from '../../machines/app.machine';
import { blogListMachine } from '../../machines/blogList.machine';
import { cartMachine } from '../../machines/cart.machine';
import { blogPostMachine } from '../../machines/blogPost.machine';
import { cookieConsentMachine } from '../../machines/cookieConsent.machine';
import { pageReloadMachine } from '../../machines/pageReload.machine';
import { sessionMachine } from '../../machines/session.machine';
import { shopMachine } from '../../machines/shop.machine';
import { toastMachine } from '../../machines/toast.machine';
import { admin, customer, postPage, posts, webapp } from '../mocks/fixtures';
import { checkoutConfirmationEntry, checkoutEntry } from './checkout.entries';
import { menuEntries } from './menu.entries';
import { internalEvents, invokeInput, type EventSpec } from './pathCoverage';
import { authEntries } from './auth.entries';
import { cassaEntries } from './cassa.entries';
import { cassaStartEntry } from './cassaStart.entries';
import { adminEntries } from './admin.entries';
import { orderTrackingEntry } from './tracking.entries';
import { reportEntries } from './reports.entries';

export interface MachineEntry<T extends AnyStateMachine = AnyStateMachine> {
  name: string;
  machine: T;
  events: readonly EventSpec<T>[];
  input?: InputFrom<T>;
  inputs?: readonly InputFrom<T>[];
  /** the facts that tell two graph states apart */
  serializeState: (snapshot: SnapshotFrom<T>) => string;
  /** simple paths only for graphs up to this many states (shortest paths and one path per edge always) */
  maxSimplePathStates?: number;
  /** children that run for real in replays (their I/O provided by the entry's machine), not faked */
  realChildren?: readonly string[];
}

export const defineEntry = <T extends AnyStateMachine>(entry: MachineEntry<T>): MachineEntry<T> => entry;

const facts = (snapshot: { value: unknown; status: string }, rest: Record<string, unknown> = {}) =>
  JSON.stringify({ value: snapshot.value, status: snapshot.status, ...rest });

const networkDown = () => new TypeError('Failed to fetch');
const serverDown = () => new ApiError(503, { message: 'Servizio non disponibile' }, 'Errore generico');

// --- toast -----------------------------------------------------------------------------------

const toastEvents = internalEvents(toastMachine);
export const toastEntry = defineEntry({
  name: 'toast',
  machine: toastMachine,
  events: [
    { type: 'error.raise', message: 'Il prodotto non è più disponibile.' },
    { type: 'error.raise', message: 'Connessione assente: controlla la rete e riprova.' },
    { type: 'error.raise' },
    { type: 'error.raise', message: null },
    { type: 'error.raise', message: '' },
    { type: 'toast.dismiss' },
    { type: toastEvents.after('toast.visible', 'TOAST') },
  ],
  serializeState: (s) => facts(s, { message: s.context.message }),
});

// --- cookie consent --------------------------------------------------------------------------

export const cookieConsentEntry = defineEntry({
  name: 'cookieConsent',
  machine: cookieConsentMachine,
  inputs: [{ consented: false }, { consented: true }],
  events: [{ type: 'consent.accept' }, { type: 'consent.refuse' }, { type: 'page.close' }],
  serializeState: (s) => facts(s, { consented: s.context.consented }),
});

// --- page reload -----------------------------------------------------------------------------

export const pageReloadEntry = defineEntry({
  name: 'pageReload',
  machine: pageReloadMachine,
  inputs: [{ isAdmin: false }, { isAdmin: true }],
  events: [
    { type: 'session.changed', isAdmin: true },
    { type: 'session.changed', isAdmin: false },
    { type: internalEvents(pageReloadMachine).after('pageReload.counting', 'PAGE_RELOAD') },
  ],
  serializeState: (s) => facts(s, { isAdmin: s.context.isAdmin }),
});

// --- session ---------------------------------------------------------------------------------

const sessionEvents = internalEvents(sessionMachine);
export const sessionEntry = defineEntry({
  name: 'session',
  machine: sessionMachine,
  // A visitor; a remembered customer whose cookie is still good; one whose session has expired.
  inputs: [{ user: null }, { user: customer }, { user: { ...customer, id: 8, name: 'Sessione scaduta' } }],
  // Logins, logouts and other tabs in any order make the simple paths explode; one path per edge covers it.
  maxSimplePathStates: 0,
  events: [
    { type: 'session.login', user: admin },
    { type: 'session.logout' },
    { type: 'session.expired' },
    // Another tab logged in (as the customer) or out.
    { type: 'session.synced', user: customer },
    { type: 'session.synced', user: null },
    { type: sessionEvents.done('logoutUser') },
    { type: sessionEvents.error('logoutUser'), error: networkDown() },
    // Leaving: nothing waits in the cassa's outbox, or two orders do (then asked: stay or leave).
    { type: sessionEvents.done('countUnsent'), output: 0 },
    { type: sessionEvents.done('countUnsent'), output: 2 },
    { type: sessionEvents.error('countUnsent'), error: new Error('IndexedDB unavailable') },
    { type: 'logout.confirm' },
    { type: 'logout.cancel' },
    (snapshot) =>
      snapshot.hasTag('checking')
        ? {
            type: sessionEvents.done('loadUser'),
            output: snapshot.context.user?.id === customer.id ? { ok: true, user: { ...customer, name: 'Giulia B.' } } : { ok: false },
          }
        : null,
    { type: sessionEvents.error('loadUser'), error: networkDown() },
  ],
  serializeState: (s) =>
    facts(s, {
      user: s.context.user && `${s.context.user.id} ${s.context.user.name}`,
      expired: s.context.expired,
      unsent: s.context.unsent,
    }),
});

// --- shop ------------------------------------------------------------------------------------

export const shopData = shopDataFromWire(webapp);
/** The menu after the owner raised the Margherita by 0,50 € in the back office (catalogue version 2). */
export const raisedShopData = shopDataFromWire({
  ...webapp,
  catalogue_version: webapp.catalogue_version + 1,
  products: webapp.products.map((p) => (p.name === 'Margherita' ? { ...p, price: p.price + 0.5 } : p)),
});

const shopEvents = internalEvents(shopMachine);
export const shopEntry = defineEntry({
  name: 'shop',
  machine: shopMachine,
  // No data in the page (npm run dev, an old cached page), or the server rendered it in.
  inputs: [{ primed: null }, { primed: shopData }],
  events: [
    { type: 'shop.refresh' },
    // A price answer read at the version the menu has, or at the next one (the owner changed something).
    (s) => [
      { type: 'catalogue.changed', version: s.context.catalogueVersion },
      { type: 'catalogue.changed', version: raisedShopData.catalogueVersion },
    ],
    { type: shopEvents.done('shop.loading'), output: shopData },
    { type: shopEvents.error('shop.loading'), error: serverDown() },
    { type: shopEvents.done('shop.reloading'), output: raisedShopData },
    { type: shopEvents.error('shop.reloading'), error: networkDown() },
  ],
  serializeState: (s) =>
    facts(s, { products: s.context.products.length, settings: s.context.settings !== null, version: s.context.catalogueVersion }),
});

// --- app (the root of the actor system) ------------------------------------------------------

/** A cart as it stands after a price answer read at catalogue `version`. */
const cartPricedAt = (version: number) =>
  cartMachine.resolveState({
    value: 'idle',
    context: {
      lines: [],
      backend: null,
      discount: null,
      code: null,
      codeMessage: null,
      delivery: null,
      zoneId: null,
      catalogueVersion: version,
      orderId: null,
    },
  });

/** A session as it stands after a login (or a logout, with no user). */
export const sessionOf = (user: typeof admin | null) =>
  sessionMachine.resolveState({ value: user ? 'authenticated' : 'anonymous', context: { user, expired: false, unsent: 0 } });

export const appEntry = defineEntry({
  name: 'app',
  machine: appMachine,
  // A first visit; a remembered staff member with the shop rendered into the page and a saved cart.
  inputs: [
    { user: null, primedShop: null, savedCart: null, consented: false },
    {
      user: admin,
      primedShop: null,
      savedCart: { lines: [], backend: null, discount: null, code: 'PIZZA10', delivery: null, zoneId: null },
      consented: true,
    },
  ],
  events: [
    { type: 'xstate.snapshot.session', snapshot: sessionOf(admin) },
    { type: 'xstate.snapshot.session', snapshot: sessionOf(null) },
    // The cart's price answers, read at some catalogue version (the shop reloads the menu when it is newer).
    { type: 'xstate.snapshot.cart', snapshot: cartPricedAt(2) },
    // An actor that is not this root's own (a screen of another system): left alone.
    { type: 'app.screen.stop', actor: createActor(toastMachine) },
  ],
  serializeState: (s) => facts(s, { children: Object.keys(s.children).sort() }),
});

// --- blog list -------------------------------------------------------------------------------

const blogListEvents = internalEvents(blogListMachine);
export const blogListEntry = defineEntry({
  name: 'blogList',
  machine: blogListMachine,
  // The URL names page 1 (rendered into the page by the server, or not), page 2, or a page past the end.
  inputs: [{ page: 1 }, { page: 1, primed: postPage(1) }, { page: 9 }],
  // Every page the URL can name makes the simple paths explode; one path per edge covers the graph.
  maxSimplePathStates: 0,
  events: [
    // Back, Forward, the arrows and typed URLs all reach the machine as the URL's new page.
    { type: 'page.changed', page: 1 },
    { type: 'page.changed', page: 3 },
    { type: 'page.retry' },
    (snapshot) => {
      const input = invokeInput<{ page: number }>(snapshot, blogListEvents.invokeId('loadPage'));
      return input && { type: blogListEvents.done('loadPage'), output: postPage(input.page) };
    },
    { type: blogListEvents.error('loadPage'), error: networkDown() },
  ],
  serializeState: (s) =>
    facts(s, { requested: s.context.requestedPage, shown: s.context.currentPage, of: s.context.totalPages, posts: s.context.posts.length }),
});

// --- blog post -------------------------------------------------------------------------------

const blogPostEvents = internalEvents(blogPostMachine);
export const blogPostEntry = defineEntry({
  name: 'blogPost',
  machine: blogPostMachine,
  // A post that exists (rendered into the page or not), one that was deleted (found so by the server
  // with the page or not), and URLs naming no possible post.
  inputs: [
    { id: posts[0]!.id },
    { id: posts[0]!.id, primed: posts[0]! },
    { id: 404 },
    { id: 404, primedMissing: true },
    { id: Number.NaN },
    { id: 0 },
  ],
  events: [
    { type: 'post.retry' },
    (snapshot) => {
      const input = invokeInput<{ id: number }>(snapshot, blogPostEvents.invokeId('loadPost'));
      if (!input) return null;
      const post = posts.find((p) => p.id === input.id);
      return { type: blogPostEvents.done('loadPost'), output: post ? { found: true, post } : { found: false } };
    },
    { type: blogPostEvents.error('loadPost'), error: serverDown() },
  ],
  serializeState: (s) => facts(s, { id: s.context.id, post: s.context.post?.id ?? null }),
});

/** All machines under path coverage. */
export const machineRegistry: readonly MachineEntry<any>[] = [
  appEntry,
  toastEntry,
  cookieConsentEntry,
  pageReloadEntry,
  sessionEntry,
  shopEntry,
  blogListEntry,
  blogPostEntry,
  ...menuEntries,
  checkoutEntry,
  checkoutConfirmationEntry,
  ...authEntries,
  ...cassaEntries,
  cassaStartEntry,
  ...adminEntries,
  orderTrackingEntry,
  ...reportEntries,
];
