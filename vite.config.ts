import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** `npm run dev`: Vite on :5173 with the API (and its cookies) proxied to the server on :3000. */
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    sourcemap: true,
    // The cassa and each area are their own chunks (React.lazy in src/app/routes.tsx).
    chunkSizeWarningLimit: 400,
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://localhost:${process.env.PORT ?? 3000}`, changeOrigin: false } },
  },
});
