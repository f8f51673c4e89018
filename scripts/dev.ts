/** `npm run dev`: the API server (restarting on change) and Vite with hot reload, proxied together on :5173. */
import { spawn } from 'node:child_process';

const children = [spawn('npx', ['tsx', 'watch', 'server/main.ts'], { stdio: 'inherit' }), spawn('npx', ['vite'], { stdio: 'inherit' })];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
for (const child of children) child.once('exit', stop);
