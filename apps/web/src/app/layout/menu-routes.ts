import { LIST_OF_SLUG, type MenuItem } from '@app/contracts';

/** The screen of each menu slug that has one (the lists: LIST_OF_SLUG, from the contracts). */
const KNOWN: Record<string, string> = {
  accueil: '/app',
  'accueil-ee': '/app',
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
  localisations: '/app/localisations',
  risques: '/app/risques',
  equipements: '/app/equipements',
  gammes: '/app/gammes',
  manoeuvres: '/app/manoeuvres',
  'saisie-releves': '/app/releves',
  // Habilitations (ticket 14).
  'titres-habilitation': '/app/habilitations',
  habilitations: '/app/symboles-habilitation',
  evaluations: '/app/evaluations',
  qcm: '/app/qcm',
  formations: '/app/formations',
  'visites-medicales': '/app/visites-medicales',
  // Lockouts and permits (ticket 15).
  'registre-consignations': '/app/registre-consignations',
  'codes-registre': '/app/codes-registre',
  incompatibilites: '/app/incompatibilites',
  'parametres-permis': '/app/parametres-permis',
};

/** Route of a menu slug, or null for a slug without a screen (not shown as a link). */
export function routeOfSlug(slug: string): string | null {
  const list = Object.hasOwn(LIST_OF_SLUG, slug) ? LIST_OF_SLUG[slug] : undefined;
  if (list) return `/app/listes/${list}`;
  return Object.hasOwn(KNOWN, slug) ? KNOWN[slug] : null;
}

const LIST_SLUGS = Object.keys(LIST_OF_SLUG);

/**
 * The menu slugs that open a screen (any one suffices), or null for a screen every signed-in person may open (home)
 * or an address that names no screen (the router answers « Page introuvable »). A screen whose entry the person lacks
 * is refused (« Accès refusé »), as the API refuses its reads (docs/DECISIONS.md, ticket 12).
 */
export function slugsOfPath(pathname: string): string[] | null {
  const parts = pathname.replace(/\/+$/, '').split('/').slice(2).map(decodeURIComponent);
  const [screen, id] = parts;
  switch (screen) {
    case undefined:
      return null;
    case 'processus':
      // A process opens from the process list or from any list (an external company's person has only lists).
      return id === undefined ? ['processus'] : ['processus', ...LIST_SLUGS];
    case 'listes':
      if (id === undefined) return LIST_SLUGS;
      if (!Object.values(LIST_OF_SLUG).includes(id as never)) return null;
      return LIST_SLUGS.filter((s) => LIST_OF_SLUG[s] === id);
    case 'workflows':
    case 'tableaux':
    case 'equipements':
    case 'utilisateurs':
    case 'parametres':
    case 'permissions':
    case 'menu':
    case 'profils':
    case 'services':
    case 'entreprises':
    case 'localisations':
    case 'risques':
    case 'gammes':
    case 'manoeuvres':
      return [screen];
    case 'releves':
      return ['saisie-releves'];
    case 'habilitations':
      return ['titres-habilitation'];
    case 'symboles-habilitation':
      return ['habilitations'];
    case 'parametres-evaluations':
      return ['qcm'];
    case 'evaluations':
    case 'qcm':
    case 'formations':
    case 'visites-medicales':
    case 'registre-consignations':
    case 'codes-registre':
    case 'incompatibilites':
    case 'parametres-permis':
      return [screen];
    default:
      return null;
  }
}

/** Whether a person whose menu holds `slugs` may open `pathname`. */
export function mayOpen(pathname: string, slugs: ReadonlySet<string>): boolean {
  const needed = slugsOfPath(pathname);
  return needed === null || needed.some((s) => slugs.has(s));
}

export interface MenuNode extends MenuItem {
  children: MenuNode[];
}

/** Entries that only group others: without a readable child they are left out of the menu. */
const FOLDERS = new Set(['administration']);

/**
 * The address whose menu entry is the current one: a process opened from a list (navigation state `from`, as its back
 * link reads it) belongs to that list; otherwise the address itself (a process opened directly: « Processus »).
 */
export function menuPathOf(pathname: string, state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  if (/^\/app\/processus\/[^/]+\/?$/.test(pathname) && typeof from === 'string' && from.startsWith('/app/listes/'))
    return from.split(/[?#]/)[0] ?? pathname;
  return pathname;
}

/** Whether a menu node is the current page (a folder: whether one of its entries is). */
export function isActive(node: MenuNode, pathname: string): boolean {
  if (node.children.length > 0) return node.children.some((c) => isActive(c, pathname));
  const to = routeOfSlug(node.slug);
  if (to === null) return false;
  return to === '/app' ? pathname === '/app' || pathname === '/app/' : pathname === to || pathname.startsWith(`${to}/`);
}

/**
 * The menu as a tree ordered by idx, keeping entries of no software or of the active one; an entry without a screen
 * is left out (a folder stays while one of its entries shows).
 */
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
    nodes
      .map((n) => ({ ...n, children: prune(n.children) }))
      .filter((n) => n.children.length > 0 || (!FOLDERS.has(n.slug) && routeOfSlug(n.slug) !== null));
  return prune(roots);
}
