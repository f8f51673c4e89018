/**
 * 'Testi' against the real server (issue 17): the owner changes the home page's first heading and
 * customers read it on their next visit; markup typed stays text. The e2e files share one server:
 * the texts are put back at the end.
 */
import { describe, expect, it } from 'vitest';
import { apiCall, DESKTOP, url, useBrowser } from './browser';
import { logInAsAdmin } from './cassa-helpers';

describe('back office: texts', () => {
  const browser = useBrowser();

  it('a new home heading reaches customers at once; typed markup is shown as text, never run', async () => {
    const { page: owner } = await browser.open({ viewport: DESKTOP });
    await logInAsAdmin(owner);
    const { page: customer } = await browser.open({ viewport: DESKTOP });
    const seed = ((await apiCall(owner, 'GET', '/api/v1/admin/texts')).body as { texts: Record<string, unknown> }).texts;
    try {
      await owner.goto(url('/admin/testi'));
      const form = owner.getByRole('form', { name: 'Testi' });
      const heading = form.getByRole('textbox', { name: 'Titolo 1' });
      await heading.waitFor();
      expect(await heading.inputValue()).toBe('La pizza romana, dal 1978');
      await heading.fill('Pizza romana <img src=x onerror="document.title=\'hacked\'">');
      await form.getByRole('button', { name: 'Salva' }).click();
      await form.getByText('Modifiche salvate.').waitFor();

      await customer.goto(url('/'));
      await customer.getByRole('heading', { name: 'Pizza romana <img src=x onerror="document.title=\'hacked\'">' }).waitFor();
      expect(await customer.locator('main img[src="x"]').count()).toBe(0);
      expect(await customer.title()).not.toBe('hacked');
    } finally {
      const now = ((await apiCall(owner, 'GET', '/api/v1/admin/texts')).body as { texts: { version: number } }).texts;
      await apiCall(owner, 'PUT', '/api/v1/admin/texts', { ...seed, version: now.version });
    }
  });
});
