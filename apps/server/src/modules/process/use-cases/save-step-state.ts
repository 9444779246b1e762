import { assertCan, notFound } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { announce, journal, loadEngineState, type ProcessRow, saveEngineState } from '../process.repository.ts';
import { lockedProcessOrThrow } from './engine-helpers.ts';

/** Sets the state code of one step of a process (the spec's save_etat_etape); returns the process and its new state. */
export async function saveStepState(ctx: Pick<Ctx, 'tx' | 'caller'>, processId: number, etapeId: number, etat: number) {
  const { tx, caller } = ctx;
  const p: ProcessRow = await lockedProcessOrThrow(tx, caller, processId);
  assertCan(caller.ability, 'update', 'Process', { id: p.id, entrepriseId: p.entrepriseId });
  const state = await loadEngineState(tx, p);
  const rec = state.steps.find((s) => s.etapeId === etapeId);
  if (!rec) throw notFound('Étape introuvable dans ce processus.');
  const next = { ...state, steps: state.steps.map((s) => (s.etapeId === etapeId ? { ...s, etat } : s)) };
  await saveEngineState(tx, p, next, caller.userId);
  await journal(tx, p, caller.userId, 'etat-etape', { id: rec.etapeId, ordre: rec.ordre }, { etat: rec.etat }, { etat });
  await announce(tx, p.entrepriseId, 'updated', [p.id]);
  return { process: p, state: next };
}
