import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/engine.ts';
import type { ModeleRow } from '../workflow.repository.ts';
import { etape, etapeAutorisation, metrique, processModele } from '../workflow.tables.ts';

type Json = Record<string, unknown>;

/** Replaces field ids inside conditions and references by their copies' ids. */
function remapConditions(conditions: unknown, map: Map<number, number>) {
  return ((conditions ?? []) as { effect: string; tests: { metriqueId: number }[] }[]).map((c) => ({
    ...c,
    tests: c.tests.map((t) => ({ ...t, metriqueId: map.get(t.metriqueId) ?? t.metriqueId })),
  }));
}

/** Deep copy of a model: steps, fields (groups, conditions, references) and step rules, ids remapped. */
export async function duplicateWorkflow(tx: Tx, source: ModeleRow, libelle: string): Promise<number> {
  const [copy] = await tx
    .insert(processModele)
    .values({ entrepriseId: source.entrepriseId, libelle, package: source.package, config: source.config as Json })
    .returning({ id: processModele.id });
  const steps = await tx.select().from(etape).where(eq(etape.processModeleId, source.id));
  const stepMap = new Map<number, number>();
  for (const s of steps) {
    const [n] = await tx
      .insert(etape)
      .values({ entrepriseId: s.entrepriseId, processModeleId: copy.id, nom: s.nom, ordre: s.ordre, config: s.config as Json })
      .returning({ id: etape.id });
    stepMap.set(s.id, n.id);
  }
  const fields = await tx.select().from(metrique).where(eq(metrique.processModeleId, source.id));
  const fieldMap = new Map<number, number>();
  // Parents first, so children can point at their copied group.
  const ordered = [...fields].sort((a, b) => (a.parentId === null ? 0 : 1) - (b.parentId === null ? 0 : 1) || a.id - b.id);
  for (const f of ordered) {
    const [n] = await tx
      .insert(metrique)
      .values({
        entrepriseId: f.entrepriseId,
        processModeleId: copy.id,
        etapeId: stepMap.get(f.etapeId) as number,
        parentId: f.parentId === null ? null : (fieldMap.get(f.parentId) ?? null),
        nom: f.nom,
        dataType: f.dataType,
        idx: f.idx,
        idxLargeFormat: f.idxLargeFormat,
        hidden: f.hidden,
        required: f.required,
        propertyValues: f.propertyValues as Json,
        conditions: f.conditions as Json,
        references: f.references as Json | null,
      })
      .returning({ id: metrique.id });
    fieldMap.set(f.id, n.id);
  }
  for (const f of fields) {
    const ref = f.references as { metriqueId: number } | null;
    await tx
      .update(metrique)
      .set({
        conditions: remapConditions(f.conditions, fieldMap),
        references: ref ? { ...ref, metriqueId: fieldMap.get(ref.metriqueId) ?? ref.metriqueId } : null,
      })
      .where(eq(metrique.id, fieldMap.get(f.id) as number));
  }
  const rules = steps.length
    ? await tx
        .select()
        .from(etapeAutorisation)
        .where(
          inArray(
            etapeAutorisation.etapeId,
            steps.map((s) => s.id),
          ),
        )
    : [];
  for (const r of rules) {
    const test = r.test as { metriqueId: number } | null;
    await tx.insert(etapeAutorisation).values({
      entrepriseId: r.entrepriseId,
      etapeId: stepMap.get(r.etapeId) as number,
      type: r.type,
      utilisateurId: r.utilisateurId,
      profilModeleId: r.profilModeleId,
      serviceModeleId: r.serviceModeleId,
      test: test ? { ...test, metriqueId: fieldMap.get(test.metriqueId) ?? test.metriqueId } : null,
    });
  }
  return copy.id;
}
