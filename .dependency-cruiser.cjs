// Module boundaries, checked by `npm run lint` (dependency-cruiser). Tests may reach inside modules; code may not.
const notTest = ['\\.test\\.tsx?$', '^apps/server/test/', '^apps/web/src/test/'];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'platform-imports-no-module',
      comment: 'The platform (http, db, auth, mail, realtime) is the base every module stands on: it never imports a module.',
      severity: 'error',
      from: { path: '^apps/server/src/platform/', pathNot: '^apps/server/src/platform/db/platform\\.tables\\.ts$' },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'platform-tables-reference-only-the-company',
      comment:
        "The platform's tables (outbox, process events) carry the tenant column, a foreign key to the company table: the one module file the platform may name.",
      severity: 'error',
      from: { path: '^apps/server/src/platform/db/platform\\.tables\\.ts$' },
      to: { path: '^apps/server/src/modules/', pathNot: '^apps/server/src/modules/entreprise/entreprise\\.tables\\.ts$' },
    },
    {
      name: 'server-module-through-index',
      comment:
        "A server module uses another only through its index.ts; a repository may also join on another module's tables through its <module>.tables.ts.",
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/', pathNot: notTest },
      to: {
        path: '^apps/server/src/modules/[^/]+/',
        pathNot: [
          '^apps/server/src/modules/$1/',
          '^apps/server/src/modules/[^/]+/index\\.ts$',
          '^apps/server/src/modules/[^/]+/[^/]+\\.tables\\.ts$',
        ],
      },
    },
    {
      name: 'server-assembly-through-index',
      comment: 'server.ts assembles the modules from their index.ts only.',
      severity: 'error',
      from: { path: '^apps/server/src/(server|main)\\.ts$' },
      to: { path: '^apps/server/src/modules/[^/]+/', pathNot: '^apps/server/src/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'tables-import-only-tables',
      comment: 'A tables file declares tables: it imports other tables files and column helpers, nothing that could import it back.',
      severity: 'error',
      from: { path: '\\.tables\\.ts$' },
      to: {
        path: '^apps/',
        pathNot: ['\\.tables\\.ts$', '^apps/server/src/platform/db/columns\\.ts$'],
      },
    },
    {
      name: 'routes-hold-no-sql',
      comment: 'A route file binds endpoints to use cases and presenters: no Drizzle, no SQL, no table.',
      severity: 'error',
      from: { path: '\\.routes\\.ts$' },
      to: { path: ['(^|/)node_modules/drizzle-orm/', '\\.tables\\.ts$'] },
    },
    {
      name: 'web-module-through-index',
      comment: 'A web module uses another only through its index.ts; shared pieces live in ui/ or lib/.',
      severity: 'error',
      from: { path: '^apps/web/src/modules/([^/]+)/', pathNot: notTest },
      to: { path: '^apps/web/src/modules/[^/]+/', pathNot: ['^apps/web/src/modules/$1/', '^apps/web/src/modules/[^/]+/index\\.tsx?$'] },
    },
    {
      name: 'web-shell-through-index',
      comment: 'The app shell (router, layout) and the shared ui/ and lib/ reach modules through their index.ts only.',
      severity: 'error',
      from: { path: '^apps/web/src/(app|ui|lib)/', pathNot: notTest },
      to: { path: '^apps/web/src/modules/[^/]+/', pathNot: '^apps/web/src/modules/[^/]+/index\\.tsx?$' },
    },
    {
      name: 'shared-web-pieces-import-no-module',
      comment: 'ui/ and lib/ are below the modules: they import none.',
      severity: 'error',
      from: { path: '^apps/web/src/(ui|lib)/', pathNot: notTest },
      to: { path: '^apps/web/src/modules/' },
    },
    {
      name: 'contracts-import-no-app',
      comment: 'Contracts are shared by server and web: they import neither.',
      severity: 'error',
      from: { path: '^packages/contracts/' },
      to: { path: '^apps/' },
    },
    {
      name: 'no-circular-modules',
      comment: 'Two modules that import each other through their index.ts form one module: merge them or move the shared piece.',
      severity: 'error',
      from: { path: '^apps/(server|web)/src/modules/([^/]+)/', pathNot: notTest },
      to: { circular: true, path: '^apps/(server|web)/src/modules/[^/]+/index\\.tsx?$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)dist/', '(^|/)node_modules/\\.vite'] },
    parser: 'swc',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js'],
    },
  },
};
