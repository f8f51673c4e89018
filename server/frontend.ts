import fs from 'node:fs';
import path from 'node:path';

const SOURCES = ['src', 'machines', 'openapi', 'public', 'index.html', 'vite.config.ts', 'package.json'];

function newestChange(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

/**
 * `npm start` serves the built site: build it when it is missing or older than its sources
 * (a fresh clone, a `git pull`), so one command is all a newcomer needs.
 */
export async function ensureFrontendBuilt(root: string, outDir: string, log: (message: string) => void): Promise<void> {
  const index = path.join(outDir, 'index.html');
  const builtAt = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
  const changedAt = Math.max(...SOURCES.map((entry) => newestChange(path.join(root, entry))));
  if (builtAt >= changedAt) return;
  log(builtAt ? 'Front end sources changed: rebuilding…' : 'Building the front end (first start)…');
  const { build } = await import('vite');
  await build({ root, logLevel: 'warn', build: { outDir } });
}
