/**
 * The cassa's service worker (vite-plugin-pwa, Workbox's generateSW): `/cassa-sw.js`, registered by the
 * cassa's page alone with scope `/cassa`, so no customer page is ever controlled by it. It precaches
 * the shell (index.html, the fallback of a navigation under /cassa) and the hashed chunks the cassa
 * runs on; it routes nothing else, so every /api request goes to the network as without it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { VitePWA } from 'vite-plugin-pwa';
import type { ManifestTransform } from 'workbox-build';

/** Registered by the cassa's page (CASSA_WORKER in src/api/cassaStartActors.ts). */
const CASSA_WORKER = 'cassa-sw.js';
/**
 * The lazy chunks the cassa loads (build manifest names: src/app/routes.tsx), and the consent overlay
 * the layout loads on a browser that has not answered yet. The entry's other lazy areas are left out.
 */
const CASSA_SOURCES = ['src/cassa/CassaPage.tsx', 'src/app/ConsentOverlay.tsx'];
/** Besides the chunks: what the installed cassa shows of itself (public/). */
const CASSA_FILES = ['index.html', 'cassa.webmanifest', 'favicon.svg', 'favicon.ico', 'icons/icon-192.png', 'icons/icon-maskable-512.png'];

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}
type BuildManifest = Record<string, ManifestChunk>;

/** Every file `key` needs to run: its chunk, its CSS and assets, its imports (transitively; lazy ones too, but the entry's). */
function filesOf(manifest: BuildManifest, key: string, files: Set<string>, seen = new Set<string>()): void {
  const chunk = manifest[key];
  if (seen.has(key) || !chunk) return;
  seen.add(key);
  for (const file of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
  for (const imported of [...(chunk.imports ?? []), ...(chunk.isEntry ? [] : (chunk.dynamicImports ?? []))]) {
    filesOf(manifest, imported, files, seen);
  }
}

/** Keeps, of everything built, only what the cassa runs on (read from the build's .vite/manifest.json). */
function cassaOnly(outDir: string): ManifestTransform {
  return async (entries) => {
    const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as BuildManifest;
    const files = new Set(CASSA_FILES);
    const entryKeys = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
    for (const key of [...entryKeys, ...CASSA_SOURCES]) filesOf(manifest, key, files);
    return { manifest: entries.filter((entry) => files.has(entry.url)), warnings: [] };
  };
}

export function cassaWorker(outDir: string) {
  return VitePWA({
    strategies: 'generateSW',
    filename: CASSA_WORKER,
    scope: '/cassa',
    // The cassa's page registers it (src/cassa/cassaWorker.ts) and links its own manifest: nothing in index.html.
    injectRegister: false,
    manifest: false,
    registerType: 'prompt',
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
      manifestTransforms: [cassaOnly(outDir)],
      // Hashed names change with their content: no revision needed.
      dontCacheBustURLsMatching: /^assets\//,
      navigateFallback: 'index.html',
      navigateFallbackAllowlist: [/^\/cassa(?:[/?]|$)/],
      cleanupOutdatedCaches: true,
      // The first install controls the open cassa at once; an update waits for 'ricarica'.
      clientsClaim: true,
      skipWaiting: false,
    },
  });
}
