/**
 * The back office on the owner's phone (390 px): every page of its navigation fits the screen. A list
 * wider than the phone (zones, codes, staff, printers) scrolls inside its own frame; the page under the
 * header and the bottom bar never scrolls sideways.
 */
import { describe, expect, it } from 'vitest';
import { expectNoA11yViolations, PHONE, url, useBrowser } from './browser';
import { logInAsAdmin } from './cassa-helpers';

describe('back office on a phone', () => {
  const browser = useBrowser();

  it('every page of the owner fits 390 px; a wide table scrolls by itself', async () => {
    const { page } = await browser.open({ viewport: PHONE });
    await logInAsAdmin(page);
    await page.goto(url('/admin'));
    await page.getByRole('navigation', { name: 'Amministrazione' }).getByRole('link', { name: 'Zone', exact: true }).waitFor();
    const pages = await page
      .getByRole('navigation', { name: 'Amministrazione' })
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
    expect(pages).toEqual(expect.arrayContaining(['/admin/zone', '/admin/codici-sconto', '/admin/staff', '/admin/stampanti']));

    for (const href of pages) {
      await page.goto(url(href));
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `${href} is ${width} px wide`).toBeLessThanOrEqual(PHONE.width);
    }

    // The zones' table is wider than the phone: it scrolls inside its frame, and reads as a table.
    await page.goto(url('/admin/zone'));
    const zones = page.getByRole('table').first();
    await zones.getByRole('rowheader', { name: 'Garbatella' }).waitFor();
    const frame = await zones.evaluate((table) => ({ content: table.parentElement!.scrollWidth, shown: table.parentElement!.clientWidth }));
    expect(frame.content).toBeGreaterThan(frame.shown);
    await expectNoA11yViolations(page, 'zones on a phone');
  });
});
