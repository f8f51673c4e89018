/** SPEC §2 Blog routes: the paginated list, a post and the way back, in a real browser. */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, VIEWPORTS, expectNoA11yViolations, url, useBrowser } from './browser';

const LONG_ITALIAN_DATE = /^(lunedì|martedì|mercoledì|giovedì|venerdì|sabato|domenica) \d{1,2} [a-z]+ \d{4}$/;
/** A seeded post whose stored body carries a <script> (server/db/seed-data.ts): it must never reach the page. */
const SCRIPTED_SLUG = 'il-suppli-perfetto-secondo-nonna-lina';

interface PostSummary {
  id: number;
  slug: string;
  title: string;
  published_at: string;
}
interface PostPage {
  data: PostSummary[];
  meta: { current_page: number; last_page: number; per_page: number; total: number };
}

async function apiPage(n: number): Promise<PostPage> {
  const response = await fetch(url(`/api/v1/blog/posts?page=${n}`));
  expect(response.status).toBe(200);
  return (await response.json()) as PostPage;
}

function romeLongDate(iso: string): string {
  return new Intl.DateTimeFormat('it-IT', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Rome',
  }).format(new Date(iso));
}

const pagerLabel = (page: Page) => page.locator('.pager__label').textContent();
// The arrows are links to their pages (aria-disabled, and no href, when there is none).
const previous = (page: Page) => page.getByRole('link', { name: 'Pagina precedente' });
const next = (page: Page) => page.getByRole('link', { name: 'Pagina successiva' });
const cardTitles = (page: Page) => page.locator('.post-grid article.post-card .post-card__title').allTextContents();
const pageParam = (page: Page) => new URL(page.url()).searchParams.get('page');
/** Polling on a CPU slowed 8×: the page needs longer than the default second to settle. */
const SLOW = { timeout: 15_000 };

describe('blog', () => {
  const browser = useBrowser();

  it('pages forward to the last page with the next arrow and back to page 1 with the previous one', async () => {
    const first = await apiPage(1);
    const last = first.meta.last_page;
    expect(last, 'the seed needs more than one page of posts').toBeGreaterThan(1);

    const { page } = await browser.open({ viewport: PHONE });
    await page.goto(url('/blog'));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Ultime notizie');
    await expect.poll(() => pagerLabel(page)).toBe(`Pagina 1 di ${last}`);
    await expect.poll(() => cardTitles(page)).toEqual(first.data.map((p) => p.title));
    expect(await previous(page).isDisabled()).toBe(true);
    expect(await next(page).isEnabled()).toBe(true);

    for (let n = 2; n <= last; n++) {
      // The arrows bring the visitor back to the top of the list.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      await next(page).click();
      await expect.poll(() => pagerLabel(page)).toBe(`Pagina ${n} di ${last}`);
      await expect.poll(() => pageParam(page)).toBe(String(n));
      const expected = await apiPage(n);
      await expect.poll(() => cardTitles(page)).toEqual(expected.data.map((p) => p.title));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      expect(await previous(page).isEnabled()).toBe(true);
    }
    expect(await next(page).isDisabled()).toBe(true);

    for (let n = last - 1; n >= 1; n--) {
      await previous(page).click();
      await expect.poll(() => pagerLabel(page)).toBe(`Pagina ${n} di ${last}`);
      // Page 1 is the default: its URL may drop the parameter.
      await expect.poll(() => pageParam(page)).toBe(n === 1 ? null : String(n));
    }
    await expect.poll(() => cardTitles(page)).toEqual(first.data.map((p) => p.title));
    expect(await previous(page).isDisabled()).toBe(true);
    expect(await next(page).isEnabled()).toBe(true);
  });

  it('opens the page named in the URL (?page=N) and follows the browser back button', async () => {
    const first = await apiPage(1);
    const last = first.meta.last_page;
    const { page } = await browser.open({ viewport: DESKTOP });
    await page.goto(url(`/blog?page=${last}`));
    await expect.poll(() => pagerLabel(page)).toBe(`Pagina ${last} di ${last}`);
    expect(await next(page).isDisabled()).toBe(true);
    await page.goto(url('/blog'));
    await expect.poll(() => pagerLabel(page)).toBe(`Pagina 1 di ${last}`);
    await page.goBack();
    await expect.poll(() => pagerLabel(page)).toBe(`Pagina ${last} di ${last}`);
  });

  it('after the next arrow, Back shows page 1 again and Forward page 2, also on a slow phone', async () => {
    const last = (await apiPage(1)).meta.last_page;
    const { page } = await browser.open({ viewport: PHONE });
    // A slow CPU lets Back arrive before React has painted the arrow's URL (CI caught that once).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
    await page.goto(url('/blog'));
    await expect.poll(() => pagerLabel(page), SLOW).toBe(`Pagina 1 di ${last}`);
    await next(page).click();
    await expect.poll(() => pageParam(page), SLOW).toBe('2');

    await page.goBack();
    await expect.poll(() => pagerLabel(page), SLOW).toBe(`Pagina 1 di ${last}`);
    await expect.poll(() => pageParam(page), SLOW).toBeNull();
    await page.goForward();
    await expect.poll(() => pagerLabel(page), SLOW).toBe(`Pagina 2 di ${last}`);
    await expect.poll(() => pageParam(page), SLOW).toBe('2');
  });

  it('an outage while paging keeps ?page=2 in the URL, so a reload afterwards shows page 2', async () => {
    const last = (await apiPage(1)).meta.last_page;
    const second = await apiPage(2);
    const { page, allowErrors } = await browser.open({ viewport: DESKTOP });
    // Chromium logs the failed request: provoked on purpose.
    allowErrors(/status of 503/);
    await page.goto(url('/blog'));
    await expect.poll(() => pagerLabel(page)).toBe(`Pagina 1 di ${last}`);

    await page.route('**/api/v1/blog/posts?page=2', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Servizio non disponibile' }) }),
    );
    await next(page).click();
    await page.getByText('Non è stato possibile caricare le notizie.').waitFor();
    expect(await pagerLabel(page)).toBe('Pagina 1 di 1');
    expect(pageParam(page)).toBe('2');

    await page.unroute('**/api/v1/blog/posts?page=2');
    await page.reload();
    await expect.poll(() => pagerLabel(page)).toBe(`Pagina 2 di ${last}`);
    await expect.poll(() => cardTitles(page)).toEqual(second.data.map((p) => p.title));
    expect(pageParam(page)).toBe('2');
  });

  it('Back and Forward through several arrow clicks always agree with the list', async () => {
    const last = (await apiPage(1)).meta.last_page;
    const { page } = await browser.open({ viewport: PHONE });
    await page.goto(url('/blog'));
    await expect.poll(() => pagerLabel(page)).toBe(`Pagina 1 di ${last}`);
    // History: page 1, 2, 1, 2 — all made by the arrows.
    for (const [arrow, shown] of [
      [next, 2],
      [previous, 1],
      [next, 2],
    ] as const) {
      await arrow(page).click();
      await expect.poll(() => pagerLabel(page)).toBe(`Pagina ${shown} di ${last}`);
    }
    for (const [move, shown] of [
      ['back', 1],
      ['back', 2],
      ['forward', 1],
      ['back', 2],
      ['back', 1],
      ['forward', 2],
    ] as const) {
      await (move === 'back' ? page.goBack() : page.goForward());
      await expect.poll(() => pagerLabel(page)).toBe(`Pagina ${shown} di ${last}`);
      expect(pageParam(page)).toBe(shown === 1 ? null : String(shown));
      await expect.poll(async () => (await cardTitles(page))[0]).toBe((await apiPage(shown)).data[0]!.title);
    }
  });

  it('a page number that does not exist in the URL is replaced by the page shown', async () => {
    const last = (await apiPage(1)).meta.last_page;
    const { page } = await browser.open({ viewport: DESKTOP });
    for (const [asked, shown] of [
      ['-3', 1],
      ['abc', 1],
      ['999', last],
    ] as const) {
      await page.goto(url(`/blog?page=${asked}`));
      await expect.poll(() => pagerLabel(page)).toBe(`Pagina ${shown} di ${last}`);
      await expect.poll(() => pageParam(page)).toBe(shown === 1 ? null : String(shown));
    }
  });

  it("shows a post: title, sanitised HTML body, 'Pubblicato il:' with a long Italian date, and 'Torna all'elenco'", async () => {
    const summary = (await apiPage(1)).data.find((p) => p.slug === SCRIPTED_SLUG);
    expect(summary, `${SCRIPTED_SLUG} should be on the first page`).toBeDefined();
    const { page } = await browser.open({ viewport: DESKTOP });
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });

    await page.goto(url('/blog'));
    await page.getByRole('link', { name: summary!.title, exact: true }).click();
    await page.waitForURL((u) => u.pathname === `/blog/${summary!.id}/${summary!.slug}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(summary!.title);

    // The date line: 'Pubblicato il:' then the long Italian date (Europe/Rome).
    const dateLine = page.locator('.post__date');
    const text = ((await dateLine.textContent()) ?? '').replace(/\s+/g, ' ').trim();
    expect(text.startsWith('Pubblicato il:')).toBe(true);
    const date = text.slice('Pubblicato il:'.length).trim();
    expect(date).toMatch(LONG_ITALIAN_DATE);
    expect(date).toBe(romeLongDate(summary!.published_at));

    // The HTML body is rendered as HTML, and without the script the stored post carried.
    const body = page.locator('.post__body');
    expect(await body.locator('p').count()).toBeGreaterThan(1);
    expect(await body.locator('em').count()).toBeGreaterThan(0);
    expect(await body.locator('script').count()).toBe(0);
    expect(await body.innerHTML()).not.toMatch(/<script/i);
    expect(await body.textContent()).not.toContain('alert(1)');
    expect(await page.locator('main script').count()).toBe(0);
    expect(dialogs).toEqual([]);

    await page.getByRole('link', { name: "Torna all'elenco" }).click();
    await page.waitForURL((u) => u.pathname === '/blog');
    await expect.poll(() => pagerLabel(page)).toMatch(/^Pagina 1 di \d+$/);
  });

  it("shows 'Articolo non trovato' for a post that does not exist", async () => {
    const { page, allowErrors } = await browser.open({ viewport: PHONE });
    // The browser logs the API's 404 for the missing post: provoked on purpose.
    allowErrors(/status of 404/);
    await page.goto(url('/blog/999999/non-esiste'));
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Articolo non trovato');
    expect(await page.getByRole('link', { name: "Torna all'elenco" }).isVisible()).toBe(true);
  });

  describe.each(VIEWPORTS)('on $name', ({ name, viewport }) => {
    it('the list passes axe', async () => {
      const { page } = await browser.open({ viewport });
      await page.goto(url('/blog'));
      await expect.poll(() => page.locator('.post-grid article.post-card').count()).toBeGreaterThan(0);
      await page.waitForLoadState('networkidle');
      await expectNoA11yViolations(page, `blog list (${name})`);
    });

    it('a post passes axe', async () => {
      const { data } = await apiPage(1);
      // One with an image and one without, between the two viewports.
      const post = name === 'phone' ? data.find((p) => p.slug === SCRIPTED_SLUG)! : data[0]!;
      const { page } = await browser.open({ viewport });
      await page.goto(url(`/blog/${post.id}/${post.slug}`));
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(post.title);
      await page.waitForLoadState('networkidle');
      await expectNoA11yViolations(page, `blog post ${post.slug} (${name})`);
    });
  });
});
