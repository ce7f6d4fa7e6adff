import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const api = 'http://localhost:3000';

/**
 * Brotli and gzip copies of every text file of the build and of the WebAssembly (the scan dialog's
 * reader, 953 kB that compress well), made once at build time at the highest levels, so that the
 * server sends them as they are (@fastify/static `preCompressed`) and never compresses per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'portale-precompress',
    apply: 'build',
    configResolved: (c) => void (outDir = c.build.outDir),
    closeBundle() {
      const walk = (dir: string): string[] => fs.readdirSync(dir, { withFileTypes: true })
        .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt|wasm)$/.test(file)) continue;
        const data = fs.readFileSync(file);
        if (data.length < 1024) continue;
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
        }));
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
      }
    },
  };
}

// The SPA lives in web/ and is built into dist/web, which the server serves with an SPA fallback.
// The server's CSP is `script-src 'self'`: nothing here may produce an inline script in the build.
export default defineConfig({
  root: path.resolve(import.meta.dirname, 'web'),
  publicDir: path.resolve(import.meta.dirname, 'web/public'),
  plugins: [react(), precompress()],
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // The SPA's first load must stay under 200 kB of gzipped JavaScript (docs/regole/generale.md#performance-budgets); heavy areas
    // (admin, charts, barcodes) are split into lazy chunks by the router.
    // The one vendor chunk (React, the router, TanStack Query, zod) is ~440 kB before compression.
    chunkSizeWarningLimit: 500,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks for the libraries every screen needs (cached across releases).
        // Never a catch-all node_modules group: chart.js and jsbarcode must stay in lazy chunks.
        codeSplitting: {
          groups: [
            // One chunk, not four: each request of the cold first load costs its headers too.
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack|zod)[\\/]|web[\\/]lib[\\/]zodSenzaJit\.ts$/,
              priority: 10,
            },
            // The screens' shared building blocks in one chunk: as dozens of 1 kB chunks, the
            // response headers of each cost more than their bodies (docs/decisions/audit-web.md).
            // Barcode (jsbarcode) and the admin's own contracts stay out: the shop's pages never need them.
            {
              name: 'comune',
              test: (id) => /[\\/](web[\\/](components|lib|cart|session|hooks)|shared)[\\/]/.test(id)
                && !/Barcode\.tsx$|shared[\\/](dispositivi|budget|utenti|anagrafica|statistiche|importazioni|impostazioni|erp|audit)\.ts$/.test(id),
              minShareCount: 2,
              priority: 1,
            },
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
