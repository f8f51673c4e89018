import { gzipSync } from 'node:zlib';

/** Issue 31: the JavaScript a first visit to the home page downloads, gzip (bench:bundle, tests/e2e/bundle.e2e.ts). */
export const HOME_JS_BUDGET = 120 * 1024;

/** A built file's size as the server sends it (vite.config.ts precompresses at level 9). */
export const gzipSize = (content: Buffer): number => gzipSync(content, { level: 9 }).length;
