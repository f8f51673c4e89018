/**
 * Rasterises public/favicon.svg with headless Chromium into the icons the site links: favicon.ico
 * (16, 32 and 48 px PNGs in one ICO), the web manifests' icons/icon-192.png and icon-512.png, and the
 * cassa's icons/icon-maskable-512.png (the pizza within the safe circle, on the page's cream).
 * Run after changing the SVG: `npx tsx scripts/generate-icons.ts` (the output is committed).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium';

const PUBLIC_DIR = path.resolve(import.meta.dirname, '..', 'public');

function rasterise(size: number, dir: string, svg = path.join(PUBLIC_DIR, 'favicon.svg')): Buffer {
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
      svg,
    ],
    { stdio: 'ignore' },
  );
  return fs.readFileSync(file);
}

/**
 * The favicon for a maskable icon: a launcher may crop all but the central circle of 80 % of the
 * width, so the pizza is scaled into it over a full-bleed background.
 */
function maskableSvg(dir: string): string {
  const favicon = fs.readFileSync(path.join(PUBLIC_DIR, 'favicon.svg'), 'utf8');
  const inner = favicon.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
  const file = path.join(dir, 'maskable.svg');
  fs.writeFileSync(
    file,
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#fdf6ec"/><g transform="translate(32 32) scale(0.8) translate(-32 -32)">${inner}</g></svg>`,
  );
  return file;
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
  fs.writeFileSync(path.join(PUBLIC_DIR, 'icons', 'icon-maskable-512.png'), rasterise(512, tmp, maskableSvg(tmp)));
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
