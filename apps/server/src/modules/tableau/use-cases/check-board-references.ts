import type { Critere } from '@app/contracts';
import type { Tx } from '../../../platform/db/engine.ts';
import { notFound } from '../../../platform/http/errors.ts';
import { countMetriquesAmong, countWorkflowsAmong, type TableauRow } from '../tableau.repository.ts';
import { critereSql } from '../tableau-criteres.repository.ts';

/** Workflows and fields named by a board must be the company's; fields must belong to its workflows. */
export async function assertBoardReferences(tx: Tx, entrepriseId: number, workflows: number[], metriques: number[]): Promise<void> {
  if (workflows.length && (await countWorkflowsAmong(tx, entrepriseId, workflows)) !== new Set(workflows).size)
    throw notFound('Workflow introuvable.');
  if (metriques.length && (await countMetriquesAmong(tx, entrepriseId, metriques, workflows)) !== new Set(metriques).size)
    throw notFound('Champ introuvable dans les workflows du tableau.');
}

/** Criteria on workflow fields must name fields of the board's workflows; each criterion must make a condition (400). */
export async function assertCriteres(tx: Tx, board: TableauRow, criteres: Critere[]): Promise<void> {
  const ids = criteres.filter((c) => c.champ.startsWith('metrique:')).map((c) => Number(c.champ.slice(9)));
  if (ids.length) await assertBoardReferences(tx, board.entrepriseId, board.workflows, [...new Set(ids)]);
  for (const c of criteres) critereSql(c);
}
