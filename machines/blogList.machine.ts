import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { components } from '../openapi/schema';

export type PostSummary = components['schemas']['PostSummary'];
export type PostPage = components['schemas']['PostPage'];

export const POSTS_PER_PAGE = 10;

export interface BlogListInput {
  /** the page the URL names (already a whole number ≥ 1) */
  page: number;
  /** that page as the server rendered it into the HTML, when it did: no request for the first screen */
  primed?: PostPage | null;
}

export interface BlogListContext {
  /** the page the URL names: the one being loaded or shown */
  requestedPage: number;
  /** the page on screen: it changes only when its posts have arrived */
  currentPage: number;
  posts: PostSummary[];
  totalPages: number;
  total: number;
}

export type BlogListEvent = { type: 'page.changed'; page: number } | { type: 'page.retry' };

/** A failed list shows as an empty blog: page 1 of 1, nothing in it (SPEC §8). */
const EMPTY_LIST = { posts: [], currentPage: 1, totalPages: 1, total: 0 };

const lastPageOf = (page: PostPage) => Math.max(1, page.meta.last_page);
const isPastLastPage = (page: PostPage) => page.meta.current_page > lastPageOf(page);
const shownPage = (page: PostPage) => ({
  posts: page.data,
  currentPage: page.meta.current_page,
  totalPages: lastPageOf(page),
  total: page.meta.total,
});

/**
 * The news list for the page the URL names. The URL owns the page: the arrows are links, and a new
 * URL arrives as `page.changed`. The machine only loads; when the URL names a page past the end (an
 * old link, posts removed since) it shows the last page and asks for the URL to be corrected through
 * `showPage`, never on an error.
 */
export const blogListMachine = setup({
  types: {
    input: {} as BlogListInput,
    context: {} as BlogListContext & { primed: PostPage | null },
    events: {} as BlogListEvent,
    tags: {} as 'loading' | 'failed',
  },
  actors: {
    loadPage: fromPromise<PostPage, { page: number }>(async () => {
      throw new Error('loadPage not provided');
    }),
  },
  guards: {
    hasPrimedPage: ({ context }) =>
      context.primed !== null && context.primed.meta.current_page === context.requestedPage && !isPastLastPage(context.primed),
    isPastLastPage: (_, page: PostPage) => isPastLastPage(page),
    isAnotherPage: ({ context, event }) => {
      assertEvent(event, 'page.changed');
      return event.page !== context.requestedPage;
    },
  },
  actions: {
    /** Replace the URL's page with the one shown (provided by the view: the router owns the URL). */
    showPage: (_, _params: { page: number }) => {
      throw new Error('showPage not provided');
    },
  },
}).createMachine({
  id: 'blogList',
  context: ({ input }) => ({ ...EMPTY_LIST, requestedPage: input.page, primed: input.primed ?? null }),
  initial: 'starting',
  on: {
    'page.changed': {
      guard: 'isAnotherPage',
      target: '.loading',
      reenter: true,
      actions: assign({ requestedPage: ({ event }) => event.page }),
    },
  },
  states: {
    starting: {
      always: [
        {
          guard: 'hasPrimedPage',
          target: 'ready',
          actions: assign(({ context }) => ({ ...shownPage(context.primed!), primed: null })),
        },
        { target: 'loading', actions: assign({ primed: null }) },
      ],
    },
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ page: context.requestedPage }),
        onDone: [
          {
            guard: { type: 'isPastLastPage', params: ({ event }) => event.output },
            target: 'loading',
            reenter: true,
            actions: [
              assign({ requestedPage: ({ event }) => lastPageOf(event.output) }),
              { type: 'showPage', params: ({ event }) => ({ page: lastPageOf(event.output) }) },
            ],
          },
          { target: 'ready', actions: assign(({ event }) => shownPage(event.output)) },
        ],
        onError: { target: 'failed', actions: assign(EMPTY_LIST) },
      },
    },
    ready: {},
    failed: {
      tags: ['failed'],
      on: { 'page.retry': 'loading' },
    },
  },
});

export type BlogListSnapshot = SnapshotFrom<typeof blogListMachine>;

/** What the list screen shows and the handlers it calls; pure, so path tests assert it at every step. */
export function connectBlogList(snapshot: BlogListSnapshot, send: (event: BlogListEvent) => void) {
  const { posts, currentPage, totalPages } = snapshot.context;
  const isLoading = snapshot.hasTag('loading');
  const isFailed = snapshot.hasTag('failed');
  return {
    posts,
    isLoading,
    pageLabel: `Pagina ${currentPage} di ${totalPages}`,
    /** the page the arrows lead to, null when the arrow is disabled */
    previousPage: currentPage > 1 ? currentPage - 1 : null,
    nextPage: currentPage < totalPages ? currentPage + 1 : null,
    emptyMessage: !isLoading && !isFailed && posts.length === 0 ? 'Nessuna notizia per ora.' : null,
    failure: isFailed
      ? { message: 'Non è stato possibile caricare le notizie.', retryButton: { onPress: () => send({ type: 'page.retry' }) } }
      : null,
  };
}

export type BlogListView = ReturnType<typeof connectBlogList>;
