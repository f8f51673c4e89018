/**
 * Rasterises public/favicon.svg with headless Chromium into the icons the site links: favicon.ico
 * (16, 32 and 48 px PNGs in one ICO) and the web manifest's icons/icon-192.png and icon-512.png.
 * Run after changing the SVG: `npx tsx scripts/generate-icons.ts` (the output is committed).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium';

const PUBLIC_DIR = path.resolve(import.meta.dirname, '..', 'public');

function rasterise(size: number, dir: string): Buffer {
  const file = path.join(dir, `icon-${size}.png`);
  execFileSync(
    CHROMIUM_PATH,
    [
      '--headless',
      ...CHROMIUM_FLAGS,
      '--hide-scrollbars',
      '--default-background-color=00000000',
      `--window-size=${size},${size}`,
      `--screenshot=${file}`,
      path.join(PUBLIC_DIR, 'favicon.svg'),
    ],
    { stdio: 'ignore' },
  );
  return fs.readFileSync(file);
}

/** An ICO holding PNG images (ICONDIR, one ICONDIRENTRY per image, then the images). */
function ico(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, i) => {
    const entry = 6 + 16 * i;
    header.writeUInt8(size, entry);
    header.writeUInt8(size, entry + 1);
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.png)]);
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pizzeria-icons-'));
try {
  fs.writeFileSync(path.join(PUBLIC_DIR, 'favicon.ico'), ico([16, 32, 48].map((size) => ({ size, png: rasterise(size, tmp) }))));
  fs.mkdirSync(path.join(PUBLIC_DIR, 'icons'), { recursive: true });
  for (const size of [192, 512]) fs.writeFileSync(path.join(PUBLIC_DIR, 'icons', `icon-${size}.png`), rasterise(size, tmp));
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
