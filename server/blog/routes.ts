import type { FastifyPluginAsync } from 'fastify';
import { defineRoute } from '../http/contract';
import type { Services } from '../services';
import { POSTS_PER_PAGE } from './blog.service';

export const blogRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const { blog } = services;

  defineRoute(app, 'listPosts', { access: 'public' }, async (request) => {
    const page = request.query.page ?? 1;
    const { posts, total, lastPage } = await blog.page(page);
    return { data: posts, meta: { current_page: page, last_page: lastPage, per_page: POSTS_PER_PAGE, total } };
  });

  defineRoute(app, 'getPost', { access: 'public' }, async (request) => ({ data: await blog.post(request.params.id) }));
};
