/**
 * The boundaries of the code base, checked by `npm test` (npm run lint:deps). A rule names what may
 * not depend on what; the comment says why.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'spa-not-server',
      comment: 'The SPA talks to the server over HTTP only, through the contracts in shared/.',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^(server|seed|tests)/' },
    },
    {
      name: 'shared-is-neutral',
      comment: 'shared/ runs in the browser and on the server: it imports neither side, nor Node built-ins.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '^(server|web|seed|tests)/|^node:', dependencyTypesNot: ['npm', 'npm-dev'] },
    },
    {
      name: 'shared-no-node',
      comment: 'shared/ is bundled into the SPA.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'server-not-spa',
      comment: 'The server never bundles browser code.',
      severity: 'error',
      from: { path: '^(server|seed)/' },
      to: { path: '^web/' },
    },
    {
      name: 'server-seed-entry',
      comment: 'The server reaches demo seeding through its one declared entry, seed/index.ts.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^seed/', pathNot: '^seed/index\\.ts$' },
    },
    {
      name: 'web-areas-through-their-door',
      comment: "A web area reaches another only through its api.ts or its components/ folder (web/README.md).",
      severity: 'error',
      from: { path: '^web/(accesso|account|admin|checkout|liste|ordini|shop)/' },
      to: {
        path: '^web/(accesso|account|admin|checkout|liste|ordini|shop)/',
        pathNot: ['^web/$1/', '^web/[^/]+/api\\.ts$', '^web/[^/]+/components/'],
      },
    },
    {
      name: 'web-shared-layers-not-into-areas',
      comment: 'The shared layers of the SPA depend on an area only through its api.ts.',
      severity: 'error',
      from: { path: '^web/(components|hooks|lib|session|cart|errors|styles)/' },
      to: { path: '^web/(accesso|account|admin|checkout|liste|ordini|shop)/', pathNot: '^web/[^/]+/api\\.ts$' },
    },
    {
      name: 'no-tests-in-app',
      comment: 'Test support is never part of the app.',
      severity: 'error',
      from: { path: '^(server|shared|web|seed)/' },
      to: { path: '^tests/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|bench/tmp)' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json'] },
  },
};
