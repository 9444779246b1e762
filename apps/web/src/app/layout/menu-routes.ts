import type { MenuItem } from '@app/contracts';

const KNOWN: Record<string, string> = {
  accueil: '/app',
  utilisateurs: '/app/utilisateurs',
  parametres: '/app/parametres',
  permissions: '/app/permissions',
  menu: '/app/menu',
  profils: '/app/profils',
  services: '/app/services',
  entreprises: '/app/entreprises',
  workflows: '/app/workflows',
  processus: '/app/processus',
  tableaux: '/app/tableaux',
};

/** Route of a menu slug; slugs without a screen yet go to /app/<slug> ("Bientôt disponible"). */
export function routeOfSlug(slug: string): string {
  return KNOWN[slug] ?? `/app/${encodeURIComponent(slug)}`;
}

export interface MenuNode extends MenuItem {
  children: MenuNode[];
}

/** Entries that only group others: without a readable child they are left out of the menu. */
const FOLDERS = new Set(['administration']);

/** Whether a menu node is the current page (a folder: whether one of its entries is). */
export function isActive(node: MenuNode, pathname: string): boolean {
  if (node.children.length > 0) return node.children.some((c) => isActive(c, pathname));
  const to = routeOfSlug(node.slug);
  return to === '/app' ? pathname === '/app' || pathname === '/app/' : pathname === to || pathname.startsWith(`${to}/`);
}

/** The menu as a tree ordered by idx, keeping entries of no software or of the active one. */
export function menuTree(items: MenuItem[], codeLogiciel: string | null): MenuNode[] {
  const visible = items
    .filter((m) => m.logiciel === null || m.logiciel === codeLogiciel)
    .sort((a, b) => a.idx - b.idx)
    .map((m): MenuNode => ({ ...m, children: [] }));
  const byId = new Map(visible.map((m) => [m.id, m]));
  const roots: MenuNode[] = [];
  for (const m of visible) {
    const parent = m.parentId ? byId.get(m.parentId) : undefined;
    if (parent) parent.children.push(m);
    else roots.push(m);
  }
  const prune = (nodes: MenuNode[]): MenuNode[] =>
    nodes.map((n) => ({ ...n, children: prune(n.children) })).filter((n) => n.children.length > 0 || !FOLDERS.has(n.slug));
  return prune(roots);
}
