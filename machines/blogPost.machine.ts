import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { components } from '../openapi/schema';

export type Post = components['schemas']['Post'];

/** A missing post (404) is an answer, not a failure: the screen says so. */
export type PostLookup = { found: true; post: Post } | { found: false };

export interface BlogPostInput {
  /** from the URL: NaN or out of range when the URL names no possible post */
  id: number;
  /** the post as the server rendered it into the HTML, when it did */
  primed?: Post | null;
}

/** Ids are 32-bit in the contract. */
const MAX_POST_ID = 2 ** 31 - 1;

export type BlogPostEvent = { type: 'post.retry' };

/** One news post, for the id the URL names (a new id is a new screen, so a new actor). */
export const blogPostMachine = setup({
  types: {
    input: {} as BlogPostInput,
    context: {} as { id: number; post: Post | null },
    events: {} as BlogPostEvent,
    tags: {} as 'loading',
  },
  actors: {
    loadPost: fromPromise<PostLookup, { id: number }>(async () => {
      throw new Error('loadPost not provided');
    }),
  },
  guards: {
    hasPost: ({ context }) => context.post !== null,
    /** /blog/abc/… or /blog/0/…: no post can have that id, so no request */
    isImpossibleId: ({ context }) => !Number.isInteger(context.id) || context.id < 1 || context.id > MAX_POST_ID,
    isFound: (_, lookup: PostLookup) => lookup.found,
  },
}).createMachine({
  id: 'blogPost',
  context: ({ input }) => ({ id: input.id, post: input.primed?.id === input.id ? input.primed : null }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'hasPost', target: 'shown' }, { guard: 'isImpossibleId', target: 'missing' }, { target: 'loading' }],
    },
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadPost',
        src: 'loadPost',
        input: ({ context }) => ({ id: context.id }),
        onDone: [
          {
            guard: { type: 'isFound', params: ({ event }) => event.output },
            target: 'shown',
            actions: assign({ post: ({ event }) => (event.output.found ? event.output.post : null) }),
          },
          { target: 'missing' },
        ],
        onError: { target: 'failed' },
      },
    },
    shown: { type: 'final' },
    missing: { type: 'final' },
    failed: {
      on: { 'post.retry': 'loading' },
    },
  },
});

export type BlogPostSnapshot = SnapshotFrom<typeof blogPostMachine>;

/** What the post screen shows: the post, 'Articolo non trovato', a failure with retry, or the loading line. */
export function connectBlogPost(snapshot: BlogPostSnapshot, send: (event: BlogPostEvent) => void) {
  const { post } = snapshot.context;
  return {
    post,
    title: post?.title ?? (snapshot.matches('missing') ? 'Articolo non trovato' : null),
    pageTitle: post?.title ?? 'Notizie',
    isLoading: snapshot.hasTag('loading'),
    loadingMessage: snapshot.hasTag('loading') ? 'Caricamento in corso...' : null,
    failure: snapshot.matches('failed')
      ? { message: "Non è stato possibile caricare l'articolo.", retryButton: { onPress: () => send({ type: 'post.retry' }) } }
      : null,
  };
}

export type BlogPostView = ReturnType<typeof connectBlogPost>;
