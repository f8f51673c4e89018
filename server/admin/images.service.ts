import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Sharp } from 'sharp';
import {
  CARD_IMAGE_PX,
  IMAGE_TOO_LARGE,
  imageProblem,
  imageTypeOf,
  LARGE_IMAGE_PX,
  UNSUPPORTED_IMAGE,
  type ImageType,
} from '../../src/domain';
import { systemClock, type Clock } from '../clock';
import type { Db } from '../db/database';
import { AppError } from '../errors';

/** A phone photo is 12–48 megapixels; a bigger picture in under 5 MB is a decompression bomb. */
export const IMAGE_MAX_PIXELS = 50_000_000;
export const IMAGE_TOO_MANY_PIXELS = "L'immagine è troppo grande: al massimo 50 megapixel.";

const SHARP_FORMAT: Record<ImageType, string> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' };

/**
 * Pictures the process decodes at once: a 49-megapixel PNG takes tens of MB while it is decoded, and
 * twenty uploads at once took the process from 234 to 742 MB (bench/uploads.ts). The others wait.
 */
const DECODES_AT_ONCE = 1;

/** Runs at most `slots` tasks at a time; the others wait their turn in arrival order. */
class Turns {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly slots: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active < this.slots) this.active++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      // The slot passes straight to the next in line, or is freed.
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}

/** One queue for the whole process: memory is the process's, whichever app instance decodes. */
const decoding = new Turns(DECODES_AT_ONCE);

/** sharp, loaded at the first upload: libvips is tens of MB that most processes never need. */
const loadSharp = async () => {
  const { default: sharp } = await import('sharp');
  // Every upload is decoded once: libvips' cache of recent operations would only hold their memory.
  sharp.cache(false);
  return sharp;
};

/** An upload nobody uses is deleted this long after it was last uploaded: time enough to save it with its product. */
const UNUSED_IMAGE_KEEP_MS = 24 * 60 * 60_000;
const SWEEP_EVERY_MS = 60 * 60_000;
/** The upload an address names: its content hash, shared by the card and the dialog copy. */
const UPLOAD_IN_TEXT = /\/media\/products\/([0-9a-f]{24})-\d+\.webp/g;

const unsupported = () => new AppError('validation', UNSUPPORTED_IMAGE, { code: 'image.unsupported' });

export interface StoredImage {
  /** the menu card's square, for the product's image address */
  cardUrl: string;
  /** the product dialog's */
  largeUrl: string;
}

const productsDir = (mediaDir: string) => path.join(mediaDir, 'products');

/**
 * Product images uploaded in the back office: checked by their content, stored re-encoded as WebP
 * (turned as their EXIF says, metadata dropped) under `<mediaDir>/products`, served at /media/products.
 * File names carry the upload's hash, so the same file is the same address and a new file a new one.
 */
export class ProductImages {
  private readonly dir: string;

  /** `realClock`: the files' times are the real clock's, whatever the shop's (a demo's is frozen). */
  constructor(
    mediaDir: string,
    private readonly realClock: Clock = systemClock,
  ) {
    this.dir = productsDir(mediaDir);
  }

  async store(body: unknown, declaredType: string | undefined): Promise<StoredImage> {
    if (!Buffer.isBuffer(body) || body.length === 0) throw unsupported();
    const problem = imageProblem({ size: body.length, type: declaredType ?? '' }, body);
    if (problem === IMAGE_TOO_LARGE) throw new AppError('too_large', IMAGE_TOO_LARGE, { code: 'request.too_large' });
    if (problem) throw unsupported();
    const type = imageTypeOf(body)!;

    // The two copies one after the other: each decodes the whole picture.
    const [card, large] = await decoding.run(async () => [
      await this.render(body, type, (image) => image.resize(CARD_IMAGE_PX, CARD_IMAGE_PX, { fit: 'cover' })),
      await this.render(body, type, (image) => image.resize(LARGE_IMAGE_PX, LARGE_IMAGE_PX, { fit: 'inside', withoutEnlargement: true })),
    ]);
    const hash = createHash('sha256').update(body).digest('hex').slice(0, 24);
    const cardName = `${hash}-${CARD_IMAGE_PX}.webp`;
    const largeName = `${hash}-${LARGE_IMAGE_PX}.webp`;
    await fs.mkdir(this.dir, { recursive: true });
    await Promise.all([this.write(cardName, card), this.write(largeName, large)]);
    return { cardUrl: `/media/products/${cardName}`, largeUrl: `/media/products/${largeName}` };
  }

  /** Decodes the whole picture (a truncated or corrupt file fails here) and encodes the resized copy. */
  private async render(bytes: Buffer, type: ImageType, resize: (image: Sharp) => Sharp): Promise<Buffer> {
    try {
      const sharp = await loadSharp();
      const image = sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'truncated' });
      const { format } = await image.metadata();
      if (format !== SHARP_FORMAT[type]) throw unsupported();
      // rotate() with no angle applies the EXIF orientation; sharp writes no metadata unless asked.
      return await resize(image.rotate()).webp({ quality: 82 }).toBuffer();
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof Error && /pixel limit/i.test(error.message)) {
        throw new AppError('too_large', IMAGE_TOO_MANY_PIXELS, { code: 'request.too_large' });
      }
      throw unsupported();
    }
  }

  /**
   * Temp file then rename: two uploads at once never leave half a file under the final name. A file
   * uploaded again is only touched, so the sweep counts its day from now.
   */
  private async write(name: string, data: Buffer): Promise<void> {
    const target = path.join(this.dir, name);
    const now = this.realClock.now();
    const exists = await fs.utimes(target, now, now).then(
      () => true,
      () => false,
    );
    if (exists) return;
    const temp = path.join(this.dir, `.${name}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await fs.writeFile(temp, data);
      await fs.rename(temp, target);
    } finally {
      await fs.rm(temp, { force: true });
    }
  }
}

/** Uploads that no product or post uses, deleted a day after their last upload (the owner may still be saving one). */
export class UnusedImages {
  private readonly dir: string;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    mediaDir: string,
    private readonly db: Db,
    private readonly realClock: Clock = systemClock,
  ) {
    this.dir = productsDir(mediaDir);
  }

  /** Sweeps now and then every hour, while the app runs; every process may, on a shared folder. */
  start(onError: (error: unknown) => void): void {
    const sweep = () => void this.sweepUnused().catch(onError);
    sweep();
    this.timer = setInterval(sweep, SWEEP_EVERY_MS).unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /**
   * Deletes the uploads (both copies) that no product, archived ones too, and no post names, last
   * uploaded more than a day ago; and temp files a crash left. Returns the file names deleted.
   */
  async sweepUnused(): Promise<string[]> {
    const names = await fs.readdir(this.dir).catch(() => [] as string[]);
    if (names.length === 0) return [];
    const [products, posts] = await Promise.all([
      this.db.selectFrom('products').select('image_url').where('image_url', 'like', '/media/%').execute(),
      this.db.selectFrom('blog_posts').select(['image_url', 'content']).execute(),
    ]);
    const texts = [...products.map((p) => p.image_url), ...posts.flatMap((p) => [p.image_url, p.content])];
    const inUse = new Set(texts.flatMap((text) => [...(text ?? '').matchAll(UPLOAD_IN_TEXT)].map((match) => match[1]!)));
    const before = this.realClock.now().getTime() - UNUSED_IMAGE_KEEP_MS;
    const deleted: string[] = [];
    for (const name of names) {
      const hash = /^([0-9a-f]{24})-\d+\.webp$/.exec(name)?.[1];
      if (hash && inUse.has(hash)) continue;
      if (!hash && !name.endsWith('.tmp')) continue;
      const file = path.join(this.dir, name);
      const stat = await fs.stat(file).catch(() => undefined);
      if (!stat || stat.mtimeMs > before) continue;
      await fs.rm(file, { force: true });
      deleted.push(name);
    }
    return deleted;
  }
}
