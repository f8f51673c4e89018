import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { featuredPost, posts } from '../mocks/fixtures';
import { http, server, serverError } from '../mocks/handlers';
import { renderApp } from './render';

const previous = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Pagina precedente' });
const next = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Pagina successiva' });
const cardTitles = () => screen.getAllByRole('article').map((card) => within(card).getByRole('link').textContent);

describe('blog list', () => {
  it("shows 'Ultime notizie', page 1 of 3 with ten posts, and no way back from page 1", async () => {
    renderApp('/blog');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ultime notizie' })).toBeTruthy();
    expect(await screen.findByText('Pagina 1 di 3')).toBeTruthy();

    expect(cardTitles()).toEqual(posts.slice(0, 10).map((p) => p.title));
    const first = screen.getByRole('link', { name: featuredPost.title });
    expect(first.getAttribute('href')).toBe(`/blog/${featuredPost.id}/${featuredPost.slug}`);
    expect(previous().disabled).toBe(true);
    expect(next().disabled).toBe(false);
  });

  it('moves to the next page, scrolling to the top, and disables next on the last page', async () => {
    const { user, effects, router } = renderApp('/blog');
    await screen.findByText('Pagina 1 di 3');

    await user.click(next());
    expect(await screen.findByText('Pagina 2 di 3')).toBeTruthy();
    expect(effects.scrollToTop).toHaveBeenCalledTimes(1);
    expect(cardTitles()).toEqual(posts.slice(10, 20).map((p) => p.title));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    expect(previous().disabled).toBe(false);

    await user.click(next());
    expect(await screen.findByText('Pagina 3 di 3')).toBeTruthy();
    expect(effects.scrollToTop).toHaveBeenCalledTimes(2);
    expect(cardTitles()).toEqual(posts.slice(20).map((p) => p.title));
    expect(next().disabled).toBe(true);
    expect(previous().disabled).toBe(false);

    await user.click(previous());
    expect(await screen.findByText('Pagina 2 di 3')).toBeTruthy();
    expect(effects.scrollToTop).toHaveBeenCalledTimes(3);
  });

  it('opens the page named in the URL', async () => {
    renderApp('/blog?page=3');
    expect(await screen.findByText('Pagina 3 di 3')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(next().disabled).toBe(true);
    expect(previous().disabled).toBe(false);
  });

  it('shows the last page for a page past the end (an old link)', async () => {
    const { router } = renderApp('/blog?page=9');
    expect(await screen.findByText('Pagina 3 di 3')).toBeTruthy();
    expect(cardTitles()).toEqual(posts.slice(20).map((p) => p.title));
    expect(screen.queryByText('Nessuna notizia per ora.')).toBeNull();
    expect(next().disabled).toBe(true);
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'));
  });

  it('shows an empty page 1 of 1 and the red toast when the posts fail with a 500', async () => {
    server.use(http.get('/api/v1/blog/posts', ({ response }) => response.untyped(serverError('Il server delle notizie non risponde.'))));
    renderApp('/blog');

    const alert = await screen.findByRole('alert');
    expect(await within(alert).findByText('Il server delle notizie non risponde.')).toBeTruthy();
    expect(alert.querySelector('.toast--error')).not.toBeNull();
    expect(await screen.findByText('Nessuna notizia per ora.')).toBeTruthy();
    expect(screen.getByText('Pagina 1 di 1')).toBeTruthy();
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    expect(previous().disabled).toBe(true);
    expect(next().disabled).toBe(true);
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
    const { user, router } = renderApp(`/blog/${featuredPost.id}/${featuredPost.slug}`);
    await screen.findByRole('heading', { level: 1, name: featuredPost.title });

    await user.click(screen.getByRole('link', { name: "Torna all'elenco" }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ultime notizie' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/blog');
  });
});
