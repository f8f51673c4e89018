import { describe, expect, it } from 'vitest';
import {
  IMAGE_MAX_BYTES,
  IMAGE_TOO_LARGE,
  imageProblem,
  imageTypeOf,
  isOwnImageAddress,
  isPreviewableImage,
  largeImageOf,
  UNSUPPORTED_IMAGE,
} from '../../src/domain';

const bytes = (hex: string, text = '') => new Uint8Array([...Buffer.from(hex, 'hex'), ...Buffer.from(text, 'latin1')]);
const JPEG = bytes('ffd8ffe000104a464946');
const PNG = bytes('89504e470d0a1a0a0000000d');
const WEBP = bytes('', 'RIFF\x24\x00\x00\x00WEBP');
const GIF = bytes('', 'GIF89a\x01\x00\x01\x00');

describe('product images: the same check in the browser and on the server', () => {
  it('reads the type from the first bytes, whatever the name or the declared type', () => {
    expect([JPEG, PNG, WEBP, GIF, bytes('', '<svg xmlns'), bytes('')].map(imageTypeOf)).toEqual([
      'image/jpeg',
      'image/png',
      'image/webp',
      null,
      null,
      null,
    ]);
    // RIFF alone is also WAV and AVI.
    expect(imageTypeOf(bytes('', 'RIFF\x24\x00\x00\x00WAVE'))).toBeNull();
  });

  it.each([
    ['a JPEG', { size: 1000, type: 'image/jpeg' }, JPEG, null],
    ['a WebP with a charset', { size: 1000, type: 'image/webp; charset=binary' }, WEBP, null],
    ['exactly 5 MB', { size: IMAGE_MAX_BYTES, type: 'image/png' }, PNG, null],
    ['one byte more', { size: IMAGE_MAX_BYTES + 1, type: 'image/png' }, PNG, IMAGE_TOO_LARGE],
    ['a GIF', { size: 1000, type: 'image/gif' }, GIF, UNSUPPORTED_IMAGE],
    ['a GIF named .png', { size: 1000, type: 'image/png' }, GIF, UNSUPPORTED_IMAGE],
    ['a PNG declared as JPEG', { size: 1000, type: 'image/jpeg' }, PNG, UNSUPPORTED_IMAGE],
    ['no declared type', { size: 1000, type: '' }, PNG, UNSUPPORTED_IMAGE],
  ] as const)('%s', (_what, file, head, problem) => {
    expect(imageProblem(file, head)).toBe(problem);
  });

  it('previews only addresses of image files, not half-typed text', () => {
    expect(['/media/products/ab12-264.webp', '/images/products/margherita.svg', '/IMG.JPG'].map(isPreviewableImage)).toEqual([
      true,
      true,
      true,
    ]);
    expect(['', '/me', '/media/products/', 'https://example.it/a.png', 'javascript:alert(1).png'].map(isPreviewableImage)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('accepts as an image address only the site own files under /media/ and /images/', () => {
    const own = ['/media/products/ab12-264.webp', '/images/products/margherita.svg', '/images/blog/forno.svg'];
    expect(own.map(isOwnImageAddress)).toEqual(own.map(() => true));
    const foreign = [
      '//other.host/x.png',
      'https://other.host/x.png',
      '/\\other.host/x.png',
      '/media//other.host/x.png',
      '/media/../server/x.png',
      '/images/a.png?x=1',
      '/other/x.png',
      '/media',
      'javascript:alert(1)',
    ];
    expect(foreign.map(isOwnImageAddress)).toEqual(foreign.map(() => false));
  });

  it('finds an upload’s 800 px copy from its card address, and none for other pictures', () => {
    expect(largeImageOf('/media/products/0123456789abcdef01234567-264.webp')).toBe('/media/products/0123456789abcdef01234567-800.webp');
    expect(['/images/products/margherita.svg', '/media/products/x-800.webp', '/media/forno-264.webp'].map(largeImageOf)).toEqual([
      null,
      null,
      null,
    ]);
  });
});
