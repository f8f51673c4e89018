/**
 * Product images uploaded in the back office (issue 17): JPG, PNG or WebP up to 5 MB, checked by their
 * content; stored resized for the menu card (264 px square, its 132 px at 2×) and the product dialog
 * (800 px at most), turned as their EXIF says and without metadata; anything else refused with nothing
 * written.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminSuite, ApiClient, loggedInClient, productId } from './harness';

const UNSUPPORTED = 'Formato non supportato: usa JPG, PNG o WebP.';
const STORED = /^\/media\/products\/[0-9a-f]{24}-(264|800)\.webp$/;

const suite = adminSuite();
let customer: ApiClient;

beforeAll(async () => {
  customer = (await loggedInClient(suite.server)).client;
});

const upload = (client: ApiClient, bytes: Uint8Array | string, type: string) =>
  client.request('POST', '/api/v1/admin/images', undefined, { raw: bytes, headers: { 'content-type': type } });

/** Every file under the media folder, temp files included. */
const storedFiles = () => {
  const dir = path.join(suite.server.mediaDir, 'products');
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
};
const fileOf = (url: string) => path.join(suite.server.mediaDir, url.replace(/^\/media\//, ''));

const picture = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } } });

describe('accepted: stored twice, resized, as WebP', () => {
  it('a JPEG: a 264 px square for the card and the dialog one, turned as its EXIF says, metadata gone', async () => {
    // A camera's 1200×900 picture held sideways: EXIF orientation 6 says "turn it 90°".
    const jpeg = await picture(1200, 900).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const response = await upload(suite.owner, jpeg, 'image/jpeg');
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.message).toBe('Immagine caricata.');
    const { image_url: card, large_url: large } = response.body;
    expect(card).toMatch(STORED);
    expect(card).toMatch(/-264\.webp$/);
    expect(large).toMatch(/-800\.webp$/);

    const cardMeta = await sharp(fileOf(card)).metadata();
    expect([cardMeta.format, cardMeta.width, cardMeta.height]).toEqual(['webp', 264, 264]);
    const largeMeta = await sharp(fileOf(large)).metadata();
    expect([largeMeta.format, largeMeta.width, largeMeta.height]).toEqual(['webp', 600, 800]);
    expect(largeMeta.orientation).toBeUndefined();
    expect(largeMeta.exif).toBeUndefined();
  });

  it('a PNG smaller than the dialog: never enlarged', async () => {
    const png = await picture(300, 200).png().toBuffer();
    const response = await upload(suite.owner, png, 'image/png');
    expect(response.status).toBe(201);
    expect(await sharp(fileOf(response.body.image_url)).metadata()).toMatchObject({ width: 264, height: 264 });
    expect(await sharp(fileOf(response.body.large_url)).metadata()).toMatchObject({ width: 300, height: 200 });
  });

  it('a 3 MB photo: far over the JSON limit of the other routes, within this one', async () => {
    const noisy = await sharp({
      create: { width: 1100, height: 1000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
    })
      .png()
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(2.5 * 1024 * 1024);
    const response = await upload(suite.owner, noisy, 'image/png');
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(await sharp(fileOf(response.body.large_url)).metadata()).toMatchObject({ width: 800, height: 727 });
  });

  it('a WebP: the dialog one 800 px wide', async () => {
    const webp = await picture(2000, 1000).webp().toBuffer();
    const response = await upload(suite.owner, webp, 'image/webp');
    expect(response.status).toBe(201);
    expect(await sharp(fileOf(response.body.large_url)).metadata()).toMatchObject({ width: 800, height: 400 });
  });

  it('served from /media with long cache headers, and the address saves in the product', async () => {
    const png = await picture(500, 500).png().toBuffer();
    const { body } = await upload(suite.owner, png, 'image/png');
    const served = await fetch(suite.server.baseUrl + body.image_url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await served.arrayBuffer()).equals(fs.readFileSync(fileOf(body.image_url)))).toBe(true);
    expect((await fetch(`${suite.server.baseUrl}/media/products/${'0'.repeat(24)}-264.webp`)).status).toBe(404);

    const margherita = await productId(suite.server, 'Margherita');
    const { product } = (await suite.owner.get(`/api/v1/admin/products/${margherita}`)).body;
    const saved = await suite.owner.put(`/api/v1/admin/products/${margherita}`, {
      ...product,
      price: '6,50',
      image_url: body.image_url,
      archived: undefined,
      id: undefined,
      sold_out: undefined,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const webapp = await new ApiClient(suite.server.baseUrl).get('/api/v1/ecommerce/webapp');
    expect(webapp.body.products.find((p: { id: number }) => p.id === margherita).image_url).toBe(body.image_url);
  });

  it('the same file twice is the same addresses and the same two files; uploads at once do not mix', async () => {
    const png = await picture(640, 480).png().toBuffer();
    const first = await upload(suite.owner, png, 'image/png');
    const before = storedFiles();
    const again = await upload(suite.owner, png, 'image/png');
    expect(again.body).toEqual(first.body);
    expect(storedFiles()).toEqual(before);

    const others = await Promise.all([picture(700, 500).webp().toBuffer(), picture(900, 300).jpeg().toBuffer()]);
    const [a, b, c] = await Promise.all([
      upload(suite.owner, others[0]!, 'image/webp'),
      upload(suite.owner, others[1]!, 'image/jpeg'),
      upload(suite.owner, png, 'image/png'),
    ]);
    expect([a.status, b.status, c.status]).toEqual([201, 201, 201]);
    expect(c.body).toEqual(first.body);
    expect(await sharp(fileOf(a.body.large_url)).metadata()).toMatchObject({ width: 700, height: 500 });
    expect(await sharp(fileOf(b.body.large_url)).metadata()).toMatchObject({ width: 800, height: 267 });
    // Only finished files: no temp file is left behind.
    expect(storedFiles().every((name) => STORED.test(`/media/products/${name}`))).toBe(true);
  });
});

describe('refused, with nothing written', () => {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';

  const refusals: [what: string, bytes: () => Promise<Uint8Array | string>, type: string][] = [
    ['an SVG', async () => svg, 'image/svg+xml'],
    ['an SVG declared as PNG', async () => svg, 'image/png'],
    ['a GIF', () => picture(50, 50).gif().toBuffer(), 'image/gif'],
    ['a GIF declared as PNG', () => picture(50, 50).gif().toBuffer(), 'image/png'],
    ['a text file renamed .png', async () => 'Questa non è una foto.\n', 'image/png'],
    ['a truncated JPEG', async () => (await picture(800, 600).jpeg().toBuffer()).subarray(0, 2000), 'image/jpeg'],
    ['a real PNG declared as JPEG', () => picture(50, 50).png().toBuffer(), 'image/jpeg'],
    [
      'a PNG signature over rubbish',
      async () => Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(500, 7)]),
      'image/png',
    ],
    ['an empty body', async () => '', 'image/png'],
    ['JSON', async () => '{"image_url":"/media/x.png"}', 'application/json'],
  ];

  for (const [what, bytes, type] of refusals) {
    it(`${what}: 422 '${UNSUPPORTED}'`, async () => {
      const before = storedFiles();
      const response = await upload(suite.owner, await bytes(), type);
      expect(response.status).toBe(422);
      expect(response.body).toEqual({ code: 'image.unsupported', message: UNSUPPORTED });
      expect(storedFiles()).toEqual(before);
    });
  }

  it('a file over 5 MB: 413 with what to do', async () => {
    const before = storedFiles();
    const big = Buffer.concat([await picture(100, 100).jpeg().toBuffer(), Buffer.alloc(6 * 1024 * 1024, 1)]);
    const response = await upload(suite.owner, big, 'image/jpeg');
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ code: 'request.too_large', message: "L'immagine supera 5 MB: scegline una più leggera." });
    expect(storedFiles()).toEqual(before);
  });

  it('a decompression bomb (a small file of 64 megapixels): 413 before it is decoded', async () => {
    const before = storedFiles();
    const bomb = await picture(8000, 8000).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const response = await upload(suite.owner, bomb, 'image/png');
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ code: 'request.too_large', message: "L'immagine è troppo grande: al massimo 50 megapixel." });
    expect(storedFiles()).toEqual(before);
  });

  it('a customer cannot upload (403), a visitor must log in (401), staff need the anti-forgery token (419)', async () => {
    const before = storedFiles();
    const png = await picture(120, 120).png().toBuffer();
    const asCustomer = await upload(customer, png, 'image/png');
    expect(asCustomer.status).toBe(403);
    expect(asCustomer.body.message).toBe('Accesso riservato al personale.');
    expect((await upload(new ApiClient(suite.server.baseUrl), png, 'image/png')).status).toBe(401);
    const forged = await suite.owner.request('POST', '/api/v1/admin/images', undefined, {
      raw: png,
      headers: { 'content-type': 'image/png' },
      xsrf: false,
    });
    expect(forged.status).toBe(419);
    expect(storedFiles()).toEqual(before);
  });
});
