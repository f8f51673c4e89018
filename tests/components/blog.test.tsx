import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { featuredPost, postPage, posts } from '../mocks/fixtures';
import { http, server, serverError } from '../mocks/handlers';
import { renderApp } from './render';

// The arrows are links to their pages; a disabled one says so and leads nowhere.
const previous = () => screen.getByRole('link', { name: 'Pagina precedente' });
const next = () => screen.getByRole('link', { name: 'Pagina successiva' });
const isDisabled = (arrow: HTMLElement) => arrow.getAttribute('aria-disabled') === 'true' && !arrow.hasAttribute('href');
const cardTitles = () => screen.getAllByRole('article').map((card) => within(card).getByRole('link').textContent);

describe('blog list', () => {
  it("shows 'Ultime notizie', page 1 of 3 with ten posts, and no way back from page 1", async () => {
    renderApp('/blog');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ultime notizie' })).toBeTruthy();
    expect(await screen.findByText('Pagina 1 di 3')).toBeTruthy();

    expect(cardTitles()).toEqual(posts.slice(0, 10).map((p) => p.title));
    const first = screen.getByRole('link', { name: featuredPost.title });
    expect(first.getAttribute('href')).toBe(`/blog/${featuredPost.id}/${featuredPost.slug}`);
    expect(isDisabled(previous())).toBe(true);
    expect(next().getAttribute('href')).toBe('/blog?page=2');
  });

  it('moves to the next page, scrolling to the top, and disables next on the last page', async () => {
    const { user, location } = renderApp('/blog');
    await screen.findByText('Pagina 1 di 3');
    const scrolls = vi.mocked(window.scrollTo).mock.calls.length;

    await user.click(next());
    expect(await screen.findByText('Pagina 2 di 3')).toBeTruthy();
    expect(location().search).toBe('?page=2');
    expect(window.scrollTo).toHaveBeenCalledTimes(scrolls + 1);
    expect(cardTitles()).toEqual(posts.slice(10, 20).map((p) => p.title));
    expect(previous().getAttribute('href')).toBe('/blog');

    await user.click(next());
    expect(await screen.findByText('Pagina 3 di 3')).toBeTruthy();
    expect(window.scrollTo).toHaveBeenCalledTimes(scrolls + 2);
    expect(cardTitles()).toEqual(posts.slice(20).map((p) => p.title));
    expect(isDisabled(next())).toBe(true);
    expect(previous().getAttribute('href')).toBe('/blog?page=2');

    await user.click(previous());
    expect(await screen.findByText('Pagina 2 di 3')).toBeTruthy();
    expect(window.scrollTo).toHaveBeenCalledTimes(scrolls + 3);
  });

  it('opens the page named in the URL', async () => {
    renderApp('/blog?page=3');
    expect(await screen.findByText('Pagina 3 di 3')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(isDisabled(next())).toBe(true);
    expect(isDisabled(previous())).toBe(false);
  });

  it.each([
    ['?page=-3', ''],
    ['?page=abc', ''],
    ['?page=1', ''],
    ['?page=02', '?page=2'],
  ])('writes %s as the page it names (%s)', async (search, corrected) => {
    const { location } = renderApp(`/blog${search}`);
    await waitFor(() => expect(location().search).toBe(corrected));
    expect(await screen.findByText(`Pagina ${corrected ? 2 : 1} di 3`)).toBeTruthy();
  });

  it('shows the last page for a page past the end (an old link)', async () => {
    const { location } = renderApp('/blog?page=9');
    expect(await screen.findByText('Pagina 3 di 3')).toBeTruthy();
    expect(cardTitles()).toEqual(posts.slice(20).map((p) => p.title));
    expect(screen.queryByText('Nessuna notizia per ora.')).toBeNull();
    expect(isDisabled(next())).toBe(true);
    await waitFor(() => expect(location().search).toBe('?page=3'));
  });

  it('shows an empty page 1 of 1 and the red toast when the posts fail with a 500, keeping ?page=2 for a reload', async () => {
    let failing = true;
    server.use(
      http.get('/api/v1/blog/posts', ({ query, response }) =>
        failing
          ? response.untyped(serverError('Il server delle notizie non risponde.'))
          : response(200).json(postPage(Number(query.get('page')))),
      ),
    );
    const { user, location } = renderApp('/blog?page=2');

    const alert = await screen.findByRole('alert');
    expect(await within(alert).findByText('Il server delle notizie non risponde.')).toBeTruthy();
    expect(alert.querySelector('.toast--error')).not.toBeNull();
    expect(await screen.findByText('Non è stato possibile caricare le notizie.')).toBeTruthy();
    expect(screen.queryByText('Nessuna notizia per ora.')).toBeNull();
    expect(screen.getByText('Pagina 1 di 1')).toBeTruthy();
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    expect(isDisabled(previous())).toBe(true);
    expect(isDisabled(next())).toBe(true);
    expect(location().search).toBe('?page=2');

    // The server is back: Riprova loads the page the URL still names.
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(await screen.findByText('Pagina 2 di 3')).toBeTruthy();
    expect(cardTitles()).toEqual(posts.slice(10, 20).map((p) => p.title));
  });

  it('shows the page the server rendered into the HTML without asking for it again', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/v1/blog/posts', ({ request, response }) => {
        asked.push(new URL(request.url).search);
        return response(200).json(postPage(1));
      }),
    );
    renderApp('/blog?page=2', { initialData: { '/api/v1/blog/posts?page=2': postPage(2) } });
    expect(await screen.findByText('Pagina 2 di 3')).toBeTruthy();
    expect(cardTitles()).toEqual(posts.slice(10, 20).map((p) => p.title));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toEqual([]);
  });
});

describe('blog post', () => {
  it("shows 'Caricamento in corso...' until the post arrives, then its title, HTML body and Italian date", async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('/api/v1/blog/posts/{id}', async ({ response }) => {
        await answered;
        return response(200).json({ data: featuredPost });
      }),
    );
    renderApp(`/blog/${featuredPost.id}/${featuredPost.slug}`);

    // The post page is there (its way back already offered) while the post itself is on its way.
    const back = await screen.findByRole('link', { name: "Torna all'elenco" });
    expect(back.getAttribute('href')).toBe('/blog');
    expect(within(screen.getByRole('article')).getByRole('status').textContent).toBe('Caricamento in corso...');
    expect(screen.queryByText('Pubblicato il:')).toBeNull();
    answer();

    expect(await screen.findByRole('heading', { level: 1, name: featuredPost.title })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    const article = screen.getByRole('article');
    // the body is rendered as HTML, not shown as markup
    expect(within(article).getByRole('heading', { level: 2, name: 'Perché la pinsa' })).toBeTruthy();
    expect(
      within(article)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['impasto con farina di riso e soia', '72 ore di lievitazione']);
    expect(within(article).getByText('pinsa ai fiori di zucca').tagName).toBe('STRONG');
    expect(article.textContent).not.toContain('<strong>');

    const published = screen.getByText('Pubblicato il:');
    expect(published.textContent).toBe('Pubblicato il: sabato 14 marzo 2026');
    expect(within(published).getByText('sabato 14 marzo 2026').getAttribute('datetime')).toBe('2026-03-14T10:00:00.000Z');
    expect(screen.getByRole('link', { name: "Torna all'elenco" }).getAttribute('href')).toBe('/blog');
  });

  it("goes back to the list with 'Torna all'elenco'", async () => {
    const { user, location } = renderApp(`/blog/${featuredPost.id}/${featuredPost.slug}`);
    await screen.findByRole('heading', { level: 1, name: featuredPost.title });

    await user.click(screen.getByRole('link', { name: "Torna all'elenco" }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ultime notizie' })).toBeTruthy();
    expect(location().pathname).toBe('/blog');
  });

  it("says 'Articolo non trovato' for a deleted post and for an id no post can have, asking nothing for the latter", async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/v1/blog/posts/{id}', ({ params, response }) => {
        asked.push(String(params.id));
        return response(404).json({ code: 'not_found', message: 'Articolo non trovato.' });
      }),
    );
    renderApp('/blog/999/vecchio-articolo');
    expect(await screen.findByRole('heading', { level: 1, name: 'Articolo non trovato' })).toBeTruthy();
    cleanup();
    renderApp('/blog/abc/nessuno');
    expect(await screen.findByRole('heading', { level: 1, name: 'Articolo non trovato' })).toBeTruthy();
    expect(asked).toEqual(['999']);
  });
});
