/**
 * What a first visit downloads before the home page can render: the JS and CSS that dist/index.html
 * loads (entry + modulepreloads) and the boot script that starts them on a server-rendered page
 * (server/frontend.ts), raw and gzip, then every lazy chunk for comparison.
 *
 *   npx vite build && npm run bench:bundle
 */
import fs from 'node:fs';
import path from 'node:path';
import { BOOT_SOURCE } from '../src/app/firstScreens';
import { gzipSize, HOME_JS_BUDGET } from './bundleBudget';

const dist = path.resolve(process.env.DIST_DIR ?? path.join(import.meta.dirname, '../dist'));
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;
const boot = manifest[BOOT_SOURCE]?.file;
const initial = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!).concat(boot ? [`/${boot}`] : []);

const sizeOf = (file: string) => {
  const content = fs.readFileSync(path.join(dist, file));
  return { raw: content.length, gzip: gzipSize(content) };
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

let raw = 0;
let gzip = 0;
console.log('initial load (home page):');
for (const file of initial) {
  const size = sizeOf(file);
  raw += size.raw;
  gzip += size.gzip;
  console.log(`  ${file.padEnd(44)} ${kb(size.raw).padStart(10)}  gzip ${kb(size.gzip).padStart(9)}`);
}
const js = initial.filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + sizeOf(f).gzip, 0);
console.log(`  total ${kb(raw)}, gzip ${kb(gzip)} (JS gzip ${kb(js)}, budget ${kb(HOME_JS_BUDGET)})`);
if (js > HOME_JS_BUDGET) {
  console.log('  over the budget: find what the first paint does not need (see the chunks above) and defer it');
  process.exitCode = 1;
}

console.log('lazy chunks (loaded by their route):');
for (const file of fs.readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js') && !initial.includes(`/assets/${f}`))) {
  const size = sizeOf(`/assets/${file}`);
  console.log(`  /assets/${file.padEnd(36)} ${kb(size.raw).padStart(10)}  gzip ${kb(size.gzip).padStart(9)}`);
}
