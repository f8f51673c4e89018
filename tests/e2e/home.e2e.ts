/** SPEC §2 Homepage, Header and footer: the home page in a real browser against the real server. */
import { describe, expect, it } from 'vitest';
import { seedData } from '../../server/db/seed-data';
import { servedZoneNames } from '../mocks/fixtures';
import { DESKTOP, PHONE, VIEWPORTS, expectNoA11yViolations, url, useBrowser, worstTextContrast } from './browser';

const HIDDEN_ZONE = 'Zona non riconosciuta';

interface Webapp {
  zones: { id: number; name: string }[];
  settings: { shop_name: string };
}

async function webapp(): Promise<Webapp> {
  const response = await fetch(url('/api/v1/ecommerce/webapp'));
  expect(response.status).toBe(200);
  return (await response.json()) as Webapp;
}

describe('home page', () => {
  const browser = useBrowser();

  it('shows the shop name, the served zones sorted without the hidden one, and the 3 latest posts', async () => {
    const data = await webapp();
    const { page } = await browser.open({ viewport: DESKTOP });
    await page.goto(url('/'));

    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(data.settings.shop_name);

    // The seeded zones (which include the hidden one), sorted by name, without it.
    expect(seedData.zones).toContain(HIDDEN_ZONE);
    const expected = servedZoneNames;
    await expect.poll(() => page.locator('section.zones li').allTextContents()).toEqual(expected);
    expect(await page.getByRole('heading', { name: 'Zone servite con consegna a domicilio:' }).isVisible()).toBe(true);
    expect(await page.getByText(HIDDEN_ZONE).count()).toBe(0);

    const news = page.locator('section.latest-news');
    await expect.poll(() => news.locator('article.post-card').count()).toBe(3);
    // The most recent three, newest first, as the API lists them.
    const apiPage = (await (await fetch(url('/api/v1/blog/posts?page=1'))).json()) as {
      data: { id: number; slug: string; title: string }[];
    };
    const latest = apiPage.data.slice(0, 3);
    const links = news.locator('article.post-card h3 a');
    expect(await links.allTextContents()).toEqual(latest.map((p) => p.title));
    expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(latest.map((p) => `/blog/${p.id}/${p.slug}`));
  });

  it('sorts and filters the zones itself, whatever order the API sends them in', async () => {
    const { page } = await browser.open({ viewport: PHONE });
    // The server already sorts and filters: hand the page a shuffled list that still has the hidden zone.
    await page.route('**/api/v1/ecommerce/webapp', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Webapp;
      body.zones = [...body.zones].reverse();
      body.zones.splice(1, 0, { id: 999, name: HIDDEN_ZONE });
      await route.fulfill({ response, json: body });
    });
    await page.goto(url('/'));
    const expected = servedZoneNames;
    await expect.poll(() => page.locator('section.zones li').allTextContents()).toEqual(expected);
    expect(await page.getByText(HIDDEN_ZONE).count()).toBe(0);
  });

  it('opens each of the 3 latest posts from its card link', async () => {
    const { page } = await browser.open({ viewport: DESKTOP });
    await page.goto(url('/'));
    const links = page.locator('section.latest-news article.post-card h3 a');
    await expect.poll(() => links.count()).toBe(3);
    const cards = await links.evaluateAll((as) => as.map((a) => ({ title: a.textContent ?? '', href: a.getAttribute('href') ?? '' })));

    for (const card of cards) {
      await page.goto(url('/'));
      await page.getByRole('link', { name: card.title, exact: true }).click();
      await page.waitForURL((u) => u.pathname === card.href);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(card.title);
      expect(await page.getByText('Pubblicato il:').isVisible()).toBe(true);
    }
  });

  it("'Ordina' leads to /ecommerce", async () => {
    const { page } = await browser.open({ viewport: PHONE });
    await page.goto(url('/'));
    // The first render is a transition after the load event: wait for it as a person would.
    await page.getByRole('heading', { name: 'Consegna a domicilio gratuita' }).waitFor({ state: 'visible' });
    await page.getByRole('link', { name: 'Ordina', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/ecommerce');
    expect(new URL(page.url()).pathname).toBe('/ecommerce');
  });

  describe.each(VIEWPORTS)('on $name', ({ name, viewport }) => {
    it('passes axe', async () => {
      const { page } = await browser.open({ viewport });
      await page.goto(url('/'));
      // Everything loaded: settings texts, zones and posts (with their images).
      await expect.poll(() => page.locator('section.latest-news article.post-card').count()).toBe(3);
      await expect.poll(() => page.locator('section.zones li').count()).toBeGreaterThan(0);
      await page.waitForLoadState('networkidle');
      await expectNoA11yViolations(page, `home (${name})`);
    });

    // axe cannot judge text over a gradient ("needs review"): measure the painted pixels instead.
    it('keeps the white hero text readable over the whole gradient (WCAG 1.4.3)', async () => {
      const { page } = await browser.open({ viewport });
      await page.goto(url('/'));
      const hero = page.locator('section.hero');
      await expect.poll(() => hero.getByRole('heading', { level: 1 }).textContent()).not.toBe('Pizzeria');
      // The shop name is large text (3:1); the selling points are body text (4.5:1).
      expect(await worstTextContrast(hero.getByRole('heading', { level: 1 }))).toBeGreaterThanOrEqual(3);
      const points = hero.locator('.selling-points li');
      expect(await points.count()).toBe(3);
      for (const point of await points.all()) {
        expect(await worstTextContrast(point)).toBeGreaterThanOrEqual(4.5);
      }
    });

    it(name === 'phone' ? 'shows the phone tabs, not the desktop nav' : 'shows the desktop nav, not the phone tabs', async () => {
      const { page } = await browser.open({ viewport });
      await page.goto(url('/'));
      const tabs = page.getByRole('navigation', { name: 'Schede' });
      const nav = page.getByRole('navigation', { name: 'Principale' });
      await tabs.waitFor({ state: name === 'phone' ? 'visible' : 'hidden' });
      await nav.waitFor({ state: name === 'phone' ? 'hidden' : 'visible' });
      expect(await tabs.isVisible()).toBe(name === 'phone');
      expect(await nav.isVisible()).toBe(name === 'desktop');

      if (name === 'phone') {
        // SPEC: Home, Notizie, Menu, Carrello, Registrati (logged out); each tab sits inside the viewport.
        expect((await tabs.getByRole('link').allTextContents()).map((t) => t.trim())).toEqual([
          'Home',
          'Notizie',
          'Menu',
          'Carrello',
          'Registrati',
        ]);
        const box = await tabs.boundingBox();
        expect(box && box.y + box.height).toBeLessThanOrEqual(viewport.height + 1);
        await tabs.getByRole('link', { name: 'Notizie' }).click();
        await page.waitForURL((u) => u.pathname === '/blog');
      } else {
        expect((await nav.getByRole('link').allTextContents()).map((t) => t.trim())).toEqual([
          'Home',
          'Menu',
          'Notizie',
          'Accedi',
          'Carrello',
        ]);
        await nav.getByRole('link', { name: 'Notizie' }).click();
        await page.waitForURL((u) => u.pathname === '/blog');
      }
    });
  });
});
