import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { ChunkingContext } from 'rolldown';
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
      // Also called when the build failed: then there is nothing to compress, and the build's own error is the one to show.
      if (!fs.existsSync(outDir)) return;
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
 * zod in the browser: every `import { z } from 'zod'` gets it configured jitless first (the CSP has
 * no 'unsafe-eval'; web/lib/zodSenzaJit.ts). Only forms and screens off the first load import it.
 */
const ZOD = path.resolve(import.meta.dirname, 'web/lib/zodSenzaJit.ts');
/** The entry: with the router, the shop frame and what they import, every page's first load. */
const ENTRATA = path.resolve(import.meta.dirname, 'web/main.tsx');
const HOME = path.resolve(import.meta.dirname, 'web/shop/HomePage.tsx');
const NOSTRO = /[\\/](web|shared)[\\/]/;
const AREA_ADMIN = /[\\/]web[\\/]admin[\\/]/;

type Grafo = Pick<ChunkingContext, 'getModuleInfo'>;

/** The modules `da` imports statically, itself included, read from the bundler's graph. */
function chiusura(grafo: Grafo, da: string): Set<string> {
  const visti = new Set<string>();
  const visita = (id: string) => {
    if (visti.has(id)) return;
    visti.add(id);
    for (const dep of grafo.getModuleInfo(id)?.importedIds ?? []) visita(dep);
  };
  visita(da);
  return visti;
}

/**
 * The shop's first load builds no schema (docs/decisions/zod-nel-browser.md): a static import that
 * brings zod into the entry or the home fails the build, naming who imports it.
 */
function senzaZodAlPrimoCaricamento(): Plugin {
  return {
    name: 'portale-senza-zod-al-primo-caricamento',
    apply: 'build',
    buildEnd() {
      const visti = new Set([...chiusura(this, ENTRATA), ...chiusura(this, HOME)]);
      if (!visti.has(ZOD)) return;
      const chi = [...visti].filter((id) => this.getModuleInfo(id)?.importedIds.includes(ZOD)).map((id) => path.relative(import.meta.dirname, id));
      this.error(`zod nel primo caricamento del negozio, importato da: ${chi.join(', ')} (usare shared/rotte/ e i moduli senza schemi)`);
    },
  };
}

/**
 * What the chunk groups below ask of the graph, worked out once per chunking pass (keyed by the
 * entry's module info, which a pass reuses): the entry's modules, and whether a module brings zod.
 */
const grafiPerPassaggio = new WeakMap<object, { entrata: Set<string>; conZod: Map<string, boolean> }>();
function grafoDi(ctx: ChunkingContext) {
  const chiave = ctx.getModuleInfo(ENTRATA)!;
  let g = grafiPerPassaggio.get(chiave);
  if (!g) grafiPerPassaggio.set(chiave, (g = { entrata: chiusura(ctx, ENTRATA), conZod: new Map() }));
  return g;
}
function portaZod(ctx: ChunkingContext, id: string): boolean {
  const { conZod } = grafoDi(ctx);
  if (!conZod.has(id)) conZod.set(id, chiusura(ctx, id).has(ZOD));
  return conZod.get(id)!;
}

/**
 * react-router's package.json sends every bundler to its development build, whose only difference
 * is ENABLE_DEV_WARNINGS = true: path and future-flag checks on every match, in production
 * (upstream issue remix-run/react-router#14102, open). The build takes the production build the
 * package ships beside it; `npm run dev` keeps the warnings.
 */
function reactRouterDiProduzione(): Plugin {
  const dir = path.resolve(import.meta.dirname, 'node_modules/react-router/dist/production');
  const file: Record<string, string> = { 'react-router': 'index.mjs', 'react-router/dom': 'dom-export.mjs' };
  return {
    name: 'portale-react-router-di-produzione',
    apply: 'build',
    enforce: 'pre',
    resolveId: (id) => (file[id] ? path.join(dir, file[id]) : null),
  };
}

// The SPA lives in web/ and is built into dist/web, which the server serves with an SPA fallback.
// The server's CSP is `script-src 'self'`: nothing here may produce an inline script in the build.
export default defineConfig({
  root: path.resolve(import.meta.dirname, 'web'),
  publicDir: path.resolve(import.meta.dirname, 'web/public'),
  plugins: [react(), reactRouterDiProduzione(), senzaZodAlPrimoCaricamento(), precompress()],
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
    rolldownOptions: {
      output: {
        // Long-lived chunks for the libraries every screen needs, cached across releases; never a
        // catch-all node_modules group: chart.js and jsbarcode stay in the lazy chunks that use them.
        // zod has its own, which only forms and screens that check what they read load.
        codeSplitting: {
          groups: [
            { name: 'vendor', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack)[\\/]/, priority: 10 },
            { name: 'zod', test: (id) => /node_modules[\\/]zod[\\/]/.test(id) || id === ZOD, priority: 9 },
            // Our modules in two chunks, not dozens of 1 kB ones: on a cold load each request costs a
            // round trip and its headers, and six at a time over HTTP/1.1 (docs/decisions/chunk-primo-caricamento.md).
            // `avvio`: the entry's (the router, the shop frame, the session, the API client), which
            // index.html names; `pagine`: the shop's building blocks two or more screens share (product
            // card, prices, paging, forms) without zod, loaded with the first screen. The admin area's keep
            // the bundler's own split; so does what brings zod, which only forms and checked screens load.
            { debugName: 'avvio', name: (id, ctx) => (id !== ENTRATA && NOSTRO.test(id) && grafoDi(ctx).entrata.has(id) ? 'avvio' : null), priority: 8 },
            {
              debugName: 'pagine',
              name: (id, ctx) => (NOSTRO.test(id) && !AREA_ADMIN.test(id) && !portaZod(ctx, id) ? 'pagine' : null),
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
