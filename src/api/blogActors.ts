import { fromPromise } from 'xstate';
import type { blogListMachine, PostPage } from '../../machines/blogList.machine';
import type { BlogPostInput, blogPostMachine, Post, PostLookup } from '../../machines/blogPost.machine';
import { answer, unwrap, type ApiClient } from './client';
import { initialPaths, type InitialData } from './initialData';
import type { ActorsOf } from './machineActors';

/** GET /api/v1/blog/posts?page=N for the news list. */
export function createBlogListActors(api: ApiClient) {
  return {
    loadPage: fromPromise<PostPage, { page: number }>(async ({ input }) =>
      unwrap(await api.GET('/api/v1/blog/posts', { params: { query: { page: input.page } } })),
    ),
  } satisfies ActorsOf<typeof blogListMachine>;
}

/** GET /api/v1/blog/posts/{id}: a 404 is the answer "no such post", not a failure. */
export function createBlogPostActors(api: ApiClient) {
  return {
    loadPost: fromPromise<PostLookup, { id: number }>(async ({ input }) => {
      const found = answer(await api.GET('/api/v1/blog/posts/{id}', { params: { path: { id: input.id } } }), [404], () => null);
      return found ? { found: true, post: found.data } : { found: false };
    }),
  } satisfies ActorsOf<typeof blogPostMachine>;
}

export const primedBlogPage = (initial: InitialData, page: number) => initial.get<PostPage>(initialPaths.blogPage(page));

/** The post the page came with, or the server's word that there is none. */
export function primedBlogPost(initial: InitialData, id: number): Pick<BlogPostInput, 'primed' | 'primedMissing'> {
  const path = initialPaths.blogPost(id);
  return { primed: initial.get<{ data: Post }>(path)?.data ?? null, primedMissing: initial.isMissing(path) };
}
