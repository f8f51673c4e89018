import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { blogListMachine, connectBlogList, POSTS_PER_PAGE, type BlogListEvent, type PostPage } from '../../machines/blogList.machine';
import { postPage, posts } from '../mocks/fixtures';
import { describePathCoverage, replayEntryPath } from './expectCoverage';
import { internalEvents } from './pathCoverage';
import { blogListEntry } from './registry';

const { done: doneOf, error: errorOf } = internalEvents(blogListMachine);
const LAST_PAGE = Math.ceil(posts.length / POSTS_PER_PAGE);

function fakes() {
  const showPage = vi.fn();
  return { showPage, machine: blogListMachine.provide({ actions: { showPage: (_, params) => showPage(params.page) } }) };
}

describePathCoverage('blog list machine: path coverage', blogListEntry, async (path) => {
  const { showPage, machine } = fakes();
  const corrections: number[] = [];
  await replayEntryPath(blogListEntry, path, {
    machine,
    assertInvariant: (snapshot, { index, step, invocations }) => {
      const sent: BlogListEvent[] = [];
      const view = connectBlogList(snapshot, (event) => sent.push(event));
      const { posts: shown, currentPage, totalPages, requestedPage } = snapshot.context;
      // The pager always reads "Pagina N di M" with 1 ≤ N ≤ M, loading or not, and the arrows agree.
      expect(view.pageLabel).toBe(`Pagina ${currentPage} di ${totalPages}`);
      expect(currentPage).toBeGreaterThanOrEqual(1);
      expect(currentPage).toBeLessThanOrEqual(totalPages);
      expect(view.previousPage).toBe(currentPage > 1 ? currentPage - 1 : null);
      expect(view.nextPage).toBe(currentPage < totalPages ? currentPage + 1 : null);
      expect(shown.length).toBeLessThanOrEqual(POSTS_PER_PAGE);
      expect(view.posts).toBe(shown);
      // While loading it asks the server for the page the URL names.
      expect(view.isLoading).toBe(snapshot.matches('loading'));
      if (view.isLoading) expect(invocations.at(-1)).toMatchObject({ src: 'loadPage', input: { page: requestedPage }, outcome: 'pending' });
      const type = step.event.type;
      if (type === doneOf('loadPage')) {
        const answered = (step.event as { output: PostPage }).output;
        if (answered.meta.current_page > answered.meta.last_page) {
          // A page past the end: the last page is loaded instead, and the URL is corrected to it.
          corrections.push(LAST_PAGE);
          expect(requestedPage).toBe(LAST_PAGE);
        } else {
          expect(shown).toEqual(postPage(currentPage).data);
        }
      }
      // A failed list shows an empty blog, page 1 of 1, with a retry — and never touches the URL.
      if (type === errorOf('loadPage')) {
        expect({ shown, currentPage, totalPages }).toEqual({ shown: [], currentPage: 1, totalPages: 1 });
        expect(view.failure?.message).toBe('Non è stato possibile caricare le notizie.');
        view.failure!.retryButton.onPress();
        expect(sent).toEqual([{ type: 'page.retry' }]);
      }
      expect(view.failure !== null).toBe(snapshot.matches('failed'));
      expect(showPage.mock.calls.map(([page]) => page)).toEqual(corrections);
      // "Nessuna notizia per ora." only for a blog that really has no posts (never while loading or failed).
      expect(view.emptyMessage).toBeNull();
      // The page rendered into the HTML is shown at once, without a request.
      if (index === 0 && path.input?.primed) {
        expect(snapshot.matches('ready')).toBe(true);
        expect(invocations).toEqual([]);
      }
    },
  });
});

describe('blog list machine: the URL owns the page', () => {
  const start = (page: number, respond: (page: number) => PostPage | Promise<PostPage>) => {
    const { machine, showPage } = fakes();
    const asked: number[] = [];
    const blog = createActor(
      machine.provide({
        actors: { loadPage: fromPromise<PostPage, { page: number }>(async ({ input }) => (asked.push(input.page), respond(input.page))) },
      }),
      { input: { page } },
    ).start();
    return { blog, showPage, asked };
  };

  it('ignores the URL naming the page it already has', async () => {
    const { blog, asked } = start(2, postPage);
    await vi.waitFor(() => expect(blog.getSnapshot().value).toBe('ready'));
    blog.send({ type: 'page.changed', page: 2 });
    expect(blog.getSnapshot().value).toBe('ready');
    expect(asked).toEqual([2]);
  });

  it('keeps showing the current page while the next one loads (no "Pagina 3 di 1")', async () => {
    let answer: (page: PostPage) => void = () => {};
    const { blog } = start(1, (page) => (page === 1 ? postPage(1) : new Promise<PostPage>((resolve) => (answer = resolve))));
    await vi.waitFor(() => expect(blog.getSnapshot().value).toBe('ready'));
    blog.send({ type: 'page.changed', page: 3 });
    expect(connectBlogList(blog.getSnapshot(), () => {})).toMatchObject({ isLoading: true, pageLabel: `Pagina 1 di ${LAST_PAGE}` });
    answer(postPage(3));
    await vi.waitFor(() => expect(blog.getSnapshot().value).toBe('ready'));
    expect(connectBlogList(blog.getSnapshot(), () => {}).pageLabel).toBe(`Pagina 3 di ${LAST_PAGE}`);
  });

  it('a quick Back while the next page loads shows the earlier page, not the late answer', async () => {
    const answers: Array<() => void> = [];
    const { blog } = start(1, (page) => new Promise<PostPage>((resolve) => answers.push(() => resolve(postPage(page)))));
    answers.shift()!();
    await vi.waitFor(() => expect(blog.getSnapshot().value).toBe('ready'));
    blog.send({ type: 'page.changed', page: 2 });
    blog.send({ type: 'page.changed', page: 1 });
    answers.forEach((resolve) => resolve());
    await vi.waitFor(() => expect(blog.getSnapshot().value).toBe('ready'));
    expect(blog.getSnapshot().context).toMatchObject({ requestedPage: 1, currentPage: 1 });
    expect(blog.getSnapshot().context.posts).toEqual(postPage(1).data);
  });

  it('a server outage on ?page=2 leaves the URL alone, so a reload after it shows page 2 again', async () => {
    const { blog, showPage } = start(2, async () => {
      throw new TypeError('Failed to fetch');
    });
    await vi.waitFor(() => expect(blog.getSnapshot().value).toBe('failed'));
    expect(showPage).not.toHaveBeenCalled();
    expect(blog.getSnapshot().context.requestedPage).toBe(2);
  });

  it('a blog with no posts says so', async () => {
    const { blog } = start(1, async () => ({ data: [], meta: { current_page: 1, last_page: 1, per_page: 10, total: 0 } }));
    await vi.waitFor(() => expect(blog.getSnapshot().value).toBe('ready'));
    expect(connectBlogList(blog.getSnapshot(), () => {}).emptyMessage).toBe('Nessuna notizia per ora.');
  });
});
