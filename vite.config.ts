/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * Builds the Mini App (apps/web) into apps/web/dist, which core serves.
 * `npm run dev` runs this dev server with /core proxied to the API on :3000.
 */
const apiTarget = process.env.PRISM_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  root: 'apps/web',
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    // Read by `npm run bench -- web` to report sizes per route.
    manifest: true,
  },
  server: {
    port: 5173,
    host: true,
    proxy: { '/core': { target: apiTarget, changeOrigin: true } },
  },
  preview: { port: 4173 },
});
