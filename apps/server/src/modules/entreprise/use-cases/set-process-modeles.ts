import type { Tx } from '../../../platform/db/engine.ts';
import { notFound } from '../../../platform/http/errors.ts';
import { logicielExists, processModeleIdsOf, processModelesOf, replaceProcessModeles } from '../entreprise.repository.ts';

/** Sets which of the company's workflows one of its software offers (software and workflows must exist: 404). */
export async function setProcessModeles(tx: Tx, body: { entrepriseId: number; logicielId: number; processModeleIds: number[] }) {
  if (!(await logicielExists(tx, body.logicielId))) throw notFound('Logiciel introuvable.');
  const ids = [...new Set(body.processModeleIds)];
  if ((await processModeleIdsOf(tx, body.entrepriseId, ids)).length !== ids.length) throw notFound('Workflow introuvable.');
  await replaceProcessModeles(tx, body.entrepriseId, body.logicielId, ids);
  return processModelesOf(tx, body.entrepriseId, body.logicielId);
}
