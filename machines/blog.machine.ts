import { assign, fromPromise, setup } from 'xstate';
import type { components } from '../openapi/schema';

export type PostSummary = components['schemas']['PostSummary'];
export type Post = components['schemas']['Post'];
export type PostPage = components['schemas']['PostPage'];

export const POSTS_PER_PAGE = 10;

export interface BlogContext {
  posts: PostSummary[];
  /** the page on screen: it changes only when its posts have arrived */
  currentPage: number;
  /** the page being asked for */
  requestedPage: number;
  pageSize: number;
  totalPages: number;
  total: number;
  selectedPost: Post | null;
}

export type BlogEvent =
  { type: 'page.load'; page: number } | { type: 'page.next' } | { type: 'page.previous' } | { type: 'post.load'; id: number };

/** A failed list shows as an empty blog: page 1 of 1, nothing in it. */
const EMPTY_PAGE = { posts: [], currentPage: 1, requestedPage: 1, pageSize: POSTS_PER_PAGE, totalPages: 1, total: 0 };

/** The news: pages of ten posts with previous/next, and one post at a time. */
export const blogMachine = setup({
  types: {
    context: {} as BlogContext,
    events: {} as BlogEvent,
  },
  actors: {
    loadPage: fromPromise<PostPage, { page: number }>(async () => {
      throw new Error('loadPage not provided');
    }),
    loadPost: fromPromise<Post, { id: number }>(async () => {
      throw new Error('loadPost not provided');
    }),
  },
  guards: {
    hasNextPage: ({ context }) => context.currentPage < context.totalPages,
    hasPreviousPage: ({ context }) => context.currentPage > 1,
    /** a page past the end (an old link, posts removed since): show the last one instead */
    isPastLastPage: ({ event }) => {
      const meta = (event as unknown as { output: PostPage }).output.meta;
      return meta.current_page > Math.max(1, meta.last_page);
    },
  },
  actions: {
    scrollToTop: () => {
      throw new Error('scrollToTop not provided');
    },
    clearSelectedPost: assign({ selectedPost: null }),
  },
}).createMachine({
  id: 'blog',
  context: { ...EMPTY_PAGE, selectedPost: null },
  initial: 'idle',
  on: {
    'page.load': { target: '.loadingPage', actions: assign({ requestedPage: ({ event }) => Math.max(1, Math.floor(event.page) || 1) }) },
    'post.load': { target: '.loadingPost', actions: 'clearSelectedPost' },
  },
  states: {
    idle: {},
    loadingPage: {
      invoke: {
        src: 'loadPage',
        input: ({ context }) => ({ page: context.requestedPage }),
        onDone: [
          {
            guard: 'isPastLastPage',
            target: 'loadingPage',
            reenter: true,
            actions: assign({ requestedPage: ({ event }) => Math.max(1, event.output.meta.last_page) }),
          },
          {
            target: 'list',
            actions: assign(({ event }) => ({
              posts: event.output.data,
              currentPage: event.output.meta.current_page,
              requestedPage: event.output.meta.current_page,
              pageSize: event.output.meta.per_page,
              totalPages: Math.max(1, event.output.meta.last_page),
              total: event.output.meta.total,
            })),
          },
        ],
        onError: { target: 'list', actions: assign(EMPTY_PAGE) },
      },
    },
    list: {
      on: {
        'page.next': {
          guard: 'hasNextPage',
          target: 'loadingPage',
          actions: [assign({ requestedPage: ({ context }) => context.currentPage + 1 }), 'scrollToTop'],
        },
        'page.previous': {
          guard: 'hasPreviousPage',
          target: 'loadingPage',
          actions: [assign({ requestedPage: ({ context }) => context.currentPage - 1 }), 'scrollToTop'],
        },
      },
    },
    loadingPost: {
      invoke: {
        src: 'loadPost',
        input: ({ event }) => ({ id: (event as Extract<BlogEvent, { type: 'post.load' }>).id }),
        onDone: { target: 'post', actions: assign({ selectedPost: ({ event }) => event.output }) },
        onError: { target: 'postMissing' },
      },
    },
    post: {},
    postMissing: {},
  },
});
