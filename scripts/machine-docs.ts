/**
 * Writes docs/machines/<machine>.md for every machine in machines/ and docs/machines/README.md
 * (tests/machines/machineDocs.ts renders them). Pages of machines that no longer exist are removed.
 *
 *   npm run machines:docs
 */
import fs from 'node:fs';
import path from 'node:path';
import { DOCS_DIR, machineDocs } from '../tests/machines/machineDocs';

const pages = await machineDocs();
fs.mkdirSync(DOCS_DIR, { recursive: true });
for (const stale of fs.readdirSync(DOCS_DIR).filter((f) => f.endsWith('.md') && !pages.has(f))) {
  fs.rmSync(path.join(DOCS_DIR, stale));
  console.log(`removed docs/machines/${stale}`);
}
let changed = 0;
for (const [file, text] of pages) {
  const target = path.join(DOCS_DIR, file);
  if (fs.existsSync(target) && fs.readFileSync(target, 'utf8') === text) continue;
  fs.writeFileSync(target, text);
  changed++;
  console.log(`wrote docs/machines/${file}`);
}
console.log(`${pages.size} pages in docs/machines/, ${changed} changed`);
