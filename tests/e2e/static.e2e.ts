/** Static files of the real build: missing ones are 404s, and a tab that outlived its chunks recovers. */
import { describe, expect, it } from 'vitest';
import { DESKTOP, hydrated, url, useBrowser } from './browser';

describe('static files', () => {
  const browser = useBrowser();

  it('a missing asset is a plain 404, never the page', async () => {
    const { page } = await browser.open();
    const response = await page.request.get(url('/assets/missing.js'));
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers()['cache-control']).toBe('no-store');
    expect(await response.text()).not.toContain('<html');

    for (const file of ['/favicon.ico', '/robots.txt', '/manifest.webmanifest']) {
      expect((await page.request.get(url(file))).status(), file).toBe(200);
    }
  });

  it('a tab whose blog chunk vanished after a deploy reloads once and then shows the blog', async () => {
    const { page, allowErrors } = await browser.open({ viewport: DESKTOP });
    await page.goto(url('/'));
    // A tab that has been open: the app runs (before hydration the link is a plain page load).
    await hydrated(page);

    allowErrors(/404|dynamically imported module/);
    // The deploy: the blog chunk this page knows by name is gone from the server (its real 404);
    // the reloaded page names the new one.
    const gone = await page.request.get(url('/assets/BlogPages-gone.js'));
    let deployed = false;
    await page.route('**/assets/BlogPages-*.js', (route) => {
      if (deployed) return route.continue();
      deployed = true;
      return route.fulfill({ response: gone });
    });
    let loads = 0;
    page.on('load', () => (loads += 1));

    await page.getByRole('navigation', { name: 'Principale' }).getByRole('link', { name: 'Notizie' }).click();
    // The reloaded blog comes rendered by the server: its heading reads before the page's load event.
    await expect.poll(() => loads).toBe(1);
    await page.getByRole('heading', { level: 1, name: 'Ultime notizie' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/blog');
    expect(loads).toBe(1);
  });
});

describe('content security policy', () => {
  const browser = useBrowser();

  it.each(['/', '/blog', '/ecommerce/domande-frequenti'])('%s runs under script-src self with no violation', async (path) => {
    const { page } = await browser.open({ viewport: DESKTOP });
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const response = await page.goto(url(path));
    const policy = response!.headers()['content-security-policy'] ?? '';
    expect(policy).toMatch(/script-src 'self'(;|$)/);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  });
});
