import type { MenuItem } from '@app/contracts';

const KNOWN: Record<string, string> = {
  accueil: '/app',
  utilisateurs: '/app/utilisateurs',
  parametres: '/app/parametres',
  entreprises: '/app/entreprises',
};

/** Route of a menu slug; slugs without a screen yet go to /app/<slug> ("Bientôt disponible"). */
export function routeOfSlug(slug: string): string {
  return KNOWN[slug] ?? `/app/${encodeURIComponent(slug)}`;
}

export interface MenuNode extends MenuItem {
  children: MenuNode[];
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
  return roots;
}
