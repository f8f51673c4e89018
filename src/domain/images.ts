/** Product images (issue 17): what the back office accepts, checked the same way in the browser and on the server. */

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const UNSUPPORTED_IMAGE = 'Formato non supportato: usa JPG, PNG o WebP.';
export const IMAGE_TOO_LARGE = "L'immagine supera 5 MB: scegline una più leggera.";

/** An upload is stored twice: a square for the menu card (its 132 px at 2×) and at most this for the product dialog. */
export const CARD_IMAGE_PX = 264;
export const LARGE_IMAGE_PX = 800;

/** An upload's card address (`/media/products/<hash>-264.webp`) → its dialog copy; null for any other picture. */
export function largeImageOf(cardUrl: string): string | null {
  const suffix = `-${CARD_IMAGE_PX}.webp`;
  return cardUrl.startsWith('/media/products/') && cardUrl.endsWith(suffix)
    ? `${cardUrl.slice(0, -suffix.length)}-${LARGE_IMAGE_PX}.webp`
    : null;
}

/** How many leading bytes `imageTypeOf` needs. */
export const IMAGE_SIGNATURE_BYTES = 12;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/** The type the bytes themselves say (their signature), whatever a file's name or declared type claims. */
export function imageTypeOf(bytes: Uint8Array): ImageType | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= PNG.length && PNG.every((byte, i) => bytes[i] === byte)) return 'image/png';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/**
 * What is wrong with a file before it is sent: its size, or a declared type that is not an accepted one
 * or not what its first bytes say. Null when it may go (the server decodes it and has the last word).
 */
export function imageProblem(file: { size: number; type: string }, head: Uint8Array): string | null {
  if (file.size > IMAGE_MAX_BYTES) return IMAGE_TOO_LARGE;
  const declared = file.type.split(';')[0]!.trim().toLowerCase();
  const actual = imageTypeOf(head);
  return actual && actual === declared ? null : UNSUPPORTED_IMAGE;
}

/**
 * The only image addresses a product or a post may hold: the site's own files, uploads under /media/
 * and the shipped pictures under /images/. Never another host (`//other.host/x.png`, `https://…`), a
 * step up (`..`) or a query.
 */
export const isOwnImageAddress = (url: string) => /^\/(media|images)(\/(?!\.\.?(\/|$))[\w.~-]+)+$/.test(url);

/** An address worth showing as a preview: one of the site's own image files (not half-typed text). */
export const isPreviewableImage = (url: string) => /^\/[\w./~-]+\.(webp|jpe?g|png|svg|gif)$/i.test(url);
