/**
 * Twenty 49-megapixel photos uploaded at once (the security review's case): the resident memory the
 * image service takes to check and re-encode them (server/admin/images.service.ts), in this process.
 *
 *   npm run bench:uploads          (BENCH_UPLOADS=20 images of BENCH_SIDE=7000 px square, BENCH_FORMAT=png or jpeg)
 *
 * Prints RSS before the uploads, the peak during them (the kernel's high-water mark, reset first, so
 * generating the photos is not counted) and how long they took. Linux (reads /proc/self/status).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ProductImages } from '../server/admin/images.service';

const UPLOADS = Number(process.env.BENCH_UPLOADS) || 20;
const SIDE = Number(process.env.BENCH_SIDE) || 7000;
/** png (decoded whole) or jpeg (libjpeg shrinks while it decodes, far cheaper) */
const FORMAT = process.env.BENCH_FORMAT === 'jpeg' ? 'jpeg' : 'png';

const megabytes = (field: 'VmRSS' | 'VmHWM') =>
  Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync('/proc/self/status', 'utf8'))?.[1]) / 1024;

/**
 * Distinct photos (a gradient each, in its own colour: a few hundred KB of JPEG like a phone's),
 * written to `dir` by a child process, so that making them leaves nothing in this one's memory.
 */
function generatePhotos(dir: string, count: number): string[] {
  const script = `
    import sharp from 'sharp';
    const [dir, count, side, format] = process.argv.slice(1);
    for (let i = 0; i < Number(count); i++) {
      const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="' + side + '" height="' + side + '"><defs><linearGradient id="g">'
        + '<stop offset="0" stop-color="hsl(' + ((i * 37) % 360) + ',70%,40%)"/><stop offset="1" stop-color="#fff"/></linearGradient></defs>'
        + '<rect width="100%" height="100%" fill="url(#g)"/></svg>';
      await sharp(Buffer.from(svg), { limitInputPixels: false }).toFormat(format).toFile(dir + '/' + i + '.' + format);
    }`;
  execFileSync(process.execPath, ['--input-type=module', '-e', script, dir, String(count), String(SIDE), FORMAT], { stdio: 'inherit' });
  return Array.from({ length: count }, (_, i) => path.join(dir, `${i}.${FORMAT}`));
}

const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pizzeria-bench-uploads-'));
try {
  const [warmUp, ...photos] = generatePhotos(mediaDir, UPLOADS + 1).map((file) => fs.readFileSync(file));
  const images = new ProductImages(mediaDir);
  // The library is loaded and warm, as in a process that has taken an upload before.
  await images.store(warmUp!, `image/${FORMAT}`);
  (globalThis as { gc?: () => void }).gc?.();
  await new Promise((resolve) => setTimeout(resolve, 200));
  fs.writeFileSync('/proc/self/clear_refs', '5'); // resets VmHWM to the current RSS
  const before = megabytes('VmRSS');
  const started = performance.now();
  await Promise.all(photos.map((bytes) => images.store(bytes, `image/${FORMAT}`)));
  const seconds = (performance.now() - started) / 1000;
  const peak = megabytes('VmHWM');
  const largest = Math.max(...photos.map((p) => p.length)) / 1024;
  console.log(
    `${UPLOADS} uploads of ${SIDE}×${SIDE} px (${((SIDE * SIDE) / 1e6).toFixed(0)} MP, ${FORMAT.toUpperCase()} up to ${largest.toFixed(0)} KB) at once`,
  );
  console.log(
    `RSS before ${before.toFixed(0)} MB · peak ${peak.toFixed(0)} MB (+${(peak - before).toFixed(0)} MB) · ${seconds.toFixed(1)} s`,
  );
} finally {
  fs.rmSync(mediaDir, { recursive: true, force: true });
}
