/**
 * The news editor over msw (issue 28 point 13): the body is written with a toolbar, not as HTML, and
 * the post's image is uploaded rather than typed; what is saved is the form's HTML.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schemas } from '../../src/api/client';
import { admin } from '../mocks/fixtures';
import { http, server } from '../mocks/handlers';
import { renderApp } from './render';

const porcini: Schemas['AdminNewsPost'] = {
  id: 7,
  version: 2,
  slug: 'porcini',
  title: 'Porcini',
  description: 'Da stasera.',
  content: '<p>Porcini freschi</p>',
  image_url: null,
  published: false,
  published_at: '2026-11-18T16:00:00.000Z',
};

function servePost() {
  const saved: Record<string, unknown>[] = [];
  server.use(
    http.get('/api/v1/admin/news/{id}', ({ response }) => response(200).json({ post: porcini })),
    http.put('/api/v1/admin/news/{id}', async ({ request, response }) => {
      const body = (await request.json()) as Schemas['NewsPostUpdate'];
      saved.push(body);
      return response(200).json({
        message: 'Bozza salvata.',
        post: { ...porcini, ...body, image_url: body.image_url ?? null, version: body.version + 1 },
      });
    }),
  );
  return saved;
}

// jsdom lays nothing out: ProseMirror measures the selection (to scroll to it) with what a browser gives.
beforeAll(() => {
  Range.prototype.getClientRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
});
afterAll(() => {
  delete (Range.prototype as Partial<Range>).getClientRects;
  delete (Range.prototype as Partial<Range>).getBoundingClientRect;
});

const body = () => screen.getByRole('textbox', { name: 'Testo' });

describe('back office: the news editor', () => {
  it('Grassetto makes the selected words bold, and Salva saves them as <strong>', async () => {
    const saved = servePost();
    renderApp('/admin/notizie/7', { user: admin });
    await waitFor(() => expect(body().textContent).toBe('Porcini freschi'));
    const toolbar = screen.getByRole('toolbar', { name: 'Formato: Testo' });
    for (const label of ['Grassetto', 'Corsivo', 'Titolo', 'Sottotitolo', 'Elenco puntato', 'Elenco numerato', 'Collegamento']) {
      expect(within(toolbar).getByRole('button', { name: label }).getAttribute('aria-pressed')).toBe('false');
    }

    // Focused rather than clicked: jsdom has no layout for ProseMirror to place a click in.
    act(() => body().focus());
    await userEvent.keyboard('{Control>}a{/Control}');
    await userEvent.click(within(toolbar).getByRole('button', { name: 'Grassetto' }));
    await waitFor(() => expect(within(toolbar).getByRole('button', { name: 'Grassetto' }).getAttribute('aria-pressed')).toBe('true'));
    expect(body().querySelector('strong')?.textContent).toBe('Porcini freschi');

    await userEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Modifiche salvate.')).toBeTruthy();
    expect(saved).toEqual([expect.objectContaining({ content: '<p><strong>Porcini freschi</strong></p>', version: 2 })]);
  });

  it('Collegamento links the selected words to the address typed; Enter there does not save the post', async () => {
    const saved = servePost();
    renderApp('/admin/notizie/7', { user: admin });
    await waitFor(() => expect(body().textContent).toBe('Porcini freschi'));
    act(() => body().focus());
    await userEvent.keyboard('{Control>}a{/Control}');
    await userEvent.click(screen.getByRole('button', { name: 'Collegamento' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Indirizzo del collegamento' }), 'https://www.example.com/porcini{Enter}');
    await waitFor(() => expect(body().querySelector('a')?.getAttribute('href')).toBe('https://www.example.com/porcini'));
    expect(screen.queryByRole('textbox', { name: 'Indirizzo del collegamento' })).toBeNull();
    expect(saved).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Modifiche salvate.')).toBeTruthy();
    expect(saved[0]!.content).toMatch(/^<p><a [^>]*href="https:\/\/www\.example\.com\/porcini"[^>]*>Porcini freschi<\/a><\/p>$/);
  });

  it('the toolbar is reached with Tab and walked with the arrows; Tab again reaches the text', async () => {
    servePost();
    renderApp('/admin/notizie/7', { user: admin });
    await waitFor(() => expect(body().textContent).toBe('Porcini freschi'));
    act(() => screen.getByRole('textbox', { name: 'Descrizione' }).focus());
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Grassetto' }));
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Corsivo' }));
    await userEvent.tab();
    expect(document.activeElement).toBe(body());
  });

  it('uploads the image instead of typing its address, shows it, and removes it', async () => {
    const saved = servePost();
    const STORED = '/media/products/3f2a9c0d1e2b3c4d5e6f7a8b-800.webp';
    server.use(
      http.post('/api/v1/admin/images', ({ response }) =>
        response(201).json({ message: 'Immagine caricata.', image_url: STORED.replace('-800', '-264'), large_url: STORED }),
      ),
    );
    renderApp('/admin/notizie/7', { user: admin });
    const image = await screen.findByRole('group', { name: 'Immagine' });
    expect(within(image).queryByRole('textbox')).toBeNull();
    const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    await userEvent.upload(
      image.querySelector('input[type="file"]') as HTMLInputElement,
      new File([PNG], 'porcini.png', { type: 'image/png' }),
    );
    expect(await within(image).findByText('Immagine caricata.')).toBeTruthy();
    expect(within(image).getByRole('img', { name: 'Anteprima dell’immagine' }).getAttribute('src')).toBe(STORED);

    await userEvent.click(within(image).getByRole('button', { name: 'Rimuovi immagine' }));
    expect(within(image).queryByRole('img')).toBeNull();
    await userEvent.upload(
      image.querySelector('input[type="file"]') as HTMLInputElement,
      new File([PNG], 'porcini.png', { type: 'image/png' }),
    );
    await within(image).findByRole('img', { name: 'Anteprima dell’immagine' });
    await userEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Modifiche salvate.')).toBeTruthy();
    expect(saved).toEqual([expect.objectContaining({ image_url: STORED })]);
  });
});
