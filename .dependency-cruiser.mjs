// The import check (`npm run lint:imports`, a step of `npm test`): dependency-cruiser fails on
// any import that crosses a layer the wrong way, and on any import cycle.
// Each part of the repo has its own section of rules below; add a part's rules as a section of
// its own and list it in `forbidden`.

/**
 * The web's layers, under `src` (`web/src` in the repo; the check's own test passes a fixture):
 * - app/: router, providers, layout; may import anything below it.
 * - pages/: one file a route; composes features and shared layers.
 * - features/<area>/: the views, hooks and calls of one area; imports only shared layers.
 * - shared layers: components/, api/, lib/, state/; import only each other.
 * Type-only imports count: a feature that needs another's type takes it from a shared layer.
 */
export const webRules = (src = 'web/src') => {
  const shared = `^${src}/(components|api|lib|state)/`;
  return [
    {
      name: 'web-no-cycle',
      comment: 'An import cycle in the web: split what both sides need into a module of its own.',
      severity: 'error',
      from: { path: `^${src}/` },
      to: { circular: true },
    },
    {
      name: 'web-feature-to-other-feature',
      comment:
        'A feature imports another feature: move what both use to a shared layer (components, api, lib, state), or let the page compose the two.',
      severity: 'error',
      from: { path: `^${src}/features/([^/]+)/` },
      to: { path: `^${src}/features/`, pathNot: `^${src}/features/$1/` },
    },
    {
      name: 'web-feature-to-page-or-app',
      comment: 'A feature imports a page or app/: features sit below both; move the piece to a shared layer.',
      severity: 'error',
      from: { path: `^${src}/features/` },
      to: { path: `^${src}/(pages|app)/` },
    },
    {
      name: 'web-page-to-app',
      comment: 'A page imports app/: pages compose features and shared layers only.',
      severity: 'error',
      from: { path: `^${src}/pages/` },
      to: { path: `^${src}/app/` },
    },
    {
      name: 'web-shared-to-upper-layer',
      comment: 'A shared layer (components, api, lib, state) imports a feature, a page or app/.',
      severity: 'error',
      from: { path: shared },
      to: { path: `^${src}/(features|pages|app)/` },
    },
  ];
};

/**
 * The server's modules, under `src` (`server/src` in the repo):
 * - modules/<area>/: one area each (routes.ts: HTTP; service.ts: the rules, on plain inputs;
 *   tables.ts: its tables). Modules depend one way: no two modules use each other, even through
 *   others (auth uses customer, never the reverse).
 * - A module's tables are its own: other modules call its service. Only db/ (the schema drizzle
 *   and drizzle-kit read) gathers them, and a tables.ts may name another module's table for a
 *   foreign key.
 * - A module shows one face: its index.ts lists what other modules and the rest of the server may
 *   use of it; its other files are its own (type-only imports too). Tables are the exception the
 *   two tables rules govern: db/ gathers them, a tables.ts may name another's for a foreign key.
 * - db/, lib/: what the modules use; app.ts, boot.ts, demo-seed-sets.ts gather the modules.
 * - server/seed/: the demo data and its generators (files, pictures, the demo catalogue), which
 *   the modules' seed sets read; it imports nothing of the server.
 */
export const serverRules = (src = 'server/src') => [
  {
    name: 'server-no-cycle',
    comment: 'An import cycle in the server: split what both sides need into a module of its own.',
    severity: 'error',
    from: { path: `^${src}/` },
    to: { circular: true },
  },
  {
    name: 'server-no-folder-cycle',
    comment:
      'Two folders of the server use each other (e.g. modules/auth and modules/customer): one of them calls the other only, or what both need moves to a third.',
    severity: 'error',
    scope: 'folder',
    from: { path: `^${src}/` },
    to: { circular: true },
  },
  {
    name: 'server-seed-alone',
    comment:
      "The demo data and its generators (server/seed/) use nothing of the server: a module's seed set reads them, never the reverse.",
    severity: 'error',
    from: { path: `^${src.replace(/src$/, 'seed')}/` },
    to: { path: `^${src}/` },
  },
  {
    name: 'server-tables-private',
    comment:
      "Another module's tables: call its service instead (a tables.ts may name another's table for a foreign key).",
    severity: 'error',
    from: { path: `^${src}/modules/([^/]+)/`, pathNot: '/tables[.]ts$' },
    to: { path: `^${src}/modules/[^/]+/tables[.]ts$`, pathNot: `^${src}/modules/$1/` },
  },
  {
    name: 'server-module-face',
    comment:
      "Another module's inner file: import the module's index.ts, and add what is needed to it when it is meant for others.",
    severity: 'error',
    from: { path: `^${src}/modules/([^/]+)/` },
    to: { path: `^${src}/modules/[^/]+/`, pathNot: [`^${src}/modules/$1/`, '/(index|tables)[.]ts$'] },
  },
  {
    name: 'server-module-face-outside',
    comment: "A module's inner file from outside modules/: import the module's index.ts.",
    severity: 'error',
    from: { path: `^${src}/`, pathNot: `^${src}/modules/` },
    to: { path: `^${src}/modules/[^/]+/`, pathNot: '/(index|tables)[.]ts$' },
  },
  {
    name: 'server-tables-outside-modules',
    comment: 'Only db/ gathers the tables (into the schema); everything else calls the modules.',
    severity: 'error',
    from: { path: `^${src}/`, pathNot: `^${src}/(modules|db)/` },
    to: { path: `^${src}/modules/[^/]+/tables[.]ts$` },
  },
];

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    // Web
    ...webRules(),
    // Server
    ...serverRules(),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // The server's schema file only gathers every module's tables for drizzle (db/client.ts reads it
    // for its types); left in, it would make every module and db/ depend on each other.
    exclude: { path: '^server/src/db/schema[.]ts$' },
    // Type-only imports are dependencies too (a cycle through a type is still a cycle).
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'web/tsconfig.json' },
    // The workspace packages resolve through their package.json "exports".
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'types', 'default'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
