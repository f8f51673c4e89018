import { fromPromise } from 'xstate';
import type { Post, PostPage } from '../../machines/blog.machine';
import type { User } from '../../machines/session.machine';
import type { Webapp } from '../../machines/shop.machine';
import { unwrap, type ApiClient } from './client';

/** The real I/O behind the machines' named actors, given to them with `machine.provide()`. */
export function createApiActors(api: ApiClient) {
  return {
    loadWebapp: fromPromise<Webapp>(async () => unwrap(await api.GET('/api/v1/ecommerce/webapp'))),
    loadPage: fromPromise<PostPage, { page: number }>(async ({ input }) =>
      unwrap(await api.GET('/api/v1/blog/posts', { params: { query: { page: input.page } } })),
    ),
    loadPost: fromPromise<Post, { id: number }>(
      async ({ input }) => unwrap(await api.GET('/api/v1/blog/posts/{id}', { params: { path: { id: input.id } } })).data,
    ),
    loadUser: fromPromise<User, { token: string }>(async () => unwrap(await api.GET('/api/user'))),
  };
}

export type ApiActors = ReturnType<typeof createApiActors>;
