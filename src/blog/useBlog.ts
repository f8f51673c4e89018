import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { blogMachine } from '../../machines/blog.machine';
import { useAppActors } from '../app/AppActors';

type BlogActor = ActorRefFrom<typeof blogMachine>;

/** A blog actor for one screen, wired to the API and to the window's scroll. */
export function useBlog(): BlogActor {
  const { io, effects } = useAppActors();
  return useActorRef(
    blogMachine.provide({
      actors: { loadPage: io.loadPage, loadPost: io.loadPost },
      actions: { scrollToTop: () => effects.scrollToTop() },
    }),
  );
}

export const isLoadingPage = (snapshot: SnapshotFrom<typeof blogMachine>) => snapshot.matches('idle') || snapshot.matches('loadingPage');

const pageFromParam = (param: string | null) => Math.max(1, Number.parseInt(param ?? '1', 10) || 1);

/**
 * Keeps ?page=N and the blog machine in step. The URL leads when it moves (first visit, links,
 * Back/Forward); the machine leads when it moves (the arrows) or shows another page than the URL
 * named (?page=999, ?page=-3), and then the URL follows. `urlPage` is the page the URL last named.
 */
export function useBlogPageInUrl(blog: BlogActor): void {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const pageParam = params.get('page');
  const requested = pageFromParam(pageParam);
  const settledPage = useSelector(blog, (s) => (isLoadingPage(s) ? null : s.context.currentPage));
  const urlPage = useRef<number | null>(null);

  // Back/Forward: the browser's URL is read as it changes, because React may skip rendering an
  // arrow's URL when Back comes quickly, and the render after Back then looks like nothing moved.
  useEffect(() => {
    const followHistory = () => {
      if (window.location.pathname !== pathname) return; // leaving the list: nothing to load
      const page = pageFromParam(new URLSearchParams(window.location.search).get('page'));
      urlPage.current = page;
      blog.send({ type: 'page.load', page });
    };
    window.addEventListener('popstate', followHistory);
    return () => window.removeEventListener('popstate', followHistory);
  }, [blog, pathname]);

  useEffect(() => {
    const snapshot = blog.getSnapshot();
    if (requested !== urlPage.current) {
      urlPage.current = requested;
      if (snapshot.matches('idle') || snapshot.context.requestedPage !== requested) blog.send({ type: 'page.load', page: requested });
      return;
    }
    if (settledPage === null) return;
    const shownParam = settledPage === 1 ? null : String(settledPage);
    if (pageParam === shownParam) return;
    // A URL that named no such page is corrected in place, so Back never leads to it again.
    const namedNoPage = settledPage === requested || requested > snapshot.context.totalPages;
    urlPage.current = settledPage;
    setParams(shownParam ? { page: shownParam } : {}, { replace: namedNoPage });
  }, [blog, requested, pageParam, settledPage, setParams]);
}
