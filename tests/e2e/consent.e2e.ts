/** SPEC §4 Cookie consent: banner, refusal overlay, acceptance remembered, leaving the site, keyboard. */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CONSENT_KEY, DESKTOP, PHONE, VIEWPORTS, expectNoA11yViolations, url, useBrowser } from './browser';

const banner = (page: Page) => page.getByRole('region', { name: 'Cookie' });
const overlay = (page: Page) => page.getByRole('dialog', { name: 'Serve il tuo consenso' });
const storedConsent = (page: Page) => page.evaluate((key) => window.localStorage.getItem(key), CONSENT_KEY);

/** Opens the home page as a first-time visitor and waits for the banner; returns the HTML the server sent. */
async function firstVisit(page: Page): Promise<string> {
  const response = await page.goto(url('/'));
  await banner(page).waitFor({ state: 'visible' });
  return response!.text();
}

/** The banner's heading as the server's HTML spells it. */
const BANNER_HTML = '<h2 id="cookie-banner-title">Cookie</h2>';

describe('cookie consent', () => {
  const browser = useBrowser();

  describe.each(VIEWPORTS)('on $name', ({ name, viewport }) => {
    it('shows the banner on the first visit, with Rifiuta and Accetta, and it passes axe', async () => {
      const { page } = await browser.open({ viewport, consented: false });
      // In the server's HTML already: it paints before any JavaScript.
      expect(await firstVisit(page)).toContain(BANNER_HTML);
      expect(await storedConsent(page)).toBeNull();
      expect(await banner(page).getByRole('button', { name: 'Rifiuta' }).isVisible()).toBe(true);
      expect(await banner(page).getByRole('button', { name: 'Accetta' }).isVisible()).toBe(true);
      expect(await banner(page).getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe('/ecommerce/privacy-policy');
      // The banner sits inside the viewport (above the phone tabs on a phone).
      const box = (await banner(page).boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
      if (name === 'phone') {
        const tabs = (await page.getByRole('navigation', { name: 'Schede' }).boundingBox())!;
        expect(box.y + box.height).toBeLessThanOrEqual(tabs.y);
      }
      await page.waitForLoadState('networkidle');
      await expectNoA11yViolations(page, `home with the cookie banner (${name})`);
    });
  });

  it("'Rifiuta' covers the page with a dialog that blocks it until 'Accetta'; a reload then shows no banner", async () => {
    const { page } = await browser.open({ viewport: DESKTOP, consented: false });
    await firstVisit(page);
    await banner(page).getByRole('button', { name: 'Rifiuta' }).click();

    const dialog = overlay(page);
    await dialog.waitFor({ state: 'visible' });
    expect(await banner(page).count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Accetta' }).isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Chiudi pagina' }).isVisible()).toBe(true);
    expect(await storedConsent(page)).toBeNull();

    // The overlay covers the whole viewport…
    const cover = (await page.locator('.consent-overlay').boundingBox())!;
    expect(cover).toMatchObject({ x: 0, y: 0, width: DESKTOP.width, height: DESKTOP.height });
    // …so a real click on a header link lands on the overlay and goes nowhere.
    const link = page.getByRole('navigation', { name: 'Principale' }).getByRole('link', { name: 'Notizie', includeHidden: true });
    const target = (await link.boundingBox())!;
    const x = target.x + target.width / 2;
    const y = target.y + target.height / 2;
    expect(await page.evaluate(([px, py]) => document.elementFromPoint(px!, py!)?.closest('a')?.textContent ?? null, [x, y])).toBeNull();
    await page.mouse.click(x, y);
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await dialog.isVisible()).toBe(true);

    // Neither Escape nor Tab gets out of it: focus stays inside the dialog.
    await page.keyboard.press('Escape');
    expect(await dialog.isVisible()).toBe(true);
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
    }

    await page.waitForLoadState('networkidle');
    await expectNoA11yViolations(page, 'consent overlay (desktop)');

    await dialog.getByRole('button', { name: 'Accetta' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await storedConsent(page)).toBe('true');
    // The page is usable again.
    await link.click();
    await page.waitForURL((u) => u.pathname === '/blog');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Ultime notizie' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await banner(page).count()).toBe(0);
    expect(await overlay(page).count()).toBe(0);
    expect(await storedConsent(page)).toBe('true');
  });

  it("'Accetta' on the banner removes it and remembers the choice", async () => {
    const { page } = await browser.open({ viewport: PHONE, consented: false });
    await firstVisit(page);
    await banner(page).getByRole('button', { name: 'Accetta' }).click();
    await banner(page).waitFor({ state: 'detached' });
    expect(await storedConsent(page)).toBe('true');
    // The consent cookie tells the server too: its HTML has no banner.
    expect(await (await page.reload())!.text()).not.toContain(BANNER_HTML);
    await page.locator('section.zones li').first().waitFor();
    expect(await banner(page).count()).toBe(0);
  });

  it("'Chiudi pagina' leaves the site", async () => {
    const { page } = await browser.open({ viewport: PHONE, consented: false });
    await firstVisit(page);
    await banner(page).getByRole('button', { name: 'Rifiuta' }).click();
    await overlay(page).getByRole('button', { name: 'Chiudi pagina' }).click();
    await page.waitForURL('about:blank');
    expect(page.url()).toBe('about:blank');
  });

  it("works from the keyboard: Tab to 'Accetta', Enter", async () => {
    const { page } = await browser.open({ viewport: DESKTOP, consented: false });
    await firstVisit(page);
    await page.waitForLoadState('networkidle');
    const focusedText = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    let presses = 0;
    while ((await focusedText()) !== 'Accetta') {
      expect(presses++, "'Accetta' not reachable with Tab").toBeLessThan(80);
      await page.keyboard.press('Tab');
    }
    expect(await page.evaluate(() => document.activeElement?.closest('.cookie-banner') !== null)).toBe(true);
    await page.keyboard.press('Enter');
    await banner(page).waitFor({ state: 'detached' });
    expect(await storedConsent(page)).toBe('true');
  });
});
