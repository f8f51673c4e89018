import { expect } from 'vitest';
import { blogPostMachine, connectBlogPost, type BlogPostEvent, type PostLookup } from '../../machines/blogPost.machine';
import { posts } from '../mocks/fixtures';
import { describePathCoverage, replayEntryPath } from './expectCoverage';
import { internalEvents } from './pathCoverage';
import { blogPostEntry } from './registry';

const { done: doneOf, error: errorOf } = internalEvents(blogPostMachine);

describePathCoverage('blog post machine: path coverage', blogPostEntry, async (path) => {
  const result = await replayEntryPath(blogPostEntry, path, {
    assertInvariant: (snapshot, { step, invocations }) => {
      const sent: BlogPostEvent[] = [];
      const view = connectBlogPost(snapshot, (event) => sent.push(event));
      const { id, post } = snapshot.context;
      // Only the post the URL names is ever shown, and the tab is titled with it.
      if (post) expect(post).toEqual(posts.find((p) => p.id === id));
      expect(view.pageTitle).toBe(post?.title ?? 'Notizie');
      // One of: the post, 'Articolo non trovato', the loading line, a failure with retry.
      expect(view.title).toBe(post ? post.title : snapshot.matches('missing') ? 'Articolo non trovato' : null);
      expect(view.loadingMessage).toBe(snapshot.matches('loading') ? 'Caricamento in corso...' : null);
      if (snapshot.matches('loading')) expect(invocations.at(-1)).toMatchObject({ input: { id }, outcome: 'pending' });
      if (step.event.type === doneOf('loadPost') && !(step.event as { output: PostLookup }).output.found)
        expect(snapshot.matches('missing')).toBe(true);
      if (step.event.type === errorOf('loadPost')) {
        expect(view.failure?.message).toBe("Non è stato possibile caricare l'articolo.");
        view.failure!.retryButton.onPress();
        expect(sent).toEqual([{ type: 'post.retry' }]);
      }
    },
  });
  // No request for a post rendered into the page, nor for one the page says is missing, nor for an id no post can have.
  const input = path.input!;
  const impossible = !Number.isInteger(input.id) || input.id < 1;
  if (input.primed || input.primedMissing || impossible) expect(result.invocations).toEqual([]);
  if (impossible || input.primedMissing) expect(result.snapshots[0]!.matches('missing')).toBe(true);
});
