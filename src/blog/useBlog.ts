import { useActorRef } from '@xstate/react';
import { blogMachine } from '../../machines/blog.machine';
import { useAppActors } from '../app/AppActors';

/** A blog actor for one screen, wired to the API and to the window's scroll. */
export function useBlog() {
  const { io, effects } = useAppActors();
  return useActorRef(
    blogMachine.provide({
      actors: { loadPage: io.loadPage, loadPost: io.loadPost },
      actions: { scrollToTop: () => effects.scrollToTop() },
    }),
  );
}
