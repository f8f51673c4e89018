import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
import { build, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { cassaWorker } from './scripts/cassaWorker';
import { BOOT_SOURCE } from './src/app/firstScreens';

/** Writes .br and .gz beside every built text asset; the server sends them as they are (no per-request compression). */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'pizzeria:precompress',
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs
          .readdirSync(dir, { withFileTypes: true })
          .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
      // Not the server's renderer, which the renderer's build writes into the same folder meanwhile.
      const served = (file: string) => /\.(js|css|html|svg|json)$/.test(file) && !file.startsWith(path.join(outDir, SSR_DIR));
      for (const file of walk(outDir).filter(served)) {
        const content = fs.readFileSync(file);
        if (content.length < 1024) continue;
        fs.writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        fs.writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

/** Where the server's renderer of the public pages goes, inside the client build it matches (server/pageRenderer.ts). */
const SSR_DIR = '.ssr';

/**
 * After the browser's build, the server's renderer of the same sources (src/entry-server.tsx), so
 * every `vite build` gives a pair whose HTML the browser hydrates as its own.
 */
function serverRenderer(): Plugin {
  let root = '.';
  let outDir = 'dist';
  return {
    name: 'pizzeria:server-renderer',
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await build({
        root,
        logLevel: 'warn',
        build: {
          ssr: 'src/entry-server.tsx',
          outDir: path.join(outDir, SSR_DIR),
          emptyOutDir: true,
          copyPublicDir: false,
          manifest: false,
        },
      });
    },
  };
}

/** `npm run dev`: Vite on :5173 with the API (and its cookies) proxied to the server on :3000. */
export default defineConfig(({ isSsrBuild }) => ({
  // The cassa's worker belongs to the browser's build only.
  plugins: [react(), precompress(), serverRenderer(), ...(isSsrBuild ? [] : [cassaWorker(path.resolve(import.meta.dirname, 'dist'))])],
  build: {
    outDir: 'dist',
    sourcemap: true,
    // dist/.vite/manifest.json: the server preloads the lazy chunk of the route it serves (server/frontend.ts).
    manifest: true,
    // Areas are lazy routes (src/app/routes.tsx); the framework gets its own long-cached chunks.
    // The server's renderer takes its packages from node_modules.
    rollupOptions: isSsrBuild
      ? {}
      : {
          // The app, and the script that starts it on a server-rendered page (server/frontend.ts).
          input: { index: 'index.html', boot: BOOT_SOURCE },
          output: {
            manualChunks: {
              react: ['react', 'react-dom', 'react-dom/client', 'react-router', 'react-router-dom'],
              xstate: ['xstate', '@xstate/react'],
            },
          },
        },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://localhost:${process.env.PORT ?? 3000}`, changeOrigin: false } },
  },
}));
