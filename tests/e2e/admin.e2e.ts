/**
 * The back office's door (issue 17): only staff open /admin, nobody else even downloads its chunk or
 * calls its API; staff find every screen from its navigation, and axe passes on each of them.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN_AREAS } from '../../src/admin/areas';
import { DESKTOP, expectNoA11yViolations, url, useBrowser } from './browser';
import { header, logIn, logInAsAdmin, PASSWORD, recordRequests, verifiedCustomer } from './cassa-helpers';

const adminNav = (page: Page) => page.getByRole('navigation', { name: 'Amministrazione' });

describe('back office', () => {
  const browser = useBrowser();

  it('a visitor and a customer land on the site root, without ever loading the back office', async () => {
    const visitor = await browser.open({ viewport: DESKTOP });
    const visitorRequests = recordRequests(visitor.page);
    await visitor.page.goto(url('/admin/menu'));
    await visitor.page.waitForURL(url('/'));
    await header(visitor.page).getByRole('link', { name: 'Accedi' }).waitFor();

    const customer = await browser.open({ viewport: DESKTOP });
    const customerRequests = recordRequests(customer.page);
    const email = await verifiedCustomer(customer.page);
    await logIn(customer.page, email, PASSWORD);
    await customer.page.goto(url('/admin'));
    await customer.page.waitForURL(url('/'));
    await header(customer.page).getByRole('link', { name: 'Lucia Verdi' }).waitFor();
    expect(await header(customer.page).getByRole('link', { name: 'Amministrazione' }).count()).toBe(0);

    for (const requests of [visitorRequests, customerRequests]) {
      expect(requests.filter((r) => /\/assets\/AdminPages-/.test(r))).toEqual([]);
      expect(requests.filter((r) => r.includes('/api/v1/admin/'))).toEqual([]);
    }
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
