/** The browser's session is the HttpOnly cookie: no credential in localStorage, API calls still authenticated. */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { apiCall as call, DESKTOP, url, useBrowser } from './browser';

/** Everything the page's scripts can read: localStorage, sessionStorage and document.cookie. */
const readableStorage = (page: Page) =>
  page.evaluate(() => {
    const dump = (storage: Storage) =>
      Object.fromEntries(Array.from({ length: storage.length }, (_, i) => storage.key(i)!).map((k) => [k, storage.getItem(k)]));
    return { local: dump(localStorage), session: dump(sessionStorage), cookie: document.cookie };
  });

describe('session', () => {
  const browser = useBrowser();

  it('after login the token is nowhere a script can read, and the cookie carries the session', async () => {
    const { page, allowErrors } = await browser.open({ viewport: DESKTOP });
    // The logged-out check at the end answers 401: expected.
    allowErrors(/status of 401/);
    await page.goto(url('/'));
    const login = await call(page, 'POST', '/api/login', { email: inject('adminEmail'), password: inject('adminPassword') });
    expect(login.status).toBe(200);
    const token = String(login.body!.token);
    const user = login.body!.user as { name: string };
    // The app learns who logged in (the login screen does this: issue "Customer accounts") and paints from it.
    await page.evaluate((u) => localStorage.setItem('pizzeria.user', JSON.stringify(u)), user);
    await page.reload();

    // The header shows the staff member, checked with GET /api/user on the cookie alone.
    const nav = page.getByRole('navigation', { name: 'Principale' });
    await expect.poll(() => nav.locator('a[href="/auth/account"]').textContent()).toBe(user.name);
    await nav.locator('a[href="/cassa"]').click();
    await page.getByRole('heading', { level: 1, name: 'Cassa' }).waitFor();
    const storage = await readableStorage(page);
    expect(JSON.stringify(storage)).not.toContain(token);
    expect(JSON.stringify(storage)).not.toContain(token.split('|').pop()!);
    expect(storage.cookie).not.toContain('auth_token');

    // An unsafe call with the cookie and the XSRF header works: logging out.
    expect((await call(page, 'POST', '/api/logout')).status).toBe(200);
    await page.reload();
    // The remembered user is checked, the server says 401, the header offers Accedi again.
    await nav.getByRole('link', { name: 'Accedi' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('pizzeria.user'))).toBeNull();
  });
});
