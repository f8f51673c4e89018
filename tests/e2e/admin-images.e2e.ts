/**
 * A product photo uploaded in the back office against the real server (issue 17): the owner picks a
 * PNG in the Napoli's editor, saves, and the menu card shows the stored 264 px copy, really loaded.
 * The Napoli's image is put back at the end (the e2e files share one server).
 */
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { apiCall, DESKTOP, expectNoA11yViolations, url, useBrowser } from './browser';
import { logInAsAdmin } from './cassa-helpers';

const PRODUCT = 'Napoli';

interface AdminProduct extends Record<string, unknown> {
  id: number;
  version: number;
  name: string;
  price: number;
  image_url: string | null;
}

async function adminProduct(page: Page): Promise<AdminProduct> {
  const menu = (await apiCall(page, 'GET', '/api/v1/admin/menu')).body as { products: AdminProduct[] };
  return menu.products.find((p) => p.name === PRODUCT)!;
}

/** Puts the product's image address back through the API, whatever version it has reached. */
async function restoreImage(page: Page, imageUrl: string | null) {
  const product = await adminProduct(page);
  if (product.image_url === imageUrl) return;
  const { id, archived: _archived, sold_out: _soldOut, ...rest } = product;
  const restored = await apiCall(page, 'PUT', `/api/v1/admin/products/${id}`, {
    ...rest,
    price: product.price.toFixed(2).replace('.', ','),
    image_url: imageUrl,
  });
  expect(restored.status).toBe(200);
}

/** The picture's intrinsic width once the browser has loaded it (0 when it could not). */
async function loadedWidth(image: Locator): Promise<number> {
  await image.scrollIntoViewIfNeeded();
  return image.evaluate(
    (img: HTMLImageElement) =>
      new Promise<number>((resolve) => {
        if (img.complete) return resolve(img.naturalWidth);
        img.addEventListener('load', () => resolve(img.naturalWidth), { once: true });
        img.addEventListener('error', () => resolve(0), { once: true });
      }),
  );
}

describe('back office: product images', () => {
  const browser = useBrowser();

  it('the owner uploads a PNG in the editor, saves, and the menu card shows it', async () => {
    const { page: owner } = await browser.open({ viewport: DESKTOP });
    await logInAsAdmin(owner);
    const before = (await adminProduct(owner)).image_url;
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 180, g: 40, b: 30 } } })
      .png()
      .toBuffer();
    try {
      await owner.goto(url('/admin/menu'));
      await owner.getByRole('link', { name: `Modifica ${PRODUCT}` }).click();
      await owner.getByRole('heading', { level: 2, name: PRODUCT }).waitFor();
      const address = owner.getByRole('textbox', { name: 'Immagine' });
      expect(await address.inputValue()).toBe(before ?? '');

      const [chooser] = await Promise.all([
        owner.waitForEvent('filechooser'),
        owner.getByRole('button', { name: 'Carica immagine' }).click(),
      ]);
      await chooser.setFiles({ name: 'napoli.png', mimeType: 'image/png', buffer: photo });
      await owner.getByText('Immagine caricata.').waitFor();
      const stored = await address.inputValue();
      expect(stored).toMatch(/^\/media\/products\/[0-9a-f]{24}-264\.webp$/);
      const preview = owner.getByRole('img', { name: 'Anteprima dell’immagine' });
      expect(await preview.getAttribute('src')).toBe(stored);
      expect(await loadedWidth(preview)).toBe(264);
      await expectNoA11yViolations(owner, 'product editor after an upload');

      await owner.getByRole('button', { name: 'Salva' }).click();
      await owner.getByText('Modifiche salvate.').waitFor();

      const { page: customer } = await browser.open({ viewport: DESKTOP });
      await customer.goto(url('/ecommerce'));
      const card = customer.locator('.product-card', { hasText: PRODUCT }).first();
      const image = card.locator('img');
      expect(await image.getAttribute('src')).toBe(stored);
      expect(await loadedWidth(image)).toBe(264);
    } finally {
      await restoreImage(owner, before);
    }
    expect((await adminProduct(owner)).image_url).toBe(before);
  });
});
