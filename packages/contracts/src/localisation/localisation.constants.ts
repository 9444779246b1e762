/**
 * Default colours and icons offered for locations and their markers (S 227: the lists exist, their values are not
 * shown). Colours read on a white plan (contrast ≥ 3:1 against white), icons are names the web maps to pictograms.
 */
export const LOCALISATION_COULEURS = ['#1c7ed6', '#2b8a3e', '#e8590c', '#c92a2a', '#862e9c', '#5f3dc4', '#0b7285', '#495057'] as const;

export const LOCALISATION_ICONS = [
  'map-pin',
  'building-factory',
  'bolt',
  'flame',
  'fire-extinguisher',
  'users-group',
  'first-aid-kit',
  'door-exit',
  'alert-triangle',
  'droplet',
  'wind',
  'tool',
] as const;
export type LocalisationIcon = (typeof LOCALISATION_ICONS)[number];

/** French labels of the icons (pickers, screen readers). */
export const LOCALISATION_ICON_LABELS: Record<LocalisationIcon, string> = {
  'map-pin': 'Repère',
  'building-factory': 'Bâtiment',
  bolt: 'Électricité',
  flame: 'Feu',
  'fire-extinguisher': 'Extincteur',
  'users-group': 'Point de rassemblement',
  'first-aid-kit': 'Secours',
  'door-exit': 'Issue de secours',
  'alert-triangle': 'Danger',
  droplet: 'Fluide',
  wind: 'Air comprimé',
  tool: 'Outillage',
};

/** Plan images: kinds accepted (extension → MIME type) and largest size. SVG is refused (it may carry scripts). */
export const PLAN_IMAGE_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};
export const PLAN_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** Keeps a marker coordinate inside the plan (0..1 of the image's width or height), rounded to 4 decimals. */
export function clampMarker(v: number): number {
  if (!Number.isFinite(v)) return 0;
  return Math.round(Math.min(1, Math.max(0, v)) * 10_000) / 10_000;
}

/** A marker moved by the keyboard: one arrow press moves 1 % of the plan (10 % with Shift), kept inside the plan. */
export function nudgeMarker(p: { x: number; y: number }, key: string, big = false): { x: number; y: number } | null {
  const step = big ? 0.1 : 0.01;
  const d: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
  const m = d[key];
  if (!m) return null;
  return { x: clampMarker(p.x + m[0]), y: clampMarker(p.y + m[1]) };
}

/** Whether `parentId` may become the parent of `id` (not itself nor one of its descendants), from each node's parent. */
export function parentAllowed(id: number, parentId: number | null, parentOf: ReadonlyMap<number, number | null>): boolean {
  let cur = parentId;
  const seen = new Set<number>();
  while (cur !== null && cur !== undefined) {
    if (cur === id || seen.has(cur)) return false;
    seen.add(cur);
    cur = parentOf.get(cur) ?? null;
  }
  return true;
}
