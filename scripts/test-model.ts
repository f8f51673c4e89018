/**
 * `npm run test:model [-- --all] [vitest arguments]`: builds the site, then runs the model-based
 * browser tests (tests/model/, vitest project `model`) against the real server. Shortest paths of
 * each UI model by default; `--all` adds the simple paths (MODEL_PATHS=all).
 */
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
const all = args.includes('--all');
const run = (command: string[], env: Record<string, string> = {}) =>
  spawnSync(command[0]!, command.slice(1), { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

const built = run(['npx', 'vite', 'build', '--logLevel', 'warn']);
if (built !== 0) process.exit(built);
process.exit(run(['npx', 'vitest', 'run', '--project', 'model', ...args.filter((a) => a !== '--all')], all ? { MODEL_PATHS: 'all' } : {}));
