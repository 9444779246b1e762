import fs from 'node:fs';
import path from 'node:path';
import { type Plugin, parseSync } from 'vite';

/** A node of the parsed source, read loosely: only the shapes below are looked at. */
type Node = { type: string; [key: string]: unknown };

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && typeof (v as Node).type === 'string';

/** Every node under `node` (itself included), depth first, without entering the properties named in `skip`. */
function* walk(node: unknown, skip: ReadonlySet<string> = new Set()): Generator<Node> {
  if (Array.isArray(node)) {
    for (const n of node) yield* walk(n, skip);
    return;
  }
  if (!isNode(node)) return;
  yield node;
  for (const [key, value] of Object.entries(node)) if (!skip.has(key) && typeof value === 'object') yield* walk(value, skip);
}

const parse = (file: string) => {
  const { program, errors } = parseSync(file, fs.readFileSync(file, 'utf8'));
  if (errors.length) throw new Error(`${file}: ${errors[0]?.message}`);
  return program as unknown as Node;
};

const keyName = (p: Node): string | undefined => {
  const key = p.key as Node | undefined;
  if (!key) return undefined;
  return key.type === 'Identifier' ? (key.name as string) : key.type === 'Literal' ? String(key.value) : undefined;
};

/** The property `name` of an object expression. */
const property = (obj: Node, name: string): Node | undefined =>
  (obj.properties as Node[]).find((p) => p.type === 'Property' && keyName(p) === name)?.value as Node | undefined;

/** What a module imports by name from a relative path: local name → file. */
function namedImports(program: Node, dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const stmt of program.body as Node[]) {
    if (stmt.type !== 'ImportDeclaration') continue;
    const from = (stmt.source as Node).value as string;
    if (!from.startsWith('.')) continue;
    for (const s of stmt.specifiers as Node[]) out.set((s.local as Node).name as string, path.resolve(dir, from));
  }
  return out;
}

/** The object a module exports as `export const name = { … }` (with `satisfies` or `as` around it or not). */
function exportedObject(program: Node, name: string): Node | undefined {
  for (const stmt of program.body as Node[]) {
    const decl = stmt.type === 'ExportNamedDeclaration' ? (stmt.declaration as Node | null) : null;
    if (decl?.type !== 'VariableDeclaration') continue;
    for (const d of decl.declarations as Node[]) {
      if ((d.id as Node).name !== name) continue;
      let init = d.init as Node | null;
      while (init && (init.type === 'TSSatisfiesExpression' || init.type === 'TSAsExpression')) init = init.expression as Node;
      if (init?.type === 'ObjectExpression') return init;
    }
  }
  return undefined;
}

/**
 * The source modules of each screen of the app, by route path (`/app/processus/:id`), read from the router's source
 * (issue 16, phone LCP): for each route, every `xxxPages.key` / `xxxPrefetch.key` it names (its `lazy` and its
 * prefetch), imported from a module's index.ts, gives the modules that entry imports dynamically (`import('./pages/…')`).
 * Paths are relative to `root` (the keys of Vite's manifest). Routes that load no module are left out.
 */
export function screenRoutes(routerFile: string, root: string): Record<string, string[]> {
  const router = parse(routerFile);
  const imports = namedImports(router, path.dirname(routerFile));
  const programs = new Map<string, Node>();
  const program = (file: string) => {
    let p = programs.get(file);
    if (!p) {
      p = parse(file);
      programs.set(file, p);
    }
    return p;
  };
  /** The files `file`'s export `name`.`key` imports dynamically, relative to root. */
  const dynamicImports = (file: string, name: string, key: string): string[] => {
    const obj = exportedObject(program(file), name);
    const entry = obj && property(obj, key);
    if (!entry) return [];
    const out: string[] = [];
    for (const n of walk(entry)) {
      const source = n.type === 'ImportExpression' ? (n.source as Node) : undefined;
      if (source?.type === 'Literal' && typeof source.value === 'string' && source.value.startsWith('.')) {
        out.push(
          path
            .relative(root, path.resolve(path.dirname(file), source.value))
            .split(path.sep)
            .join('/'),
        );
      }
    }
    return out;
  };

  const routes: Record<string, string[]> = {};
  /** The route objects of an array literal (the router's list, a route's children), under `parent`'s path. */
  const visit = (list: Node | undefined, parent: string) => {
    if (list?.type !== 'ArrayExpression') return;
    for (const route of list.elements as (Node | null)[]) {
      if (route?.type !== 'ObjectExpression') continue;
      const own = property(route, 'path');
      const segment = own?.type === 'Literal' ? String(own.value) : '';
      const full = segment.startsWith('/') ? segment : `${parent.replace(/\/$/, '')}/${segment}`.replace(/(.)\/$/, '$1');
      const modules: string[] = [];
      // `lazy: xxxPages.key`, `...screen(xxxPages.key, xxxPrefetch.key)`: any `name.key` of a module's index.
      for (const m of walk(route.properties, new Set(['children']))) {
        if (m.type !== 'MemberExpression' || m.computed) continue;
        const object = m.object as Node;
        const prop = m.property as Node;
        const file = object.type === 'Identifier' ? imports.get(object.name as string) : undefined;
        if (file && prop.type === 'Identifier') modules.push(...dynamicImports(file, object.name as string, prop.name as string));
      }
      if (modules.length) routes[full] = [...new Set(modules)];
      visit(property(route, 'children'), full);
    }
  };
  for (const n of walk(router)) {
    const callee = n.type === 'CallExpression' ? (n.callee as Node) : undefined;
    if (callee?.type === 'Identifier' && callee.name === 'createBrowserRouter') visit((n.arguments as Node[])[0], '');
  }
  return routes;
}

/**
 * Writes `.vite/screens.json` beside Vite's manifest: each screen's route path → the chunks that hold its modules
 * (screenRoutes; a module imported by the screen and by its prefetch may sit in a chunk of no entry of its own, so the
 * chunk is found by its modules, not by the manifest's keys). The server follows those chunks' imports in the manifest
 * and lists them in the page it answers for the route (`<link rel="modulepreload">`): the screen's code is fetched with
 * the page, not after the app's code has run.
 */
export function screenRoutesManifest(routerFile: string, root: string): Plugin {
  return {
    name: 'app-screen-routes',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunkOf = new Map<string, string>();
      for (const out of Object.values(bundle)) {
        if (out.type === 'chunk')
          for (const id of out.moduleIds) chunkOf.set(path.relative(root, id).split(path.sep).join('/'), out.fileName);
      }
      const screens: Record<string, string[]> = {};
      for (const [route, modules] of Object.entries(screenRoutes(routerFile, root))) {
        const files = modules.map((m) => chunkOf.get(m));
        if (files.some((f) => f === undefined)) this.error(`${route} : module introuvable dans la construction (${modules.join(', ')})`);
        screens[route] = [...new Set(files as string[])];
      }
      this.emitFile({ type: 'asset', fileName: '.vite/screens.json', source: `${JSON.stringify(screens, null, 2)}\n` });
    },
  };
}
