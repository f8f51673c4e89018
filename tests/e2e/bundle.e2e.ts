/** Issue 31 point 6: the JavaScript a first visit to the home page downloads, as Chromium fetches it. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { gzipSize, HOME_JS_BUDGET } from '../../bench/bundleBudget';
import { hydrated, url, useBrowser } from './browser';

/** The build the server sends (global-setup serves dist/). */
const DIST = path.resolve(import.meta.dirname, '..', '..', 'dist');

describe("the home page's JavaScript", () => {
  const browser = useBrowser();

  it('is at most 120 KB gzip, every script the page loads until it is idle, hydrated', async () => {
    const { page } = await browser.open({ consented: false });
    const scripts = new Set<string>();
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (/^\/assets\/[^/]+\.js$/.test(pathname)) scripts.add(pathname);
    });
    await page.goto(url('/'));
    await hydrated(page);
    await page.waitForLoadState('networkidle');

    const gzip = [...scripts].reduce((sum, script) => sum + gzipSize(fs.readFileSync(path.join(DIST, script))), 0);
    expect(scripts.size).toBeGreaterThan(0);
    expect(gzip, `${[...scripts].join(', ')}: ${(gzip / 1024).toFixed(1)} KB gzip`).toBeLessThanOrEqual(HOME_JS_BUDGET);
  });
});
