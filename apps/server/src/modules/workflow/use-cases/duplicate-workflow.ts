import type { ProcessModele, WorkflowDuplicate } from '@app/contracts';
import type { z } from 'zod';
import type { Tx } from '../../../platform/db/engine.ts';
import { assertCan, notFound } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { grantCreatorAdmin, refreshRights } from '../../permission/index.ts';
import {
  autorisationsOfEtapes,
  etapesOf,
  insertAutorisation,
  insertEtape,
  insertMetrique,
  metriquesOfModele,
  updateMetriqueRow,
} from '../etape.repository.ts';
import { insertModele, lockModele, type ModeleRow } from '../workflow.repository.ts';
import { getWorkflow } from './get-workflow.ts';

type Json = Record<string, unknown>;

/** Replaces field ids inside conditions and references by their copies' ids. */
function remapConditions(conditions: unknown, map: Map<number, number>) {
  return ((conditions ?? []) as { effect: string; tests: { metriqueId: number }[] }[]).map((c) => ({
    ...c,
    tests: c.tests.map((t) => ({ ...t, metriqueId: map.get(t.metriqueId) ?? t.metriqueId })),
  }));
}

/** Deep copy of a model: steps, fields (groups, conditions, references) and step rules, ids remapped. */
async function copyModele(tx: Tx, source: ModeleRow, libelle: string): Promise<number> {
  const copyId = await insertModele(tx, {
    entrepriseId: source.entrepriseId,
    libelle,
    package: source.package,
    config: source.config as Json,
  });
  const steps = await etapesOf(tx, source.id);
  const stepMap = new Map<number, number>();
  for (const s of steps) {
    stepMap.set(
      s.id,
      await insertEtape(tx, {
        entrepriseId: s.entrepriseId,
        processModeleId: copyId,
        nom: s.nom,
        ordre: s.ordre,
        config: s.config as Json,
      }),
    );
  }
  const fields = await metriquesOfModele(tx, source.id);
  const fieldMap = new Map<number, number>();
  // Parents first, so children can point at their copied group.
  const ordered = [...fields].sort((a, b) => (a.parentId === null ? 0 : 1) - (b.parentId === null ? 0 : 1) || a.id - b.id);
  for (const f of ordered) {
    const id = await insertMetrique(tx, {
      entrepriseId: f.entrepriseId,
      processModeleId: copyId,
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
    });
    fieldMap.set(f.id, id);
  }
  for (const f of fields) {
    const ref = f.references as { metriqueId: number } | null;
    await updateMetriqueRow(tx, fieldMap.get(f.id) as number, {
      conditions: remapConditions(f.conditions, fieldMap),
      references: ref ? { ...ref, metriqueId: fieldMap.get(ref.metriqueId) ?? ref.metriqueId } : null,
    });
  }
  const rules = await autorisationsOfEtapes(tx, [...stepMap.keys()]);
  for (const r of rules) {
    const test = r.test as { metriqueId: number } | null;
    await insertAutorisation(tx, {
      entrepriseId: r.entrepriseId,
      etapeId: stepMap.get(r.etapeId) as number,
      type: r.type,
      utilisateurId: r.utilisateurId,
      profilModeleId: r.profilModeleId,
      serviceModeleId: r.serviceModeleId,
      test: test ? { ...test, metriqueId: fieldMap.get(test.metriqueId) ?? test.metriqueId } : null,
    });
  }
  return copyId;
}

/**
 * Copies a model of the company under a new name (« (copie) » by default), its source locked while it is read; the
 * caller administers the copy from this very answer.
 */
export async function duplicateWorkflow(ctx: Pick<Ctx, 'tx' | 'caller'>, body: z.output<typeof WorkflowDuplicate>): Promise<ProcessModele> {
  const { tx, caller } = ctx;
  assertCan(caller.ability, 'create', 'ProcessModele', { entrepriseId: caller.entrepriseId });
  const source = await lockModele(tx, caller.entrepriseId, body.id);
  if (!source) throw notFound('Workflow introuvable.');
  const id = await copyModele(tx, source, body.libelle ?? `${source.libelle} (copie)`);
  await grantCreatorAdmin(tx, caller, 'workflow', id);
  return getWorkflow({ tx, caller: await refreshRights(tx, caller) }, id);
}
