import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { blogMachine, POSTS_PER_PAGE, type Post, type PostPage } from '../../machines/blog.machine';
import { expectFullCoverage } from './expectCoverage';
import { generatePaths, replayPath } from './pathCoverage';
import { blogEntry, blogPosts, postPage } from './registry';

const paths = generatePaths(blogMachine, blogEntry);

function fakes() {
  const scrollToTop = vi.fn();
  return { scrollToTop, machine: blogMachine.provide({ actions: { scrollToTop } }) };
}

describe('blog machine: path coverage', () => {
  it('reaches every state node and takes every transition', async () => {
    await expectFullCoverage(blogMachine, paths);
  });

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_description, path) => {
    const { scrollToTop, machine } = fakes();
    let arrows = 0;
    await replayPath(machine, path, {
      assertInvariant: (snapshot, { step, invocations }) => {
        const { posts, currentPage, totalPages, total, pageSize, selectedPost } = snapshot.context;
        expect(pageSize).toBe(POSTS_PER_PAGE);
        expect(posts.length).toBeLessThanOrEqual(pageSize);
        expect(totalPages).toBe(Math.max(1, Math.ceil(total / pageSize)));
        expect(currentPage).toBeGreaterThanOrEqual(1);
        if (snapshot.matches('loadingPage')) {
          // Asks the server for the page that was requested.
          expect(invocations.at(-1)).toMatchObject({
            src: 'loadPage',
            input: { page: snapshot.context.requestedPage },
            outcome: 'pending',
          });
        }
        // The pager always reads "Pagina N di M" with 1 ≤ N ≤ M, loading or not.
        expect(currentPage).toBeLessThanOrEqual(totalPages);
        const type = step.event.type;
        if (type === 'xstate.error.actor.0.blog.loadingPage') {
          // A failed list shows an empty blog: page 1 of 1, nothing in it.
          expect(snapshot.value).toBe('list');
          expect({ posts, currentPage, totalPages, total }).toEqual({ posts: [], currentPage: 1, totalPages: 1, total: 0 });
        }
        // A loaded page shows its posts; a page past the end asks for the last page instead.
        if (type === 'xstate.done.actor.0.blog.loadingPage') {
          if (snapshot.matches('list')) expect(posts).toEqual(postPage(currentPage).data);
          else expect(snapshot.context.requestedPage).toBe(postPage(1).meta.last_page);
        }
        // The arrows move one page and scroll to the top; nothing else scrolls.
        if (type === 'page.next' || type === 'page.previous') arrows++;
        expect(scrollToTop).toHaveBeenCalledTimes(arrows);
        // One post at a time: the one that was asked for, never a previous one while loading or missing.
        // (Going back to the list keeps it in context; the list screen does not show it.)
        if (snapshot.matches('post')) {
          const asked = invocations.filter((i) => i.src === 'loadPost').at(-1)!.input as { id: number };
          expect(selectedPost).toEqual(blogPosts.find((p) => p.id === asked.id));
        }
        if (snapshot.matches('loadingPost') || snapshot.matches('postMissing')) expect(selectedPost).toBeNull();
        if (snapshot.matches('postMissing')) expect(type).toBe('xstate.error.actor.0.blog.loadingPost');
      },
    });
  });
});

describe('blog machine: pager', () => {
  const withServer = (respond: (page: number) => PostPage | Promise<PostPage>) => {
    const { machine, scrollToTop } = fakes();
    const blog = createActor(
      machine.provide({
        actors: {
          loadPage: fromPromise<PostPage, { page: number }>(async ({ input }) => respond(input.page)),
          loadPost: fromPromise<Post, { id: number }>(async () => blogPosts[0]!),
        },
      }),
    ).start();
    return { blog, scrollToTop };
  };

  it('enables the arrows from the machine: no previous on page 1, no next on the last page', async () => {
    const { blog, scrollToTop } = withServer((page) => postPage(page));
    blog.send({ type: 'page.load', page: 1 });
    await vi.waitFor(() => expect(blog.getSnapshot().value).toBe('list'));
    expect(blog.getSnapshot().can({ type: 'page.previous' })).toBe(false);
    expect(blog.getSnapshot().can({ type: 'page.next' })).toBe(true);
    blog.send({ type: 'page.load', page: 3 });
    await vi.waitFor(() => expect(blog.getSnapshot().value).toBe('list'));
    expect(blog.getSnapshot().context).toMatchObject({ currentPage: 3, totalPages: 3, total: 23 });
    expect(blog.getSnapshot().context.posts).toHaveLength(3);
    expect(blog.getSnapshot().can({ type: 'page.next' })).toBe(false);
    blog.send({ type: 'page.next' });
    expect(blog.getSnapshot().value).toBe('list');
    expect(scrollToTop).not.toHaveBeenCalled();
  });

  it('reads a nonsense page number from the URL as page 1', async () => {
    const asked: number[] = [];
    const { blog } = withServer((page) => (asked.push(page), postPage(page)));
    blog.send({ type: 'page.load', page: Number.NaN });
    blog.send({ type: 'page.load', page: -4 });
    blog.send({ type: 'page.load', page: 0.5 });
    await vi.waitFor(() => expect(blog.getSnapshot().value).toBe('list'));
    expect(asked).toEqual([1, 1, 1]);
  });

  it('a page past the last one (old link, posts removed) shows the last page instead', async () => {
    const asked: number[] = [];
    const { blog } = withServer((page) => (asked.push(page), postPage(page)));
    blog.send({ type: 'page.load', page: 99 });
    await vi.waitFor(() => expect(blog.getSnapshot().value).toBe('list'));
    expect(asked).toEqual([99, 3]);
    expect(blog.getSnapshot().context).toMatchObject({ currentPage: 3, requestedPage: 3, totalPages: 3, total: 23 });
    expect(blog.getSnapshot().context.posts).toHaveLength(3);
    expect(blog.getSnapshot().can({ type: 'page.next' })).toBe(false);
  });

  it('keeps showing the current page while the next one loads (no "Pagina 3 di 1")', () => {
    const { blog } = withServer(() => new Promise<PostPage>(() => {}));
    blog.send({ type: 'page.load', page: 3 });
    expect(blog.getSnapshot().value).toBe('loadingPage');
    expect(blog.getSnapshot().context).toMatchObject({ currentPage: 1, requestedPage: 3, totalPages: 1 });
  });
});
