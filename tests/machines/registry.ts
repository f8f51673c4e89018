/**
 * Every machine under path coverage, with the events (and realistic payloads) the graph may send.
 * Used by tests/machines/*.machine.test.ts and by scripts/machine-paths.ts: adding a machine means
 * adding one entry here (and a test file with its fakes and invariants).
 */
import type { AnyStateMachine, InputFrom } from 'xstate';
import { ApiError } from '../../src/api/client';
import { blogMachine, POSTS_PER_PAGE, type Post, type PostPage, type PostSummary } from '../../machines/blog.machine';
import { cookieConsentMachine } from '../../machines/cookieConsent.machine';
import { pageReloadMachine } from '../../machines/pageReload.machine';
import { sessionMachine, type User } from '../../machines/session.machine';
import { shopMachine, type Webapp } from '../../machines/shop.machine';
import { toastMachine } from '../../machines/toast.machine';
import { internalEvents, invokeInput, type EventSpec } from './pathCoverage';

export interface MachineEntry<T extends AnyStateMachine = AnyStateMachine> {
  name: string;
  machine: T;
  events: readonly EventSpec<T>[];
  input?: InputFrom<T>;
  inputs?: readonly InputFrom<T>[];
}

export const defineEntry = <T extends AnyStateMachine>(entry: MachineEntry<T>): MachineEntry<T> => entry;

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
});

// --- cookie consent --------------------------------------------------------------------------

export const cookieConsentEntry = defineEntry({
  name: 'cookieConsent',
  machine: cookieConsentMachine,
  inputs: [{ consented: false }, { consented: true }],
  events: [{ type: 'consent.accept' }, { type: 'consent.refuse' }, { type: 'page.close' }],
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
});

// --- session ---------------------------------------------------------------------------------

export const customer: User = { id: 7, name: 'Mario Rossi', email: 'mario@example.it', role_name: 'customer', email_verified: true };
export const admin: User = { id: 1, name: 'Giulia Bianchi', email: 'giulia@pizzeria.example.it', role_name: 'admin', email_verified: true };
/** GET /api/user answers for the remembered tokens only. */
export const usersByToken: Record<string, User> = { 'tok-customer': customer, 'tok-admin': admin };

const sessionEvents = internalEvents(sessionMachine);
export const sessionEntry = defineEntry({
  name: 'session',
  machine: sessionMachine,
  inputs: [
    { token: null, user: null },
    { token: 'tok-customer', user: customer },
    { token: 'tok-expired', user: customer },
  ],
  events: [
    { type: 'session.login', token: 'tok-admin', user: admin },
    { type: 'session.logout' },
    (snapshot) => {
      const token = invokeInput<{ token: string }>(snapshot, sessionEvents.invokeId('loadUser'))?.token;
      if (token === undefined) return null;
      const user = usersByToken[token];
      return user
        ? { type: sessionEvents.done('loadUser'), output: user }
        : { type: sessionEvents.error('loadUser'), error: new ApiError(401, { message: 'Unauthenticated.' }, 'Errore generico') };
    },
    { type: sessionEvents.error('loadUser'), error: new TypeError('Failed to fetch') },
  ],
});

// --- shop ------------------------------------------------------------------------------------

export const webapp: Webapp = {
  categories: [{ id: 1, name: 'Pizze classiche', sorting: 1, visibility: true, additions_enabled: true }],
  products: [
    {
      id: 10,
      category_id: 1,
      name: 'Margherita',
      description: 'Pomodoro, mozzarella, basilico',
      image_url: null,
      price: 6.5,
      visibility: true,
      is_upsell: false,
      allow_variants: 0,
      note: null,
      variants: [{ id: 1, name: 'Integrale', price_modifier: 1 }],
      additions: [],
      category: { id: 1, name: 'Pizze classiche', additions_enabled: true },
    },
  ],
  zones: [{ id: 3, name: 'Centro storico' }],
  closed: true,
  client_message: 'Oggi apriamo alle 18:30',
  settings: {
    shop_name: 'Pizzeria da Totò',
    shop_address: 'Via Roma 1, Napoli',
    shop_phone_1: '081 000 0000',
    shop_phone_2: '',
    shop_legal_line: 'P.IVA 00000000000',
    ecommerce_variants: 'yes',
    opening_time: '18:30',
    last_slot_time: '22:45',
    homepage_field_1: 'Benvenuti',
    homepage_field_2: '',
    homepage_field_3: '',
    homepage_field_4: '',
    homepage_field_5: '',
    homepage_field_6: '',
    homepage_field_7: '',
    homepage_field_8: '',
    homepage_field_9: '',
    homepage_field_10: '',
  },
};

const shopEvents = internalEvents(shopMachine);
export const shopEntry = defineEntry({
  name: 'shop',
  machine: shopMachine,
  events: [
    { type: 'shop.refresh' },
    { type: shopEvents.done('loadWebapp'), output: webapp },
    { type: shopEvents.error('loadWebapp'), error: new ApiError(503, { message: 'Servizio non disponibile' }, 'Errore generico') },
  ],
});

// --- blog ------------------------------------------------------------------------------------

/** 23 posts, newest first: three pages (10, 10, 3), as GET /api/v1/blog/posts pages them. */
export const blogPosts: Post[] = Array.from({ length: 23 }, (_, i) => {
  const id = 23 - i;
  return {
    id,
    slug: `notizia-${id}`,
    title: `Notizia ${id}`,
    description: `Novità numero ${id} dalla pizzeria`,
    image_url: id % 2 ? null : `/images/blog/${id}.jpg`,
    published_at: new Date(Date.UTC(2025, 0, id, 12)).toISOString(),
    content: `<p>Testo della notizia ${id}</p>`,
  };
});

const summary = ({ content: _content, ...post }: Post): PostSummary => post;

/** What the server answers for ?page=N (server/blog/routes.ts: a page past the last one is empty). */
export function postPage(page: number, posts: readonly Post[] = blogPosts): PostPage {
  const lastPage = Math.max(1, Math.ceil(posts.length / POSTS_PER_PAGE));
  const data = page > lastPage ? [] : posts.slice((page - 1) * POSTS_PER_PAGE, page * POSTS_PER_PAGE).map(summary);
  return { data, meta: { current_page: page, last_page: lastPage, per_page: POSTS_PER_PAGE, total: posts.length } };
}

const blogEvents = internalEvents(blogMachine);
export const blogEntry = defineEntry({
  name: 'blog',
  machine: blogMachine,
  events: [
    // The list page sends page.load for the page its URL names: in range, or past the end (an old link).
    { type: 'page.load', page: 1 },
    { type: 'page.load', page: 3 },
    { type: 'page.load', page: 99 },
    { type: 'page.next' },
    { type: 'page.previous' },
    { type: 'post.load', id: 23 },
    { type: 'post.load', id: 404 },
    (snapshot) => {
      const input = invokeInput<{ page: number }>(snapshot, blogEvents.invokeId('loadPage'));
      return input && { type: blogEvents.done('loadPage'), output: postPage(input.page) };
    },
    { type: blogEvents.error('loadPage'), error: new TypeError('Failed to fetch') },
    (snapshot) => {
      const input = invokeInput<{ id: number }>(snapshot, blogEvents.invokeId('loadPost'));
      if (!input) return null;
      const post = blogPosts.find((p) => p.id === input.id);
      return post
        ? { type: blogEvents.done('loadPost'), output: post }
        : { type: blogEvents.error('loadPost'), error: new ApiError(404, { message: 'Articolo non trovato.' }, 'Errore generico') };
    },
  ],
});

/** All machines under path coverage. */
export const machineRegistry: readonly MachineEntry<any>[] = [
  toastEntry,
  cookieConsentEntry,
  pageReloadEntry,
  sessionEntry,
  shopEntry,
  blogEntry,
];
