import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = 'http://localhost:3000';

// The SPA lives in web/ and is built into dist/web, which the server serves with an SPA fallback.
// The server's CSP is `script-src 'self'`: nothing here may produce an inline script in the build.
export default defineConfig({
  root: path.resolve(import.meta.dirname, 'web'),
  publicDir: path.resolve(import.meta.dirname, 'web/public'),
  plugins: [react()],
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // The SPA's first load must stay under 200 kB of gzipped JavaScript (DESIGN §9); heavy areas
    // (admin, charts, barcodes) are split into lazy chunks by the router.
    chunkSizeWarningLimit: 400,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks for the libraries every screen needs (cached across releases).
        // Never a catch-all node_modules group: chart.js and jsbarcode must stay in lazy chunks.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/](react-router|react-router-dom)[\\/]/ },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/media': { target: api, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/media': { target: api, changeOrigin: false },
    },
  },
});
