/**
 * Security review: twenty 49-megapixel uploads at once took the process from 317 to 735 MB, each
 * decoded at the same time. Uploads now take turns (bench/uploads.ts measures the memory): every one
 * is stored, and no two pictures are ever decoded at once.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type Sharp from 'sharp';
import { loggedInClient, startTestServer, type ApiClient, type TestServer } from './harness';

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
