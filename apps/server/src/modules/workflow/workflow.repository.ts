import { METRIQUE_TYPES, type Metrique, type ProcessModele } from '@app/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/engine.ts';
import { etape, etapeAutorisation, metrique, processModele } from './workflow.tables.ts';

export type ModeleRow = typeof processModele.$inferSelect;
export type EtapeRow = typeof etape.$inferSelect;
export type MetriqueRow = typeof metrique.$inferSelect;
export type AutorisationRow = typeof etapeAutorisation.$inferSelect;

const AVAILABLE = METRIQUE_TYPES.map(({ code, libelle }) => ({ code, libelle }));

export function presentMetrique(m: MetriqueRow, ordre: number): Metrique {
  return {
    id: m.id,
    nom: m.nom,
    dataType: m.dataType,
    etape_id: m.etapeId,
    etape_ordre: ordre,
    processModeleId: m.processModeleId,
    parentId: m.parentId,
    idx: m.idx,
    idxLargeFormat: m.idxLargeFormat,
    hidden: m.hidden,
    required: m.required,
    propertyValues: (m.propertyValues ?? {}) as Metrique['propertyValues'],
    conditions: (m.conditions ?? []) as Metrique['conditions'],
    references: (m.references ?? null) as Metrique['references'],
  };
}

/** Groups hold their children; the rest stay flat, in idx order. */
export function metriqueTree(list: Metrique[]): Metrique[] {
  const byParent = new Map<number | null, Metrique[]>();
  for (const m of list) byParent.set(m.parentId, [...(byParent.get(m.parentId) ?? []), m]);
  const build = (parent: number | null): Metrique[] =>
    (byParent.get(parent) ?? []).map((m) => (m.dataType === 'group' ? { ...m, children: build(m.id) } : m));
  return build(null);
}

export const presentAutorisation = (a: AutorisationRow) => ({
  id: a.id,
  etapeId: a.etapeId,
  type: a.type as 'validateur' | 'utilisateur' | 'profil' | 'service' | 'condition',
  utilisateurId: a.utilisateurId,
  profilId: a.profilModeleId,
  serviceId: a.serviceModeleId,
  test: (a.test ?? null) as { metriqueId: number; operator: 'equals'; value?: unknown } | null,
});

/** Full models (steps in order, their fields as trees, rules), for the editor and the engine. */
export async function loadModeles(tx: Tx, entrepriseId: number, ids?: number[]): Promise<ProcessModele[]> {
  const models = await tx
    .select()
    .from(processModele)
    .where(and(eq(processModele.entrepriseId, entrepriseId), ids ? inArray(processModele.id, ids.length ? ids : [-1]) : undefined))
    .orderBy(asc(processModele.libelle), asc(processModele.id));
  if (!models.length) return [];
  const mids = models.map((m) => m.id);
  const [steps, fields, rules] = await Promise.all([
    tx.select().from(etape).where(inArray(etape.processModeleId, mids)).orderBy(asc(etape.ordre), asc(etape.id)),
    tx.select().from(metrique).where(inArray(metrique.processModeleId, mids)).orderBy(asc(metrique.idx), asc(metrique.id)),
    tx
      .select({ r: etapeAutorisation })
      .from(etapeAutorisation)
      .innerJoin(etape, eq(etape.id, etapeAutorisation.etapeId))
      .where(inArray(etape.processModeleId, mids))
      .orderBy(asc(etapeAutorisation.id)),
  ]);
  return models.map((m) => {
    const etapes = steps
      .filter((s) => s.processModeleId === m.id)
      .map((s) => {
        const flat = fields.filter((f) => f.etapeId === s.id).map((f) => presentMetrique(f, s.ordre));
        return {
          id: s.id,
          nom: s.nom,
          ordre: s.ordre,
          processModeleId: m.id,
          config: { isGammeDeReleves: false, canForward: false, canReturn: true, ...(s.config as object) },
          metriques: metriqueTree(flat),
          autorisations: rules.filter((r) => r.r.etapeId === s.id).map((r) => presentAutorisation(r.r)),
        };
      });
    return {
      id: m.id,
      libelle: m.libelle,
      nom: m.libelle,
      processModeleLibelle: m.libelle,
      package: m.package,
      config: { workflowModelsToCreate: [], ...(m.config as object) },
      locked: m.locked,
      version: m.version,
      etapes,
      metriques: etapes.flatMap((e) => fields.filter((f) => f.etapeId === e.id).map((f) => presentMetrique(f, e.ordre))),
      availableMetriques: AVAILABLE,
    };
  });
}

/** Locks a model's row for a structural change (serialises concurrent editors of one workflow). */
export async function lockModele(tx: Tx, entrepriseId: number, id: number): Promise<ModeleRow | null> {
  const [m] = await tx
    .select()
    .from(processModele)
    .where(and(eq(processModele.id, id), eq(processModele.entrepriseId, entrepriseId)))
    .for('update');
  return m ?? null;
}

export async function bumpModele(tx: Tx, id: number) {
  await tx
    .update(processModele)
    .set({ version: sql`${processModele.version} + 1`, updatedAt: sql`now()` })
    .where(eq(processModele.id, id));
}

export async function etapeById(tx: Tx, entrepriseId: number, id: number) {
  const [s] = await tx
    .select()
    .from(etape)
    .where(and(eq(etape.id, id), eq(etape.entrepriseId, entrepriseId)));
  return s ?? null;
}

export async function metriqueById(tx: Tx, entrepriseId: number, id: number) {
  const [m] = await tx
    .select()
    .from(metrique)
    .where(and(eq(metrique.id, id), eq(metrique.entrepriseId, entrepriseId)));
  return m ?? null;
}

export async function etapesOf(tx: Tx, modeleId: number) {
  return tx.select().from(etape).where(eq(etape.processModeleId, modeleId)).orderBy(asc(etape.ordre), asc(etape.id));
}

export async function metriquesOfEtape(tx: Tx, etapeId: number) {
  return tx.select().from(metrique).where(eq(metrique.etapeId, etapeId)).orderBy(asc(metrique.idx), asc(metrique.id));
}

/** Rewrites `ordre` of the model's steps to 1..n in the given order, in one statement. */
export async function renumberEtapes(tx: Tx, ids: number[]) {
  if (!ids.length) return;
  await tx.execute(sql`update etape e set ordre = v.ord
    from unnest(${sql.raw(`ARRAY[${ids.map(Number).join(',')}]::int[]`)}) with ordinality as v(id, ord) where e.id = v.id`);
}

/** Rewrites idx of fields to 1..n in the given order, in one statement. */
export async function renumberMetriques(tx: Tx, ids: number[]) {
  if (!ids.length) return;
  await tx.execute(sql`update metrique m set idx = v.ord
    from unnest(${sql.raw(`ARRAY[${ids.map(Number).join(',')}]::int[]`)}) with ordinality as v(id, ord) where m.id = v.id`);
}

/** Of these workflow models, those of the company. */
export async function modelesAmong(tx: Tx, entrepriseId: number, ids: number[]) {
  const r = await tx
    .select({ id: processModele.id })
    .from(processModele)
    .where(and(eq(processModele.entrepriseId, entrepriseId), inArray(processModele.id, ids)));
  return r.map((x) => x.id);
}

/** Of these fields, those of the company's workflows. */
export async function metriquesAmong(tx: Tx, entrepriseId: number, ids: number[]) {
  const r = await tx
    .select({ id: metrique.id })
    .from(metrique)
    .where(and(eq(metrique.entrepriseId, entrepriseId), inArray(metrique.id, ids)));
  return r.map((x) => x.id);
}
