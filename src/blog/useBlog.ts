import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { blogListMachine } from '../../machines/blogList.machine';
import { createBlogListActors, primedBlogPage } from '../api/blogActors';
import { useApiActors, useInitialData, useScreenActor } from '../actors/AppActors';
import { blogPageHref } from '../domain';

/** The list screen's correction of its URL: replaced in place, so Back never leads to a page that isn't there. */
export function useReplacePageInUrl(): (page: number) => void {
  const navigate = useNavigate();
  return (page) => void navigate(blogPageHref(page), { replace: true });
}

/**
 * A news-list actor for the page the URL names. The URL owns the page: a new URL reaches the machine
 * as `page.changed`, and the machine's one correction (a page past the end) replaces the URL.
 */
export function useBlogList(page: number, showPage: (page: number) => void = () => {}): ActorRefFrom<typeof blogListMachine> {
  const actors = useApiActors(createBlogListActors);
  const initialData = useInitialData();
  const blog = useScreenActor(blogListMachine.provide({ actors, actions: { showPage: (_, shown) => showPage(shown.page) } }), {
    input: { page, primed: primedBlogPage(initialData, page) },
  });
  useEffect(() => blog.send({ type: 'page.changed', page }), [blog, page]);
  return blog;
}
