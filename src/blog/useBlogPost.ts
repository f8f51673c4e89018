import type { ActorRefFrom } from 'xstate';
import { blogPostMachine } from '../../machines/blogPost.machine';
import { createBlogPostActors, primedBlogPost } from '../api/blogActors';
import { useApiActors, useInitialData, useScreenActor } from '../actors/AppActors';

/** A post actor for the id the URL names (another id is another screen: the caller keys it by id). */
export function useBlogPost(id: number): ActorRefFrom<typeof blogPostMachine> {
  const actors = useApiActors(createBlogPostActors);
  const initialData = useInitialData();
  return useScreenActor(blogPostMachine.provide({ actors }), { input: { id, ...primedBlogPost(initialData, id) } });
}
