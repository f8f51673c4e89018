/**
 * 'Notizie' against the real server (issue 17): a draft stays in the back office; published, the post
 * is on /blog and on the home page, its script stripped. The e2e files share one server: the post is
 * withdrawn (a draft again, seen by no customer) at the end.
 */
import { describe, expect, it } from 'vitest';
import { apiCall, DESKTOP, expectNoA11yViolations, url, useBrowser } from './browser';
import { logInAsAdmin } from './cassa-helpers';

const TITLE = 'Torna la pizza ai porcini';

describe('back office: news', () => {
  const browser = useBrowser();

  it('a draft is not on /blog; published, it is on /blog and home, without its script', async () => {
    const { page: owner } = await browser.open({ viewport: DESKTOP });
    await logInAsAdmin(owner);
    const { page: customer } = await browser.open({ viewport: DESKTOP });
    let postId: number | null = null;
    try {
      await owner.goto(url('/admin/notizie'));
      await owner.getByRole('link', { name: 'Nuova notizia' }).click();
      await owner.getByRole('textbox', { name: 'Titolo' }).fill(TITLE);
      await owner.getByRole('textbox', { name: 'Descrizione' }).fill('Da stasera, fino a fine novembre.');
      // Pasted as HTML from another page, as the clipboard gives it to the editor.
      await owner.getByRole('textbox', { name: 'Testo' }).click();
      await owner.evaluate((html) => {
        const clipboard = new DataTransfer();
        clipboard.setData('text/html', html);
        document.activeElement!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: clipboard, bubbles: true, cancelable: true }));
      }, '<p>Porcini freschi e fior di latte.</p><script>document.title="hacked"</script>');
      await owner.getByRole('button', { name: 'Salva' }).click();
      await owner.getByText('Modifiche salvate.').waitFor();
      const { items } = (await apiCall(owner, 'GET', '/api/v1/admin/news')).body as { items: { id: number; title: string }[] };
      postId = items.find((p) => p.title === TITLE)!.id;

      // The preview shows the body as stored: sanitized.
      const preview = owner.getByRole('region', { name: 'Anteprima (ultima versione salvata)' });
      await preview.getByText('Porcini freschi e fior di latte.').waitFor();
      expect(await preview.locator('script').count()).toBe(0);
      await expectNoA11yViolations(owner, '/admin/notizie editor');

      await customer.goto(url('/blog'));
      await customer.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await customer.getByText(TITLE).count()).toBe(0);

      await owner.getByRole('checkbox', { name: 'Pubblicata' }).click({ force: true });
      await owner.getByRole('button', { name: 'Salva' }).click();
      await owner.getByText('Modifiche salvate.').waitFor();

      await customer.goto(url('/blog'));
      await customer.getByText(TITLE).first().waitFor();
      await customer.goto(url('/'));
      await customer.getByText(TITLE).first().waitFor();
      await customer.getByText(TITLE).first().click();
      await customer.getByText('Porcini freschi e fior di latte.').waitFor();
      expect(await customer.title()).not.toBe('hacked');
    } finally {
      if (postId !== null) {
        const { post } = (await apiCall(owner, 'GET', `/api/v1/admin/news/${postId}`)).body as {
          post: { title: string; description: string; content: string; image_url: string | null; version: number };
        };
        await apiCall(owner, 'PUT', `/api/v1/admin/news/${postId}`, { ...post, published: false });
      }
    }
  });
});
