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

/** The modules of every customer page's first load: the entry, the shop frame and the home, with what they import. */
const PRIMO_CARICAMENTO = ['main.tsx', 'shop/ShopLayout.tsx', 'shop/HomePage.tsx'].map((f) => path.resolve(import.meta.dirname, 'web', f));
/**
 * zod in the browser: every `import { z } from 'zod'` gets it configured jitless first (the CSP has
 * no 'unsafe-eval'; web/lib/zodSenzaJit.ts). Only forms and screens off the first load import it.
 */
const ZOD = path.resolve(import.meta.dirname, 'web/lib/zodSenzaJit.ts');

/**
 * The shop's first load builds no schema (docs/decisions/zod-nel-browser.md): a static import that
 * brings zod into it fails the build, naming who imports it. Worked out once the module graph is known.
 */
function senzaZodAlPrimoCaricamento(): Plugin {
  return {
    name: 'portale-senza-zod-al-primo-caricamento',
    apply: 'build',
    buildEnd() {
      const visti = new Set<string>();
      const visita = (id: string) => {
        if (visti.has(id)) return;
        visti.add(id);
        for (const dep of this.getModuleInfo(id)?.importedIds ?? []) visita(dep);
      };
      PRIMO_CARICAMENTO.forEach(visita);
      if (!visti.has(ZOD)) return;
      const chi = [...visti].filter((id) => this.getModuleInfo(id)?.importedIds.includes(ZOD)).map((id) => path.relative(import.meta.dirname, id));
      this.error(`zod nel primo caricamento del negozio, importato da: ${chi.join(', ')} (usare shared/rotte/ e i moduli senza schemi)`);
    },
  };
}

// The SPA lives in web/ and is built into dist/web, which the server serves with an SPA fallback.
// The server's CSP is `script-src 'self'`: nothing here may produce an inline script in the build.
export default defineConfig({
  root: path.resolve(import.meta.dirname, 'web'),
  publicDir: path.resolve(import.meta.dirname, 'web/public'),
  plugins: [react(), senzaZodAlPrimoCaricamento(), precompress()],
  resolve: {
    alias: [{ find: /^zod$/, replacement: ZOD }],
  },
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // The SPA's first load must stay under 200 kB of gzipped JavaScript (docs/regole/generale.md#performance-budgets); heavy areas
    // (admin, charts, barcodes) are split into lazy chunks by the router.
    // The one vendor chunk (React, the router, TanStack Query).
    chunkSizeWarningLimit: 500,
    modulePreload: { polyfill: false },
    // .vite/manifest.json: which chunks and styles each screen's module needs, for the server to name
    // the shop frame's in the HTML's preload header (server/catalogo/precarica-negozio.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        // Long-lived chunks for the libraries every screen needs, cached across releases; never a
        // catch-all node_modules group: chart.js and jsbarcode stay in the lazy chunks that use them.
        // zod has its own, which only forms and screens that check what they read load.
        codeSplitting: {
          groups: [
            { name: 'vendor', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack)[\\/]/, priority: 10 },
            { name: 'zod', test: (id) => /node_modules[\\/]zod[\\/]/.test(id) || id === ZOD, priority: 9 },
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
