import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { components } from '../openapi/schema';
import { isPossibleId } from '../src/domain/ids';

export type Post = components['schemas']['Post'];

/** A missing post (404) is an answer, not a failure: the screen says so. */
export type PostLookup = { found: true; post: Post } | { found: false };

export interface BlogPostInput {
  /** from the URL: NaN or out of range when the URL names no possible post */
  id: number;
  /** the post as the server rendered it into the HTML, when it did */
  primed?: Post | null;
  /** the server answered, with the HTML, that there is no such post */
  primedMissing?: boolean;
}

export type BlogPostEvent = { type: 'post.retry' };

/** One news post, for the id the URL names (a new id is a new screen, so a new actor). */
export const blogPostMachine = setup({
  types: {
    input: {} as BlogPostInput,
    context: {} as { id: number; post: Post | null; knownMissing: boolean },
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
    /** /blog/abc/… or /blog/0/… (no post can have that id), or the server said so with the page: no request */
    isKnownMissing: ({ context }) => context.knownMissing,
    isFound: (_, lookup: PostLookup) => lookup.found,
  },
}).createMachine({
  id: 'blogPost',
  context: ({ input }) => ({
    id: input.id,
    post: input.primed?.id === input.id ? input.primed : null,
    knownMissing: input.primedMissing === true || !isPossibleId(input.id),
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'hasPost', target: 'shown' }, { guard: 'isKnownMissing', target: 'missing' }, { target: 'loading' }],
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
