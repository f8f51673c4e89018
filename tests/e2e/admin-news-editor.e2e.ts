/**
 * The news editor against the real server (issue 28 point 13): the owner writes a post with the toolbar
 * (bold, a bulleted list), uploads its picture, publishes it and the blog shows all three; then withdraws
 * it ('Ritira') and deletes it ('Elimina', confirmed), and the blog no longer has it.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { apiCall, DESKTOP, expectNoA11yViolations, url, useBrowser } from './browser';
import { logInAsAdmin } from './cassa-helpers';

const TITLE = `Serata dei porcini ${Date.now().toString(36)}`;

describe('back office: writing, publishing and deleting a post', () => {
  const browser = useBrowser();

  it('bold text, a list and an uploaded image reach the blog; withdrawn and deleted, the post is gone', async () => {
    const { page: owner } = await browser.open({ viewport: DESKTOP });
    await logInAsAdmin(owner);
    const { page: customer } = await browser.open({ viewport: DESKTOP });
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 90, g: 60, b: 30 } } })
      .png()
      .toBuffer();
    let postId: number | null = null;
    try {
      await owner.goto(url('/admin/notizie'));
      await owner.getByRole('link', { name: 'Nuova notizia' }).click();
      await owner.getByRole('textbox', { name: 'Titolo' }).fill(TITLE);
      await owner.getByRole('textbox', { name: 'Descrizione' }).fill('Solo venerdì sera.');

      const toolbar = owner.getByRole('toolbar', { name: 'Formato: Testo' });
      /** A toolbar button, then typing goes on once the editor has the focus back (it takes it on the next frame). */
      const format = async (label: string) => {
        await toolbar.getByRole('button', { name: label }).click();
        await owner.waitForFunction(() => document.activeElement?.classList.contains('ProseMirror'));
      };
      await owner.getByRole('textbox', { name: 'Testo' }).click();
      await owner.keyboard.type('Da stasera ');
      await format('Grassetto');
      await owner.keyboard.type('porcini freschi');
      await format('Grassetto');
      await owner.keyboard.type(' e fior di latte.');
      await owner.keyboard.press('Enter');
      await format('Elenco puntato');
      await owner.keyboard.type('Porcini e salsiccia');
      await owner.keyboard.press('Enter');
      await owner.keyboard.type('Porcini e tartufo');

      const [chooser] = await Promise.all([
        owner.waitForEvent('filechooser'),
        owner.getByRole('button', { name: 'Carica immagine' }).click(),
      ]);
      await chooser.setFiles({ name: 'porcini.png', mimeType: 'image/png', buffer: photo });
      await owner.getByText('Immagine caricata.').waitFor();
      const image = await owner.getByRole('img', { name: 'Anteprima dell’immagine' }).getAttribute('src');
      expect(image).toMatch(/^\/media\/products\/[0-9a-f]{24}-800\.webp$/);
      await expectNoA11yViolations(owner, '/admin/notizie new post with the editor');

      await owner.getByRole('checkbox', { name: 'Pubblicata' }).click({ force: true });
      await owner.getByRole('button', { name: 'Salva' }).click();
      await owner.getByText('Modifiche salvate.').waitFor();
      const { items } = (await apiCall(owner, 'GET', '/api/v1/admin/news')).body as { items: { id: number; title: string }[] };
      postId = items.find((p) => p.title === TITLE)!.id;

      await customer.goto(url('/blog'));
      await customer.getByRole('link', { name: TITLE }).click();
      const body = customer.locator('.post__body');
      await body.waitFor();
      expect(await body.locator('strong').textContent()).toBe('porcini freschi');
      expect(await body.getByRole('listitem').allTextContents()).toEqual(['Porcini e salsiccia', 'Porcini e tartufo']);
      const header = customer.locator('img.post__image');
      expect(await header.getAttribute('src')).toBe(image);
      expect(await header.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth))).toBe(800);

      await owner.goto(url('/admin/notizie'));
      await owner.getByRole('button', { name: `Ritira ${TITLE}` }).click();
      await owner.getByText('Notizia ritirata: ora è una bozza.').waitFor();
      await owner.getByRole('button', { name: `Elimina ${TITLE}` }).click();
      const dialog = owner.getByRole('alertdialog');
      await dialog.getByText('La bozza sarà eliminata definitivamente.').waitFor();
      await expectNoA11yViolations(owner, '/admin/notizie deleting a draft');
      await dialog.getByRole('button', { name: 'Elimina' }).click();
      await owner.getByText('Bozza eliminata.').waitFor();
      expect(await owner.getByRole('rowheader', { name: TITLE }).count()).toBe(0);
      const left = (await apiCall(owner, 'GET', '/api/v1/admin/news')).body as { items: { id: number }[] };
      expect(left.items.map((p) => p.id)).not.toContain(postId);
      postId = null;

      await customer.goto(url('/blog'));
      await customer.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await customer.getByText(TITLE).count()).toBe(0);
    } finally {
      // Left half-way: withdrawn, so no customer sees it.
      if (postId !== null) {
        const { post } = (await apiCall(owner, 'GET', `/api/v1/admin/news/${postId}`)).body as { post: Record<string, unknown> };
        await apiCall(owner, 'PUT', `/api/v1/admin/news/${postId}`, { ...post, published: false });
      }
    }
  });
});
