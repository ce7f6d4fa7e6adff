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

/**
 * The modules the entry, the shop frame and the home import statically: every customer page's first
 * load. Worked out once the module graph is known (`buildEnd`), before the chunks are made.
 */
const PRIMO_CARICAMENTO = ['main.tsx', 'shop/ShopLayout.tsx', 'shop/HomePage.tsx'].map((f) => path.resolve(import.meta.dirname, 'web', f));
const primoCaricamento = new Set<string>();
/**
 * zod in the browser: every `import { z } from 'zod'` gets it configured jitless first (the CSP has
 * no 'unsafe-eval'; web/lib/zodSenzaJit.ts). Only forms and screens off the first load import it.
 */
const ZOD = path.resolve(import.meta.dirname, 'web/lib/zodSenzaJit.ts');
/** The modules of shared/ that build schemas (they import zod): their own chunk with zod. */
const conSchemi = new Set<string>();
const SHARED = /[\\/]shared[\\/]/;
function chiusuraPrimoCaricamento(): Plugin {
  return {
    name: 'portale-primo-caricamento',
    apply: 'build',
    buildEnd() {
      primoCaricamento.clear();
      conSchemi.clear();
      const visita = (id: string) => {
        if (primoCaricamento.has(id)) return;
        primoCaricamento.add(id);
        for (const dep of this.getModuleInfo(id)?.importedIds ?? []) visita(dep);
      };
      PRIMO_CARICAMENTO.forEach(visita);
      for (const id of this.getModuleIds()) if (SHARED.test(id) && this.getModuleInfo(id)?.importedIds.includes(ZOD)) conSchemi.add(id);
      // The first load builds no schema (docs/decisions/zod-nel-browser.md): a static import that brings
      // zod back fails the build, naming who imports it.
      if (primoCaricamento.has(ZOD)) {
        const chi = [...primoCaricamento].filter((id) => conSchemi.has(id)).map((id) => path.relative(import.meta.dirname, id));
        this.error(`zod nel primo caricamento del negozio, importato da: ${chi.join(', ')} (usare shared/rotte/ e i moduli senza schemi)`);
      }
    },
    /**
     * The chunks of that first load tell V8 to compile every function at once (an explicit compile
     * hint, Chrome 136+; others read a comment): it does so on a background thread while the script
     * streams in, where a function compiled on its first call stopped the page's main thread
     * (docs/decisions/home2-primo-caricamento.md, session 16). Written into the files once they are on
     * disk: it must be the first line, and the bundler's last steps (minification, its own preamble) come
     * before; the file names' hashes, worked out before, do not change for a comment.
     */
    writeBundle(opzioni, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.moduleIds.some((id) => primoCaricamento.has(id))) continue;
        const file = path.join(opzioni.dir!, chunk.fileName);
        fs.writeFileSync(file, `//# allFunctionsCalledOnLoad\n${fs.readFileSync(file, 'utf8')}`);
      }
    },
  };
}

/** The screens' shared building blocks; Barcode (jsbarcode) stays out: the shop's pages never need it. */
const COMUNE = /[\\/](web[\\/](components|lib|cart|session|hooks)|shared)[\\/]/;
const API_AREA = /web[\\/][a-z]+[\\/]api\.ts$/;
const FUORI_DA_COMUNE = /Barcode\.tsx$/;

// The SPA lives in web/ and is built into dist/web, which the server serves with an SPA fallback.
// The server's CSP is `script-src 'self'`: nothing here may produce an inline script in the build.
export default defineConfig({
  root: path.resolve(import.meta.dirname, 'web'),
  publicDir: path.resolve(import.meta.dirname, 'web/public'),
  // No React Fast Refresh: it needs react-dom's renderer, absent under Preact (an edit would be applied
  // and not rendered); a file saved in development reloads the page instead.
  plugins: [react({ refreshExclude: /./ }), chiusuraPrimoCaricamento(), precompress()],
  // The code is written against React's API (and type-checked with @types/react); at run time it is
  // Preact through preact/compat, a fraction of react-dom's size and evaluation time (docs/decisions/preact.md).
  // Exact matches: react-router-dom and the rest must not be caught by the `react` prefix.
  resolve: {
    alias: [
      { find: /^react$/, replacement: 'preact/compat' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^zod$/, replacement: ZOD },
    ],
  },
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // The SPA's first load must stay under 200 kB of gzipped JavaScript (docs/regole/generale.md#performance-budgets); heavy areas
    // (admin, charts, barcodes) are split into lazy chunks by the router.
    // The one vendor chunk (Preact, the router, TanStack Query) is ~150 kB before compression.
    chunkSizeWarningLimit: 500,
    modulePreload: { polyfill: false },
    // .vite/manifest.json: which chunks and styles each screen's module needs, for the server to name
    // the shop frame's in the HTML's preload header (server/catalogo/precarica-negozio.ts).
    manifest: true,
    rolldownOptions: {
      // react-router looks up React 19's useOptimistic and falls back to useState where it is missing, as
      // in preact/compat: the bundler's "will always be undefined" warning about that lookup is expected.
      onLog(level, log, handler) {
        if (log.code === 'IMPORT_IS_UNDEFINED' && log.message.includes('useOptimistic') && log.message.includes('preact')) return;
        handler(level, log);
      },
      output: {
        // Long-lived vendor chunks for the libraries every screen needs (cached across releases).
        // Never a catch-all node_modules group: chart.js and jsbarcode must stay in lazy chunks.
        codeSplitting: {
          groups: [
            // One chunk, not four: each request of the cold first load costs its headers too.
            {
              name: 'vendor',
              test: /node_modules[\\/](preact|react-router|react-router-dom|@tanstack)[\\/]/,
              priority: 10,
            },
            // The screens' shared building blocks in two chunks, not dozens of 1 kB ones whose response
            // headers cost more than their bodies (docs/decisions/audit-web.md). Split in two by what the shop's first screen needs: `comune` holds the modules the entry,
            // the shop frame and the home import (every customer page loads them anyway), `comune-pagine`
            // the rest (tables, paging, forms), so that a cold /home2 does not download them
            // (docs/decisions/home2-primo-caricamento.md). The schemas go to `schemi`.
            {
              name: 'comune',
              // With the areas' API files the first load calls (e.g. web/shop/api.ts), which comune-pagine's
              // modules import too: else they would follow those into comune-pagine.
              test: (id) => primoCaricamento.has(id) && ((COMUNE.test(id) && !FUORI_DA_COMUNE.test(id)) || API_AREA.test(id)),
              priority: 8,
            },
            // zod and the contracts' schemas, for the forms and the screens that check what they read: after
            // `comune`, which takes the first load's modules (zod-free, checked above) before the schemas'
            // dependencies could draw them in here.
            {
              name: 'schemi',
              test: (id) => /node_modules[\\/]zod[\\/]/.test(id) || id === ZOD || conSchemi.has(id),
              priority: 6,
            },
            {
              name: 'comune-pagine',
              test: (id) => COMUNE.test(id) && !FUORI_DA_COMUNE.test(id) && !conSchemi.has(id),
              minShareCount: 2,
              priority: 7,
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
