/**
 * The document's head after client navigations (issue 31): the same title, description and canonical
 * link the server writes for each public page (src/domain/pageMeta.ts), so history, tabs and a crawler
 * that runs the page agree with the first answer.
 */
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { featuredPost, settings } from '../mocks/fixtures';
import { renderApp } from './render';

const description = () => document.querySelector('meta[name="description"]')?.getAttribute('content');
const canonical = () => document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;

beforeEach(() => {
  // The head the server sent with the first page (the home page's).
  document.head.innerHTML =
    '<title>Pizzeria Da Romolo</title><meta name="description" content="Home"><link rel="canonical" href="https://romolo.example/">';
});

describe('the head follows the page', () => {
  it("the menu's title and description, then a post's own, with the canonical link on the server's address", async () => {
    const { user } = renderApp('/ecommerce');
    await waitFor(() => expect(document.title).toBe(`Menu — ${settings.shop_name}, pizza a domicilio a Roma`));
    expect(description()).toMatch(/^Il menu di Pizzeria Da Romolo con i prezzi/);
    expect(canonical()).toBe('https://romolo.example/ecommerce');

    await user.click((await screen.findAllByRole('link', { name: 'Notizie' }))[0]!);
    await user.click(await screen.findByRole('link', { name: featuredPost.title }));
    await waitFor(() => expect(document.title).toBe(`${featuredPost.title} — ${settings.shop_name}`));
    expect(description()).toBe(featuredPost.description);
    expect(canonical()).toBe(`https://romolo.example/blog/${featuredPost.id}/${featuredPost.slug}`);
  });

  it('a static page has its own title', async () => {
    renderApp('/ecommerce/privacy-policy');
    await waitFor(() => expect(document.title).toBe(`Privacy policy — ${settings.shop_name}`));
    expect(description()).toBe(`Come ${settings.shop_name} tratta i dati personali di chi ordina online.`);
  });
});
