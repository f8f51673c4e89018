import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { cassaWorker } from './scripts/cassaWorker';

/** Writes .br and .gz beside every built text asset; the server sends them as they are (no per-request compression). */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'pizzeria:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs
          .readdirSync(dir, { withFileTypes: true })
          .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
      for (const file of walk(outDir).filter((f) => /\.(js|css|html|svg|json)$/.test(f))) {
        const content = fs.readFileSync(file);
        if (content.length < 1024) continue;
        fs.writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        fs.writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

/** `npm run dev`: Vite on :5173 with the API (and its cookies) proxied to the server on :3000. */
export default defineConfig({
  plugins: [react(), precompress(), cassaWorker(path.resolve(import.meta.dirname, 'dist'))],
  build: {
    outDir: 'dist',
    sourcemap: true,
    // dist/.vite/manifest.json: the server preloads the lazy chunk of the route it serves (server/frontend.ts).
    manifest: true,
    // Areas are lazy routes (src/app/routes.tsx); the framework gets its own long-cached chunks.
    rollupOptions: {
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
});
