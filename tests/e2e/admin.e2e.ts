/**
 * The back office's door (issue 17): only staff open /admin, nobody else even downloads its chunk or
 * calls its API; staff find every screen from its navigation, and axe passes on each of them.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN_AREAS } from '../../src/admin/areas';
import { DESKTOP, expectNoA11yViolations, url, useBrowser } from './browser';
import { expectClosedToOutsiders, logInAsAdmin } from './cassa-helpers';

const adminNav = (page: Page) => page.getByRole('navigation', { name: 'Amministrazione' });

describe('back office', () => {
  const browser = useBrowser();

  it('a visitor and a customer land on the site root, without ever loading the back office', async () => {
    await expectClosedToOutsiders(browser, {
      paths: ['/admin/menu', '/admin'],
      headerLink: 'Amministrazione',
      chunk: /\/assets\/AdminPages-/,
      api: '/api/v1/admin/',
    });
  });

  it('staff reach every screen from the navigation, and axe passes on each', async () => {
    const { page } = await browser.open({ viewport: DESKTOP });
    await logInAsAdmin(page);
    await page.goto(url('/admin'));
    await page.waitForURL(url('/admin/menu'));
    for (const area of ADMIN_AREAS) {
      await adminNav(page).getByRole('link', { name: area.label, exact: true }).click();
      await page.waitForURL(url(`/admin/${area.path}`));
      await page.locator('.admin-screen').getByRole('heading').first().waitFor();
      await expect.poll(() => page.locator('.admin-screen [aria-busy="true"], .admin-screen [role="progressbar"]').count()).toBe(0);
      await expectNoA11yViolations(page, `/admin/${area.path}`);
    }
  });
});
