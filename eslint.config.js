/**
 * The rules that hold the architecture (README, "One way to query"), keep patterns over user text
 * linear, and in the SPA keep hooks correct and controls accessible, and nothing else: style is
 * left to review. The TypeScript parser alone, without type-aware rules, so that the whole tree
 * lints in seconds (`npm run lint`, also run by `npm test`).
 */
import tsParser from '@typescript-eslint/parser';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import regexp from 'eslint-plugin-regexp';

const TRANSAZIONE = 'Open a transaction with inTransazione(db, async (tx) => …) (server/db/client.ts): tx.$client is its connection.';

const NOMI_SQL = "postgres.js's tagged template (db.$client, a pool, a transaction's connection) is named sql; drizzle's sql helper is imported as dsql (import { sql as dsql } from 'drizzle-orm'), and nothing else is called dsql.";

/** Everywhere: the one handle, reached through its public API. */
const UN_MODO = [
  {
    // A postgres.js query's own .execute() (`sql`…`.execute()`) starts it now: allowed.
    selector: "CallExpression[callee.property.name='execute'][callee.object.type!='TaggedTemplateExpression']",
    message: "drizzle's execute re-plans every statement and returns untyped rows: use the builder, or tagged SQL on db.$client. "
      + 'Only server/db/migrate.ts runs DDL through it.',
  },
  { selector: "CallExpression[callee.property.name='transaction']", message: TRANSAZIONE },
  { selector: "MemberExpression[property.name='session'][object.property.name='_']", message: "drizzle's session is private: tagged SQL is db.$client`…`." },
  { selector: "Identifier[name='sqlOf']", message: 'sqlOf is gone: tagged SQL on the handle is db.$client`…`.' },
  // One name each, so that no `sql` shadows the other: postgres.js's tagged template is `sql`, drizzle's helper `dsql`.
  { selector: "ImportDeclaration[source.value=/^drizzle-orm/] > ImportSpecifier[imported.name='sql'][local.name!='dsql']", message: NOMI_SQL },
  { selector: "VariableDeclarator[init.type='MemberExpression'][init.property.name='$client'][id.name!='sql']", message: NOMI_SQL },
  { selector: ":matches(VariableDeclarator > Identifier.id, :function > Identifier.params, ImportSpecifier[imported.name!='sql'] > Identifier.local)[name='dsql']", message: NOMI_SQL },
];

/** In the server: no second way to open a transaction. */
const TRANSAZIONI = [{ selector: "CallExpression[callee.property.name=/^(begin|savepoint)$/]", message: TRANSAZIONE }];

/**
 * Outside route files and the access layer: no deps, however reached (req.server.deps, app.deps,
 * ctx.deps), so that a service shows what it needs in its arguments.
 */
const SENZA_DEPS_MSG = 'A service takes what it needs (db, a cache, the config) as arguments: deps is seen by route files (*.routes.ts) and the access layer only.';
const SENZA_DEPS = [
  { selector: "MemberExpression[property.name='deps']", message: SENZA_DEPS_MSG },
  { selector: ":matches(VariableDeclarator, :function) > ObjectPattern > Property[key.name='deps']", message: SENZA_DEPS_MSG },
];

export default [
  {
    // The SPA (docs/decisions/lint-web.md): the rules of hooks, and every effect's, memo's and
    // callback's dependencies named, both errors; the plugin's flat config registers it. Its
    // React Compiler rules are left out: no compiler builds this code, and they take an object
    // that carries a ref callback (a field's props from useModulo) for a ref read during render.
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { parser: tsParser },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: reactHooks.configs.flat.recommended.plugins,
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  // jsx-a11y's recommended rules: a control named, a label tied to it, no handler on what the keyboard cannot reach.
  {
    files: ['web/**/*.{ts,tsx}'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A radio's label whose text is a bold name and a muted note (<label><input/><span><strong>…): three levels, not two.
      'jsx-a11y/label-has-associated-control': ['error', { depth: 3 }],
    },
  },
  {
    files: ['server/**/*.ts', 'seed/**/*.ts', 'tests/**/*.ts', 'scripts/**/*.ts'],
    languageOptions: { parser: tsParser },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: { 'no-restricted-syntax': ['error', ...UN_MODO] },
  },
  {
    files: ['server/**/*.ts'],
    ignores: ['server/db/client.ts'],
    rules: { 'no-restricted-syntax': ['error', ...UN_MODO, ...TRANSAZIONI, ...SENZA_DEPS] },
  },
  {
    // Patterns over what users send run in linear time (docs/decisions/linear-time-patterns.md):
    // no backtracking that grows faster than the text, at one start or across all of them.
    files: ['server/**/*.ts', 'shared/**/*.ts'],
    languageOptions: { parser: tsParser },
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': ['error', { ignorePartial: false, ignoreSticky: false }],
    },
  },
  {
    // The migrator runs the migrations' DDL as written, through drizzle's execute.
    files: ['server/db/migrate.ts'],
    rules: { 'no-restricted-syntax': ['error', ...UN_MODO.slice(1), ...TRANSAZIONI, ...SENZA_DEPS] },
  },
  {
    // The access layer finds the session through the request's app (req.server.deps), before any handler runs.
    files: ['server/auth/access.ts', 'server/lib/route.ts'],
    rules: { 'no-restricted-syntax': ['error', ...UN_MODO, ...TRANSAZIONI] },
  },
  {
    // Services take db and what else they need as arguments, never the route's deps.
    files: ['server/**/*.ts'],
    ignores: ['server/**/*.routes.ts', 'server/lib/route.ts', 'server/app.ts', 'server/deps.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ regex: '/deps(\\.js)?$', message: 'Services take db (and what else they need) as arguments, not Deps: only route files see deps.' }],
      }],
    },
  },
  {
    // A route maps input to a service call and its result to the answer: queries and transactions live in services.
    files: ['server/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{
          regex: '^(drizzle-orm|postgres)(/|$)|/db/',
          message: 'Route files call services; queries, schema and transactions live in the domain\'s services.',
        }],
      }],
      'no-restricted-syntax': ['error', ...UN_MODO, ...TRANSAZIONI, {
        selector: 'TaggedTemplateExpression',
        message: 'No SQL in route files: write it in the domain\'s service and call that.',
      }],
    },
  },
];
