/**
 * What search engines and link previews read (issue 31): the head the server writes stays true once
 * the page runs, and client navigations give each page its own title, description and canonical link.
 */
import { describe, expect, it } from 'vitest';
import { PHONE, url, useBrowser } from './browser';

describe('the document head in a browser', () => {
  const browser = useBrowser();

  it("the menu keeps the server's title and structured data; a post reached by links gets its own head", async () => {
    const { page } = await browser.open({ viewport: PHONE });
    await page.goto(url('/ecommerce'));
    await page.getByRole('heading', { level: 1, name: 'Menu' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.title()).toBe('Menu — Pizzeria Da Romolo, pizza a domicilio a Roma');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/^https?:\/\/[^/]+\/ecommerce$/);
    const restaurant = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(restaurant).toMatchObject({ '@type': 'Restaurant', name: 'Pizzeria Da Romolo', servesCuisine: 'Pizza' });
    expect(restaurant.hasMenu.hasMenuSection.length).toBeGreaterThan(0);

    await page.goto(url('/blog'));
    const first = page.locator('.post-grid article.post-card h2 a').first();
    const title = (await first.textContent())!.trim();
    await first.click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await expect.poll(() => page.title()).toBe(`${title} — Pizzeria Da Romolo`);
    const path = new URL(page.url()).pathname;
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(new RegExp(`${path}$`));
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description).not.toMatch(/^Novità, ricette/);
    expect(description!.length).toBeGreaterThan(20);
  });
});
