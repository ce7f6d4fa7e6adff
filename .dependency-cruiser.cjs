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
      to: { path: '^(server|seed|tests|scripts)/' },
    },
    {
      name: 'shared-is-neutral',
      comment: 'shared/ runs in the browser and on the server: it imports neither side, nor Node built-ins.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '^(server|web|seed|tests|scripts)/|^node:', dependencyTypesNot: ['npm', 'npm-dev'] },
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
      from: { path: '^web/(accesso|account|admin|checkout|contabilita|liste|listino|ordini|organizzazione|shop)/' },
      to: {
        path: '^web/(accesso|account|admin|checkout|contabilita|liste|listino|ordini|organizzazione|shop)/',
        pathNot: ['^web/$1/', '^web/[^/]+/api\\.ts$', '^web/[^/]+/components/'],
      },
    },
    {
      name: 'web-shared-layers-not-into-areas',
      comment: 'The shared layers of the SPA depend on an area only through its api.ts.',
      severity: 'error',
      from: { path: '^web/(components|hooks|lib|session|cart|errors|styles)/' },
      to: { path: '^web/(accesso|account|admin|checkout|contabilita|liste|listino|ordini|organizzazione|shop)/', pathNot: '^web/[^/]+/api\\.ts$' },
    },
    {
      name: 'no-circular',
      comment: 'No module reaches itself again through its imports, type-only ones included: a circle has no order to read, load or test it in.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'db-is-the-bottom',
      comment:
        'server/db (connection, schema, migrations, the job queue\'s pool and schema) imports server/config.ts and packages only: ' +
        'every other folder builds on it, so it reaches none of them (no domain folder, not lib).',
      severity: 'error',
      from: { path: '^server/db/' },
      to: { path: '^server/', pathNot: '^server/(db/|config\\.ts$)' },
    },
    {
      name: 'lib-imports-no-domain',
      comment:
        'server/lib sits below every domain and imports only server/db: what it needs of a domain is handed to it ' +
        '(route.ts reaches the access layer as app.accesso, and server/auth/access.ts names the handlers\' sessions by declaration merging).',
      severity: 'error',
      from: { path: '^server/lib/' },
      to: { path: '^server/', pathNot: '^server/(lib|db)/' },
    },
    {
      name: 'audit-below-domains',
      comment: 'Every domain records its changes in audit, auth included: audit imports only db and lib, and takes the author as { id, username }.',
      severity: 'error',
      from: { path: '^server/audit/' },
      to: { path: '^server/', pathNot: '^server/(audit|db|lib)/' },
    },
    {
      name: 'auth-below-domains',
      comment:
        'Sessions and access (auth) are below the domains that use them; the admin screens of devices and users build on auth, ' +
        'never the reverse (the waiting list of devices is cleared by auth/dispositivi.ts). auth imports audit, db, lib, config and the Deps type.',
      severity: 'error',
      from: { path: '^server/auth/' },
      to: { path: '^server/', pathNot: '^server/((audit|auth|db|lib)/|config\\.ts$|deps\\.ts$)' },
    },
    {
      name: 'posta-below-domains',
      comment: 'Domains queue mail; posta composes and sends every kind (the credentials mail too, posta/credenziali.ts; the order PDF attached from pdf) and imports only auth, pdf, db and lib.',
      severity: 'error',
      from: { path: '^server/posta/' },
      to: { path: '^server/', pathNot: '^server/(posta|auth|pdf|db|lib)/' },
    },
    {
      name: 'pdf-below-domains',
      comment: 'The PDFs the portal draws (the order confirmation) are drawn for ordini and attached by posta: pdf imports only db and lib.',
      severity: 'error',
      from: { path: '^server/pdf/' },
      to: { path: '^server/', pathNot: '^server/(pdf|db|lib)/' },
    },
    {
      name: 'pdf-drawn-in-its-thread',
      comment: 'A PDF is drawn only in the PDF thread (server/pdf/pdf-thread.ts, reached through disegnaPdf of disegno-in-disparte.ts), '
        + 'never on the event loop: the drawing modules are imported by that thread alone.',
      severity: 'error',
      from: { pathNot: '^server/pdf/pdf-thread\\.ts$' },
      to: { path: '^server/pdf/(ordine|reso|preventivo|preventivo-cliente)-pdf\\.ts$' },
    },
    {
      name: 'pdf-layout-for-drawings',
      comment: 'The shared layout of the PDFs (server/pdf/impaginazione.ts: pdfkit, the fonts) serves the drawing modules alone, in the PDF thread.',
      severity: 'error',
      from: { pathNot: '^server/pdf/[a-z-]+-pdf\\.ts$' },
      to: { path: '^server/pdf/impaginazione\\.ts$' },
    },
    {
      name: 'seed-only-on-db',
      comment:
        'server/main.ts loads the demo through seed/index.ts, so seed uses only the bottom of the server, server/db, ' +
        'with the config and the media store its files go to (server/lib/archivio/): ' +
        'SQL stands in for server code (SELECT notifica_catalogo(...)) and the demo passwords come with their hashes.',
      severity: 'error',
      from: { path: '^seed/' },
      to: { path: '^server/', pathNot: '^server/(db/|lib/archivio/|config\\.ts$)' },
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
