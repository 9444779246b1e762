import { METRIQUE_TYPES, type ProcessModele } from '@app/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/engine.ts';
import { process } from '../process/process.tables.ts';
import { metriqueTree, presentAutorisation, presentMetrique } from './workflow.presenter.ts';
import { etape, etapeAutorisation, metrique, processModele } from './workflow.tables.ts';

/* The workflow models themselves; their steps, fields and rules are in etape.repository.ts. */

export type ModeleRow = typeof processModele.$inferSelect;
type Json = Record<string, unknown>;

const AVAILABLE = METRIQUE_TYPES.map(({ code, libelle }) => ({ code, libelle }));

/** Full models (steps in order, their fields as trees, rules), for the editor and the engine. */
export async function loadModeles(tx: Tx, entrepriseId: number, ids?: number[]): Promise<ProcessModele[]> {
  const models = await tx
    .select()
    .from(processModele)
    .where(and(eq(processModele.entrepriseId, entrepriseId), ids ? inArray(processModele.id, ids.length ? ids : [-1]) : undefined))
    .orderBy(asc(processModele.libelle), asc(processModele.id));
  if (!models.length) return [];
  const mids = models.map((m) => m.id);
  const steps = await tx.select().from(etape).where(inArray(etape.processModeleId, mids)).orderBy(asc(etape.ordre), asc(etape.id));
  const fields = await tx
    .select()
    .from(metrique)
    .where(inArray(metrique.processModeleId, mids))
    .orderBy(asc(metrique.idx), asc(metrique.id));
  const rules = await tx
    .select({ r: etapeAutorisation })
    .from(etapeAutorisation)
    .innerJoin(etape, eq(etape.id, etapeAutorisation.etapeId))
    .where(inArray(etape.processModeleId, mids))
    .orderBy(asc(etapeAutorisation.id));
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

/** The company's models as the list shows them: name, package, lock and number of steps, by name. */
export async function listModeleSummaries(tx: Tx, entrepriseId: number) {
  return tx
    .select({
      id: processModele.id,
      libelle: processModele.libelle,
      package: processModele.package,
      locked: processModele.locked,
      nbEtapes: sql<number>`(select count(*)::int from ${etape} e where e.process_modele_id = "process_modele"."id")`,
    })
    .from(processModele)
    .where(eq(processModele.entrepriseId, entrepriseId))
    .orderBy(asc(processModele.libelle));
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

export async function insertModele(
  tx: Tx,
  v: { entrepriseId: number; libelle: string; package: string | null; config: Json },
): Promise<number> {
  const [m] = await tx.insert(processModele).values(v).returning({ id: processModele.id });
  return m.id;
}

export async function updateModeleRow(
  tx: Tx,
  id: number,
  v: { libelle?: string; package?: string | null; config?: Json; locked?: boolean },
) {
  await tx.update(processModele).set(v).where(eq(processModele.id, id));
}

export async function deleteModeleRow(tx: Tx, id: number) {
  await tx.delete(processModele).where(eq(processModele.id, id));
}

/** Of these workflow models, those of the company. */
export async function modelesAmong(tx: Tx, entrepriseId: number, ids: number[]) {
  const r = await tx
    .select({ id: processModele.id })
    .from(processModele)
    .where(and(eq(processModele.entrepriseId, entrepriseId), inArray(processModele.id, ids)));
  return r.map((x) => x.id);
}

/*
 * Processes keep a copy of their model's name and package (the lists sort and filter on them). The two functions
 * below reach the process module's table through its tables file: the process module uses this one through its
 * index.ts, so going through process/index.ts would make the two modules a cycle.
 */

/** How many processes run on a model (a model with processes is not deleted). */
export async function countProcessesOf(tx: Tx, modeleId: number): Promise<number> {
  const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(process).where(eq(process.processModeleId, modeleId));
  return n;
}

/** Copies a model's new name or package onto its processes. */
export async function copyModeleNamesToProcesses(tx: Tx, modeleId: number, v: { libelle?: string; package?: string | null }) {
  await tx
    .update(process)
    .set({
      ...(v.libelle !== undefined ? { modeleLibelle: v.libelle } : {}),
      ...(v.package !== undefined ? { package: v.package } : {}),
    })
    .where(eq(process.processModeleId, modeleId));
}
