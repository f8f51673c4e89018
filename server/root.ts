import fs from 'node:fs';
import path from 'node:path';

/**
 * The project folder (where package.json is): the same answer from server/*.ts run by tsx and from
 * the bundled dist-server/main.js, so files read at run time (the contract, public/, dist/) are found
 * from either.
 */
function projectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}

export const ROOT = projectRoot(import.meta.dirname);
