/**
 * Uploads over time. Security review: twenty 49-megapixel uploads at once took the process from 317
 * to 735 MB, each decoded at the same time; now they take turns (bench/uploads.ts measures the memory).
 * And uploads no product or post uses are deleted a day after they were uploaded (a periodic sweep):
 * never one in use, archived products and drafts included, never one uploaded within the day.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type Sharp from 'sharp';
import { loggedInClient, productForm, productId, startTestServer, type ApiClient, type TestServer } from './harness';

/** Pictures being decoded and encoded right now by sharp, and the most seen at once. */
const decoding = vi.hoisted(() => ({ now: 0, most: 0 }));

vi.mock('sharp', async (importOriginal) => {
  const { default: real } = await importOriginal<{ default: typeof Sharp }>();
  const counted = (...args: Parameters<typeof real>) => {
    const image = real(...args);
    const toBuffer = image.toBuffer.bind(image) as () => Promise<Buffer>;
    Object.assign(image, {
      toBuffer: async () => {
        decoding.most = Math.max(decoding.most, ++decoding.now);
        try {
          return await toBuffer();
        } finally {
          decoding.now--;
        }
      },
    });
    return image;
  };
  return { default: Object.assign(counted, real) };
});

const { default: sharp } = await import('sharp');

let server: TestServer;
let owner: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  owner = (await loggedInClient(server, { role: 'admin' })).client;
});
afterAll(() => server.close());

describe('uploads at once', () => {
  it('eight photos sent together are all stored, decoded one at a time', async () => {
    const photos = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 30 * i, g: 90, b: 40 } } })
          .png()
          .toBuffer(),
      ),
    );
    decoding.most = 0;
    const answers = await Promise.all(
      photos.map((png) => owner.request('POST', '/api/v1/admin/images', undefined, { raw: png, headers: { 'content-type': 'image/png' } })),
    );
    expect(answers.map((a) => a.status)).toEqual(photos.map(() => 201));
    expect(new Set(answers.map((a) => a.body.image_url)).size).toBe(8);
    expect(decoding.most).toBe(1);
  });
});

const DAY_MS = 24 * 60 * 60_000;
let shade = 0;

const pictures = new Map<string, Buffer>();

/** Uploads a picture as the back office does (a new one unless given): the card's address. */
async function upload(given?: Buffer): Promise<string> {
  const png =
    given ??
    (await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 10 * ++shade, g: 80, b: 40 } } })
      .png()
      .toBuffer());
  const answer = await owner.request('POST', '/api/v1/admin/images', undefined, { raw: png, headers: { 'content-type': 'image/png' } });
  expect(answer.status).toBe(201);
  pictures.set(answer.body.image_url, png);
  return answer.body.image_url;
}

const filesOf = (card: string) =>
  [card, card.replace('-264.webp', '-800.webp')].map((url) => path.join(server.mediaDir, url.replace(/^\/media\//, '')));
const exists = (card: string) => filesOf(card).map((file) => fs.existsSync(file));
/** As if uploaded `ms` ago. */
const age = (card: string, ms: number) => {
  const then = new Date(Date.now() - ms);
  for (const file of filesOf(card)) fs.utimesSync(file, then, then);
};

describe('the sweep of unused uploads', () => {
  it('deletes both copies of an upload nobody uses after a day; keeps those in use and the day’s', async () => {
    const [onProduct, onArchived, onPost, inPostText, unused, recent, uploadedAgain] = [
      await upload(),
      await upload(),
      await upload(),
      await upload(),
      await upload(),
      await upload(),
      await upload(),
    ];
    const save = async (name: string, image: string, archived = false) => {
      const id = await productId(server, name);
      const product = (await owner.get(`/api/v1/admin/products/${id}`)).body.product;
      const saved = await owner.put(`/api/v1/admin/products/${id}`, { ...productForm(product), image_url: image, archived });
      expect(saved.status).toBe(200);
    };
    await save('Margherita', onProduct);
    await save('Diavola', onArchived, true);
    const news = {
      title: 'Il forno nuovo',
      description: 'Da stasera.',
      content: `<p>Eccolo.</p><img src="${inPostText}">`,
      image_url: onPost,
      published: false,
    };
    expect((await owner.post('/api/v1/admin/news', news)).status).toBe(201);

    for (const card of [onProduct, onArchived, onPost, inPostText, unused, uploadedAgain]) age(card, DAY_MS + 60_000);
    age(recent, DAY_MS - 60 * 60_000);
    // The owner uploads the same photo again: its day starts over.
    expect(await upload(pictures.get(uploadedAgain))).toBe(uploadedAgain);

    const deleted = await server.services.unusedImages.sweepUnused();
    expect(deleted.sort()).toEqual(
      filesOf(unused)
        .map((file) => path.basename(file))
        .sort(),
    );
    expect(exists(unused)).toEqual([false, false]);
    for (const card of [onProduct, onArchived, onPost, inPostText, recent, uploadedAgain]) expect(exists(card)).toEqual([true, true]);
    // What is left is still served.
    expect((await fetch(server.baseUrl + onProduct)).status).toBe(200);
  });
});
